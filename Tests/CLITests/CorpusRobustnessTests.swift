import AtscheckTestSupport
import Foundation
import Testing

/// The real-world and hostile certificates in Tests/Corpus/certs.
enum Corpus {
    /// File names of every `*.pem` in the corpus, sorted (empty if the corpus is missing;
    /// `inventory()` then fails with a clear message).
    static let pemFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: RepositoryLayout.corpusCerts.path)) ?? []
        return names.filter { $0.hasSuffix(".pem") }.sorted()
    }()

    /// SOURCES.tsv rows: file → openssl-parse column ("ok" / "fail").
    static func opensslParse() throws -> [String: String] {
        let url = RepositoryLayout.corpusCerts.appendingPathComponent("SOURCES.tsv")
        let rows = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        let header = try #require(rows.first)
        let fileColumn = try #require(header.firstIndex(of: "file"), "SOURCES.tsv has no 'file' column")
        let parseColumn = try #require(header.firstIndex(of: "openssl-parse"), "SOURCES.tsv has no 'openssl-parse' column")
        var result: [String: String] = [:]
        for row in rows.dropFirst() where row.count > max(fileColumn, parseColumn) {
            result[row[fileColumn]] = row[parseColumn]
        }
        return result
    }
}

@Suite("Robustness on the certificate corpus")
struct CorpusRobustnessTests {
    @Test("the corpus is present and SOURCES.tsv describes every file")
    func inventory() throws {
        try #require(!Corpus.pemFiles.isEmpty, "no *.pem files in \(RepositoryLayout.corpusCerts.path)")
        let parse = try Corpus.opensslParse()
        #expect(Set(parse.keys) == Set(Corpus.pemFiles), "SOURCES.tsv and the *.pem files disagree")
        #expect(parse.values.filter { $0 == "fail" }.count == 3)
    }

    static let modes: [(name: String, arguments: [String])] = [
        ("--format json", ["--format", "json"]),
        ("--host example.com --no-system-roots", ["--host", "example.com", "--no-system-roots", "--at",
                                                  Fixtures.evaluationTime, "--format", "json"]),
    ]

    @Test("no crash, exit 0/1/2, exit 2 only where openssl cannot parse, valid JSON otherwise",
          arguments: Corpus.pemFiles)
    func survives(_ file: String) throws {
        let parse = try Corpus.opensslParse()
        let opensslFails = try #require(parse[file], "\(file) is not in SOURCES.tsv") == "fail"
        let path = RepositoryLayout.corpusCerts.appendingPathComponent(file).path

        for mode in Self.modes {
            let result = try ProcessRunner.atscheck(["cert", path] + mode.arguments)
            try #require(!result.killedBySignal, "killed by signal \(result.status): \(result.command)")
            #expect([0, 1, 2].contains(result.status), "\(mode.name): exit \(result.status)")
            if opensslFails {
                #expect(result.status == 2, "\(mode.name): openssl cannot parse \(file), expected exit 2")
            } else {
                #expect(result.status != 2, "\(mode.name): exit 2 for a file openssl parses: \(result.stderr)")
            }
            switch result.status {
            case 0, 1:
                let document = try result.json()
                #expect(document["schemaVersion"] as? Int == 1)
                #expect((document["certificates"] as? [Any])?.isEmpty == false)
            case 2:
                #expect(result.stdout.isEmpty, "\(mode.name): stdout on exit 2")
                #expect(result.stderrLines.count == 1, "\(mode.name): stderr \(result.stderrLines)")
                #expect(result.stderr.contains(path), "\(mode.name): error does not name the file")
            default:
                break
            }
            if mode.arguments.contains("--host") && result.status != 2 {
                // No root is trusted, so nothing can be.
                #expect(result.status == 1, "\(mode.name): trusted without any trusted root?")
            } else if result.status != 2 {
                #expect(result.status == 0, "\(mode.name): without --host there is no verdict, exit should be 0")
            }
        }
    }
}
