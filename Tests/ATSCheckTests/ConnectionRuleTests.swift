import ATSVocabulary
import ATSCheck
import ATSPolicy
import ATSPinning
import ATSCertificates
import AtscheckTestSupport
import Foundation
import Testing
import ATSLab

// Each connection rule (docs/ats-rules.md#connection-rule-order) against real lab servers: one
// load it fails, one it passes, one it does not apply to, read from the verdict's ruleOutcomes.

@Suite("Connection rules as values, against the lab", .timeLimit(.minutes(TestTiming.minutes(3))))
struct ConnectionRuleTests {
    /// What a rule should say: failed with these codes, passed, or not applicable.
    enum Expected: Sendable, CustomStringConvertible {
        case failed([String]), passed, notApplicable
        var description: String {
            switch self {
            case .failed(let codes): return "failed \(codes)"
            case .passed: return "passed"
            case .notApplicable: return "not applicable"
            }
        }
    }

    /// The policies the cases use.
    enum Policy: Sendable {
        case none, arbitraryLoads, noForwardSecrecy, goodPin, wrongPin
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let rule: String
        let profile: LabProfile
        var policy: Policy = .none
        var target: String? = nil
        let expected: Expected
        var testDescription: String { "\(rule) on \(profile.rawValue) (\(policy)\(target.map { ", \($0)" } ?? "")): \(expected)" }
    }

    static let cases: [Case] = [
        Case(rule: "connection-cleartext", profile: .plainHTTP, expected: .failed(["insecure-http"])),
        Case(rule: "connection-cleartext", profile: .plainHTTP, policy: .arbitraryLoads, expected: .passed),
        Case(rule: "connection-cleartext", profile: .goodRSA, expected: .notApplicable),
        Case(rule: "connection-consistent-server", profile: .resetAppHello, expected: .failed(["inconsistent-server"])),
        Case(rule: "connection-consistent-server", profile: .goodRSA, expected: .passed),
        Case(rule: "connection-consistent-server", profile: .plainHTTP, expected: .notApplicable),
        Case(rule: "connection-tls-version", profile: .tls10Only, expected: .failed(["tls-version-too-low"])),
        Case(rule: "connection-tls-version", profile: .goodRSA, expected: .passed),
        Case(rule: "connection-tls-version", profile: .goodRSA, policy: .arbitraryLoads, expected: .notApplicable),
        Case(rule: "connection-forward-secrecy", profile: .staticRSAOnly, expected: .failed(["no-forward-secrecy"])),
        Case(rule: "connection-forward-secrecy", profile: .goodRSA, expected: .passed),
        Case(rule: "connection-forward-secrecy", profile: .staticRSAOnly, policy: .noForwardSecrecy, expected: .notApplicable),
        Case(rule: "connection-cipher-suite", profile: .dheOnly, expected: .failed(["cipher-suite-not-allowed"])),
        Case(rule: "connection-cipher-suite", profile: .goodRSA, expected: .passed),
        Case(rule: "connection-cipher-suite", profile: .tls10Only, expected: .notApplicable),
        Case(rule: "connection-reachable", profile: .notTLS, expected: .failed(["not-tls"])),
        Case(rule: "connection-reachable", profile: .goodRSA, expected: .passed),
        Case(rule: "connection-reachable", profile: .resetAppHello, expected: .notApplicable),
        Case(rule: "connection-chain-size", profile: .largeChain, expected: .failed(["chain-too-large"])),
        Case(rule: "connection-chain-size", profile: .goodRSA, expected: .passed),
        Case(rule: "connection-chain-size", profile: .goodRSA, target: "ios9", expected: .notApplicable),
        Case(rule: "connection-trust", profile: .expired, expected: .failed(["cert-expired"])),
        Case(rule: "connection-trust", profile: .goodRSA, expected: .passed),
        Case(rule: "connection-trust", profile: .notTLS, expected: .notApplicable),
        Case(rule: "connection-ats-pins", profile: .goodRSA, policy: .wrongPin, expected: .failed(["pin-mismatch"])),
        Case(rule: "connection-ats-pins", profile: .goodRSA, policy: .goodPin, expected: .passed),
        Case(rule: "connection-ats-pins", profile: .goodRSA, expected: .notApplicable),
    ]

    /// A pin of no certificate here.
    static let wrongPin = Data(repeating: 0xA5, count: 32).base64EncodedString()

    static func document(_ policy: Policy) throws -> PlistDocument? {
        func pinned(_ key: String, _ pin: String) throws -> PlistDocument {
            try LabHarness.policy("""
                <key>NSPinnedDomains</key><dict><key>\(LabHarness.host)</key><dict>
                <key>\(key)</key><array><dict><key>SPKI-SHA256-BASE64</key><string>\(pin)</string></dict></array>
                </dict></dict>
                """)
        }
        switch policy {
        case .none: return nil
        case .arbitraryLoads: return try LabHarness.policy("<key>NSAllowsArbitraryLoads</key><true/>")
        case .noForwardSecrecy:
            return try LabHarness.policy(LabHarness.exceptionDomains(LabHarness.host, ["NSExceptionRequiresForwardSecrecy": "NO"]))
        case .goodPin:
            let intermediate = try #require(try CertificateLoader.load(contentsOf: Paths.cert("intermediate.pem")).first)
            return try pinned("NSPinnedCAIdentities", intermediate.spkiSHA256)
        case .wrongPin: return try pinned("NSPinnedLeafIdentities", wrongPin)
        }
    }

    static func check(_ outcome: ConnectionRuleOutcome?, _ expected: Expected, _ verdict: Verdict) {
        switch (expected, outcome) {
        case (.failed(let codes), .failed(let reasons)?):
            #expect(reasons.map(\.code.rawValue) == codes, "\(verdict.summary)")
            #expect(codes.allSatisfy { code in verdict.reasons.contains { $0.code.rawValue == code } })
        case (.passed, .passed?):
            break
        case (.notApplicable, .notApplicable(let why)?):
            #expect(!why.isEmpty)
        default:
            Issue.record("expected \(expected), got \(String(describing: outcome)); \(verdict.summary)")
        }
    }

    @Test("each rule fails, passes and does not apply where it should", arguments: cases)
    func ruleOutcome(_ testCase: Case) async throws {
        var options = ResolutionOptions()
        if let target = testCase.target { options.target = try #require(TargetOS(parsing: target)) }
        let verdict = try await LabHarness.verdict(testCase.profile, policy: try Self.document(testCase.policy), options: options)
        #expect(verdict.ruleOutcomes.map(\.id) == ConnectionRules.all.map(\.id))
        Self.check(verdict.ruleOutcomes.first { $0.id == testCase.rule }?.outcome, testCase.expected, verdict)
    }

    @Test("connection-extra-pins: a TrustKit pin set that misses fails, one that matches passes, none does not apply")
    func extraPins() async throws {
        let endpoint = try LabHarness.endpoint(.goodRSA)
        let observation = try await LabHarness.observation(.goodRSA)
        let intermediate = try #require(try CertificateLoader.load(contentsOf: Paths.cert("intermediate.pem")).first)
        let good = try Pin(base64: intermediate.spkiSHA256), wrong = try Pin(base64: Self.wrongPin)
        let cases: [([PinPolicy], Expected)] = [
            ([PinPolicy(domain: LabHarness.host, anyPins: [wrong], source: .trustkit)], .failed(["pin-mismatch"])),
            ([PinPolicy(domain: LabHarness.host, anyPins: [good, wrong], source: .trustkit)], .passed),
            ([], .notApplicable),
        ]
        for (pins, expected) in cases {
            var input = VerdictInput(url: LabHarness.url(.goodRSA, port: endpoint.port), context: .urlSession, policyDocument: nil,
                                     options: ResolutionOptions(), observation: observation, trustEvaluator: LabHarness.trustEvaluator,
                                     time: LabHarness.evaluationTime)
            input.extraPins = pins
            let verdict = try VerdictEvaluator.evaluate(input)
            Self.check(verdict.ruleOutcomes.first { $0.id == "connection-extra-pins" }?.outcome, expected, verdict)
        }
    }

    @Test("rule ids are unique, and the outcomes round-trip through JSON")
    func idsAndCoding() async throws {
        let ids = ConnectionRules.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ConnectionRules.all.allSatisfy { !$0.summary.isEmpty && !$0.citation.url.isEmpty })
        let verdict = try await LabHarness.verdict(.tls10Only)
        let data = try JSONEncoder().encode(verdict.ruleOutcomes)
        #expect(try JSONDecoder().decode([ConnectionRuleResult].self, from: data) == verdict.ruleOutcomes)
    }
}
