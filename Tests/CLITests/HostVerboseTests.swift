import AtscheckTestSupport
import Foundation
import Testing

// `atscheck host --verbose`: every connection rule's outcome (docs/ats-rules.md#connection-rule-order),
// a "Rules:" section in text and a `rules` array in JSON, which is absent without the flag
// (docs/json-schema.md, "atscheck host").

@Suite("atscheck host --verbose", .timeLimit(.minutes(TestTiming.minutes(3))))
struct HostVerboseTests {
    static let ruleIDs = [
        "connection-cleartext", "connection-consistent-server", "connection-tls-version", "connection-forward-secrecy",
        "connection-cipher-suite", "connection-reachable", "connection-chain-size", "connection-trust", "connection-ats-pins",
        "connection-extra-pins",
    ]

    @Test("text: a Rules: section with each rule id and its outcome, only with the flag")
    func text() async throws {
        try await LabServe.with(["tls10-only"]) { lab in
            let url = HostArguments.url("tls10-only", port: try lab.port("tls10-only"))
            let verbose = try await AsyncRun.atscheck(HostArguments.host(url, json: false, ["--verbose"]))
            let plain = try await AsyncRun.atscheck(HostArguments.host(url, json: false))
            #expect(verbose.status == 1 && plain.status == 1)
            #expect(!plain.stdout.contains("Rules:"))
            let section = try #require(verbose.stdout.components(separatedBy: "\nRules:\n").last)
            func timeless(_ text: String) -> String {
                text.replacingOccurrences(of: #"handshakes in \d+ ms"#, with: "handshakes in N ms", options: .regularExpression)
            }
            #expect(timeless(verbose.stdout.components(separatedBy: "\nRules:\n")[0]) == timeless(plain.stdout))
            let ruleLines = section.split(separator: "\n").filter { $0.hasPrefix("  connection-") }
            #expect(ruleLines.map { String($0.dropFirst(2).prefix { $0 != ":" }) } == Self.ruleIDs)
            #expect(section.contains("  connection-tls-version: failed: tls-version-too-low\n"))
            #expect(section.contains("  connection-trust: passed\n"))
            #expect(section.contains("  connection-cleartext: not applicable: an https:// load\n"))
        }
    }

    @Test("JSON: a rules array only with the flag; the default document's keys are unchanged")
    func json() async throws {
        try await LabServe.with(["tls10-only"]) { lab in
            let url = HostArguments.url("tls10-only", port: try lab.port("tls10-only"))
            let verbose = try await AsyncRun.atscheck(HostArguments.host(url, ["--verbose"])).json()
            let plain = try await AsyncRun.atscheck(HostArguments.host(url)).json()
            #expect(Set(plain.keys) == HostJSONTests.topLevelKeys)
            #expect(Set(verbose.keys) == HostJSONTests.topLevelKeys.union(["rules"]))
            let rules = try #require(verbose["rules"] as? [[String: Any]])
            #expect(rules.map { $0["id"] as? String } == Self.ruleIDs)
            #expect(rules.allSatisfy { Set($0.keys) == ["id", "outcome", "why", "codes"] })
            let tls = try #require(rules.first { $0["id"] as? String == "connection-tls-version" })
            #expect(tls["outcome"] as? String == "failed")
            #expect(tls["codes"] as? [String] == ["tls-version-too-low"])
            #expect(tls["why"] is NSNull)
            let cleartext = try #require(rules.first)
            #expect(cleartext["outcome"] as? String == "notApplicable")
            #expect(cleartext["why"] as? String == "an https:// load")
        }
    }
}
