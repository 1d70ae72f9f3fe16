import ATSVocabulary
import ATSLint
import ATSPolicy
import Foundation
import Testing

/// The examples in `Policies/` and the two tables of `Policies/README.md`, checked against the
/// linter so the README cannot drift from what the files do.
@Suite("Policy examples and README")
struct PolicyExampleTests {
    typealias T = RuleTestSupport

    /// Rows of a Markdown table whose first cell is a backticked file name: file → the rule ids
    /// backticked in the row (and the target cell, when the table has one).
    static func readmeRows(under heading: String) throws -> [(file: String, target: String?, rules: Set<String>)] {
        let readme = try String(contentsOf: T.policiesDirectory.appendingPathComponent("README.md"), encoding: .utf8)
        let ids = Set(RuleRegistry.all.map(\.info.id))
        guard let start = readme.range(of: "\n## \(heading)\n") else { return [] }
        let section = readme[start.upperBound...].components(separatedBy: "\n## ").first ?? ""
        var rows: [(String, String?, Set<String>)] = []
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let file = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let target = heading == "Fixtures" ? cells[2] : nil
            // Examples: the expected-findings cell up to any "on targets before" remark; fixtures: the Triggers cell.
            var text = cells[3]
            if let remark = text.range(of: "on targets before") { text = String(text[..<remark.lowerBound]) }
            let rules = text.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element).filter(ids.contains)
            rows.append((file, target, Set(rules)))
        }
        return rows
    }

    static func target(_ cell: String?) -> TargetOS {
        guard let cell, cell != "latest" else { return .latest }
        return TargetOS(parsing: cell) ?? .latest
    }

    static let examples = ["strict-default.plist", "third-party-exceptions.plist", "third-party-insecure.plist",
                           "local-development.plist", "pinned-api.plist"]

    @Test("The README's example table lists exactly the example files")
    func exampleTableIsComplete() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: T.policiesDirectory.path).filter { $0.hasSuffix(".plist") }
        #expect(Set(files) == Set(Self.examples))
        #expect(Set(try Self.readmeRows(under: "Examples").map(\.file)) == Set(Self.examples))
    }

    @Test("Each example triggers exactly the rules its README row lists", arguments: examples)
    func exampleMatchesREADME(_ file: String) throws {
        let row = try #require(try Self.readmeRows(under: "Examples").first { $0.file == file })
        let findings = try T.lintFile(file)
        #expect(T.ruleIDs(findings) == row.rules)
    }

    @Test("No example has an error; only third-party-insecure has warnings, the two its README row names",
          arguments: examples, [TargetOS(.iOS, 14), TargetOS(.iOS, 16), TargetOS(.iOS, 17), TargetOS.latest])
    func examplesAreClean(_ file: String, _ target: TargetOS) throws {
        let findings = try T.lintFile(file, target: target)
        #expect(findings.allSatisfy { $0.severity != .error }, "\(findings)")
        let warnings = findings.filter { $0.severity == .warning }
        if file == "third-party-insecure.plist" {
            #expect(warnings.map(\.rule).sorted() == ["insecure-http-exception", "tls-minimum-deprecated"])
        } else {
            #expect(warnings.isEmpty, "\(warnings)")
        }
    }

    @Test("The notices in the examples are the documented ones")
    func exampleNotices() throws {
        let notices = try T.lintFile("third-party-exceptions.plist").filter { $0.severity == .notice }
        #expect(notices.map(\.rule) == ["forward-secrecy-disabled", "forward-secrecy-disabled"])
        #expect(notices.map(\.line) == [20, 27])
        #expect(try T.lintFile("pinned-api.plist", target: T.iOS13).map(\.rule) == ["pinned-domains-unsupported"])
    }

    @Test("The examples are ordinary property lists that Foundation reads", arguments: examples)
    func foundationReadsExamples(_ file: String) throws {
        let data = try Data(contentsOf: T.policiesDirectory.appendingPathComponent(file))
        let object = try PropertyListSerialization.propertyList(from: data, format: nil)
        let root = try #require(object as? [String: Any])
        #expect(root["NSAppTransportSecurity"] is [String: Any])
    }

    @Test("The README's fixture table has a row per fixture, and each row's Triggers match the linter at its target")
    func fixtureTable() throws {
        let rows = try Self.readmeRows(under: "Fixtures")
        let files = try FileManager.default.contentsOfDirectory(atPath: T.fixturesDirectory.path).filter { $0.hasSuffix(".plist") }
        #expect(Set(rows.map(\.file)) == Set(files.map { "fixtures/" + $0 }))
        for row in rows {
            let findings = try T.lintFile(row.file, target: Self.target(row.target))
            #expect(T.ruleIDs(findings) == row.rules, "\(row.file) at \(row.target ?? "latest")")
            let ownRule = String(row.file.dropFirst("fixtures/".count).dropLast(".plist".count))
            #expect(row.rules.contains(ownRule), "\(row.file) does not list its own rule")
        }
    }
}
