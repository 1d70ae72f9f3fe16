import ATSPolicy
import Foundation
import Testing
@testable import ATSLint

@Suite("JSON reporter")
struct ReporterJSONTests {
    static let findingKeys: Set<String> = ["rule", "severity", "message", "keyPath", "line", "column", "fix"]

    func parse(_ reports: [FileReport]) throws -> [String: Any] {
        let text = JSONReporter.render(reports)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("top-level shape: schemaVersion, files, summary")
    func topLevel() throws {
        let document = try parse(ReporterFixtures.reports)
        #expect(Set(document.keys) == ["schemaVersion", "files", "summary", "suppressed"])
        #expect(document["schemaVersion"] as? Int == 1)
        let summary = try #require(document["summary"] as? [String: Int])
        #expect(summary == ["error": 2, "warning": 1, "notice": 1])
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.map { $0["path"] as? String } == ["App/Info.plist", "Policies/binary.plist", "clean.plist", "broken.plist"])
        for file in files {
            #expect(Set(file.keys) == ["path", "findings"])
        }
        #expect((files[2]["findings"] as? [Any])?.isEmpty == true, "a clean file is listed with no findings")
    }

    @Test("every finding key is present; unknown values are null")
    func findings() throws {
        let files = try #require(try parse(ReporterFixtures.reports)["files"] as? [[String: Any]])
        let first = try #require((files[0]["findings"] as? [[String: Any]])?.first)
        #expect(Set(first.keys) == Self.findingKeys)
        #expect(first["rule"] as? String == "unknown-key")
        #expect(first["severity"] as? String == "error")
        #expect(first["message"] as? String == "NSAllowsArbitraryLoad is not an ATS key")
        #expect(first["keyPath"] as? String == "NSAppTransportSecurity.NSAllowsArbitraryLoad")
        #expect(first["line"] as? Int == 12)
        #expect(first["column"] as? Int == 3)
        #expect(first["fix"] as? String == "rename it to NSAllowsArbitraryLoads")

        let noFix = try #require((files[0]["findings"] as? [[String: Any]])?.last)
        #expect(Set(noFix.keys) == Self.findingKeys)
        #expect(noFix["fix"] is NSNull)

        let binary = try #require((files[1]["findings"] as? [[String: Any]])?.first)
        #expect(Set(binary.keys) == Self.findingKeys)
        #expect(binary["line"] is NSNull)
        #expect(binary["column"] is NSNull)
        #expect(binary["keyPath"] as? String == "NSAppTransportSecurity.NSExceptionDomains.Example.COM")
        #expect(binary["severity"] as? String == "notice")

        let invalid = try #require((files[3]["findings"] as? [[String: Any]])?.first)
        #expect(invalid["keyPath"] is NSNull)
    }

    @Test("keys are sorted and slashes unescaped (the shared JSON style)")
    func style() throws {
        let text = JSONReporter.render(ReporterFixtures.reports)
        func position(_ key: String) throws -> String.Index {
            try #require(text.range(of: "\"\(key)\"")?.lowerBound, "\(key) missing")
        }
        #expect(try position("files") < position("schemaVersion"))
        #expect(try position("schemaVersion") < position("summary"))
        #expect(try position("column") < position("fix"))
        #expect(try position("fix") < position("keyPath"))
        #expect(try position("keyPath") < position("line"))
        #expect(try position("message") < position("rule"))
        #expect(try position("rule") < position("severity"))
        #expect(text.contains("App/Info.plist"), "slashes are not escaped")
        #expect(text.contains("\n"), "pretty-printed")
    }

    @Test("no files: an empty list and zero counts")
    func empty() throws {
        let document = try parse([])
        #expect((document["files"] as? [Any])?.isEmpty == true)
        #expect(document["summary"] as? [String: Int] == ["error": 0, "warning": 0, "notice": 0])
    }

    @Test("a Finding encodes itself as the lint document writes it: every key, null for nil (app documents embed it)")
    func findingOwnCodable() throws {
        let finding = Finding(rule: "invalid-plist", severity: .error, message: "not a plist", keyPath: nil, location: nil)
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(finding)) as? [String: Any])
        #expect(Set(object.keys) == Self.findingKeys)
        #expect(object["keyPath"] is NSNull && object["line"] is NSNull && object["column"] is NSNull && object["fix"] is NSNull)
        #expect(try JSONDecoder().decode(Finding.self, from: JSONEncoder().encode(finding)) == finding)
        // A document from an older build that left the nil keys out still reads.
        let old = #"{"rule":"r","severity":"notice","message":"m"}"#
        #expect(try JSONDecoder().decode(Finding.self, from: Data(old.utf8)).keyPath == nil)
    }
}
