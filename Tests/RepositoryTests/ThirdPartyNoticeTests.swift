import AtscheckTestSupport
import Foundation
import Testing

/// atscheck is Apache-2.0 (`LICENSE`), and every data file compiled into the binary is
/// accounted for in `THIRD_PARTY.md`: the data folders `Scripts/embed-resources.py` embeds,
/// any `Sources/*/Snapshots` or `Sources/*/Certificates` folder, and the Public Suffix List
/// snapshot. A file added to one of them without its line there fails here.
@Suite("Repository: LICENSE is Apache-2.0 and THIRD_PARTY.md lists every embedded data file")
struct ThirdPartyNoticeTests {
    static let root = RepositoryLayout.packageRoot

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The data folders `Scripts/embed-resources.py` compiles in, read from its `FOLDERS`
    /// table: `("Sources/ATSTrustData", "Snapshots", "EmbeddedSnapshots")` → `Sources/ATSTrustData/Snapshots`.
    static func embeddedFolders() throws -> [String] {
        let script = try read("Scripts/embed-resources.py")
        let table = try #require(script.range(of: #"FOLDERS = \[[^\]]*\]"#, options: .regularExpression), "no FOLDERS table in the script")
        let entry = try NSRegularExpression(pattern: #"\(\s*"([^"]+)",\s*"([^"]+)",\s*"[^"]+"\s*\)"#)
        let text = String(script[table])
        return entry.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            let target = text[Range(match.range(at: 1), in: text)!]
            let folder = text[Range(match.range(at: 2), in: text)!]
            return "\(target)/\(folder)"
        }
    }

    /// Every folder whose files are data compiled into the binary.
    static func dataFolders() throws -> [String] {
        var folders = Set(try embeddedFolders())
        let targets = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path)
        for target in targets {
            for name in ["Snapshots", "Certificates"] {
                var isDirectory: ObjCBool = false
                let path = "Sources/\(target)/\(name)"
                if FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory), isDirectory.boolValue {
                    folders.insert(path)
                }
            }
        }
        return folders.sorted()
    }

    /// Data compiled in from outside those folders: the Public Suffix List, as a C array.
    static let otherDataFiles = ["Sources/CATSPSLShims/psl_snapshot.c"]

    @Test("the data folders are found: the script's two and nothing unexpected missing")
    func foldersFound() throws {
        let embedded = try Self.embeddedFolders()
        #expect(embedded == ["Sources/ATSTrustData/Snapshots", "Sources/ATSLab/Certificates"], "\(embedded)")
        let all = try Self.dataFolders()
        #expect(Set(embedded).isSubset(of: all))
    }

    @Test("every embedded data file is listed in THIRD_PARTY.md by its path")
    func everyFileListed() throws {
        let notice = try Self.read("THIRD_PARTY.md")
        let files = try RepositoryFiles.regularFiles(under: Self.dataFolders()) + Self.otherDataFiles
        #expect(files.count >= 40, "the walk found only \(files.count) files")
        let missing = files.filter { !notice.contains("`\($0)`") }
        #expect(missing == [], "add these to THIRD_PARTY.md with their origin and licence: \(missing)")
    }

    @Test("THIRD_PARTY.md names the licences of what is compiled in")
    func licencesNamed() throws {
        let notice = try Self.read("THIRD_PARTY.md")
        for phrase in ["apple-oss-distributions/security_certificates", "Apple Public Source License 2.0",
                       "publicsuffix/list", "Mozilla Public License 2.0", "Tests/Corpus/plists/", "Tests/Corpus/certs/"] {
            #expect(notice.contains(phrase), "\(phrase)")
        }
        let legal = try Self.read("NOTICE")
        #expect(legal.contains("THIRD_PARTY.md") && legal.contains("Mozilla Public License 2.0"))
    }

    /// The Apache License 2.0 as published (Debian's `/usr/share/common-licenses/Apache-2.0`),
    /// with the appendix's copyright line filled in: 202 lines, 11,351 bytes.
    @Test("LICENSE is the Apache License 2.0, verbatim but for the appendix's copyright line")
    func licenseIsApache() throws {
        let license = try Self.read("LICENSE")
        let lines = license.split(separator: "\n", omittingEmptySubsequences: false)
        // The published text starts with an empty line.
        let heading = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.prefix(2)
        #expect(Array(heading) == ["Apache License", "Version 2.0, January 2004"])
        let sections = ["1. Definitions.", "2. Grant of Copyright License.", "3. Grant of Patent License.",
                        "4. Redistribution.", "5. Submission of Contributions.", "6. Trademarks.",
                        "7. Disclaimer of Warranty.", "8. Limitation of Liability.",
                        "9. Accepting Warranty or Additional Liability.", "END OF TERMS AND CONDITIONS"]
        var searchFrom = license.startIndex
        for section in sections {
            let found = license.range(of: section, range: searchFrom..<license.endIndex)
            #expect(found != nil, "\(section) missing or out of order")
            if let found { searchFrom = found.upperBound }
        }
        #expect(license.contains("   Copyright 2026 The atscheck authors\n"))
        #expect(!license.contains("[yyyy]") && !license.contains("[name of copyright owner]"))
        #expect(license.utf8.count == 11_351 && lines.count == 203, "LICENSE differs in size from the published text: \(license.utf8.count) bytes")
    }
}
