import ATSVocabulary
import ATSCheck
import ATSLint
import ATSPolicy
import AtscheckTestSupport
import ATSCertificates
import Foundation
import Testing

/// `docs/ats-rules.md` documents every rule id the code has, and every link into it lands on
/// a section that exists.
@Suite("docs/ats-rules.md: one section per rule id, no dangling links")
struct RulesDocumentTests {
    static let documentURL = RepositoryLayout.packageRoot.appendingPathComponent(RulesDocument.path)

    /// Heading anchors as GitHub derives them (lower case, punctuation dropped, spaces to
    /// hyphens) plus explicit `<a id="…">` anchors.
    static func anchors() throws -> Set<String> {
        let text = try String(contentsOf: documentURL, encoding: .utf8)
        var anchors: Set<String> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
                let slug = title.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " " }
                anchors.insert(String(String.UnicodeScalarView(slug)).replacingOccurrences(of: " ", with: "-"))
            }
            var rest = Substring(line)
            while let start = rest.range(of: "<a id=\"") {
                let tail = rest[start.upperBound...]
                guard let end = tail.firstIndex(of: "\"") else { break }
                anchors.insert(String(tail[..<end]))
                rest = tail[end...]
            }
        }
        return anchors
    }

    /// The `###` headings, which must be rule ids exactly.
    static func sectionHeadings() throws -> [String] {
        try String(contentsOf: documentURL, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("### ") }.map { String($0.dropFirst(4)) }
    }

    @Test("every lint rule has a section headed by its id, and its citation points there")
    func lintRules() throws {
        let headings = Set(try Self.sectionHeadings())
        for info in RuleRegistry.all.map(\.info) {
            #expect(headings.contains(info.id), "no '### \(info.id)' section")
            #expect(info.citation == RulesDocument.section(info.id))
        }
    }

    @Test("every trust rule has a section, and every reason code an anchor")
    func trustRulesAndReasons() throws {
        let headings = Set(try Self.sectionHeadings())
        let anchors = try Self.anchors()
        for rule in TrustEvaluator.defaultRules { #expect(headings.contains(rule.id), "no '### \(rule.id)' section") }
        for code in ReasonCode.allCases { #expect(anchors.contains(code.rawValue), "no anchor for \(code.rawValue)") }
        for code in ConnectionReasonCode.allCases { #expect(headings.contains(code.rawValue), "no '### \(code.rawValue)' section") }
    }

    @Test("every connection rule has a section headed by its id, listed in connection-rule-order in the order the rules run")
    func connectionRules() throws {
        let headings = Set(try Self.sectionHeadings())
        let ids = ConnectionRules.all.map(\.id)
        for id in ids { #expect(headings.contains(id), "no '### \(id)' section") }
        let text = try String(contentsOf: Self.documentURL, encoding: .utf8)
        let order = try #require(text.components(separatedBy: "### connection-rule-order").dropFirst().first?
            .components(separatedBy: "\n### ").first)
        let listed = Self.captures(after: "](#", in: order).filter { $0.hasPrefix("connection-") && $0 != "connection-failed" }
        #expect(listed == ids)
    }

    @Test("no section heading is repeated")
    func uniqueSections() throws {
        let headings = try Self.sectionHeadings()
        #expect(Set(headings).count == headings.count, "\(headings.filter { h in headings.filter { $0 == h }.count > 1 })")
    }

    @Test("every link into the document, from the document itself, the code, the tests and the docs, names an existing anchor")
    func links() throws {
        let anchors = try Self.anchors()
        let files = try RepositoryFiles.regularFiles(under: ["Sources", "Tests", "docs", "Benchmarks", "README.md", "Policies"])
            .filter { file in [".swift", ".md", ".sh", ".plist", ".json"].contains { file.hasSuffix($0) } }
        var dangling: [String] = []
        var count = 0
        for file in files {
            let text = String(decoding: try Data(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent(file)), as: UTF8.self)
            var targets = Self.captures(after: "ats-rules.md#", in: text)
            targets += Self.captures(after: "RulesDocument.section(\"", in: text)
            if file == RulesDocument.path || file.hasPrefix("docs/") { targets += Self.captures(after: "](#", in: text) }
            for target in targets where !target.isEmpty {
                count += 1
                if !anchors.contains(target) { dangling.append("\(file): #\(target)") }
            }
        }
        #expect(count > 100, "only \(count) links found")
        #expect(dangling == [])
    }

    @Test("the README points readers to the document")
    func pointers() throws {
        let readme = try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("docs/ats-rules.md"))
    }

    /// The anchor-like words (`[a-z0-9-]`) that follow each occurrence of `marker`.
    static func captures(after marker: String, in text: String) -> [String] {
        var results: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: marker) {
            let tail = rest[range.upperBound...]
            let word = tail.prefix { $0.isLetter && $0.isLowercase || $0.isNumber || $0 == "-" }
            results.append(String(word))
            rest = tail
        }
        return results
    }
}
