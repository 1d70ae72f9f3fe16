import ATSVocabulary
import ATSCheck
import ATSPolicy
import Foundation
import Testing
import ATSLab
import AtscheckTestSupport

// The same lab hosts under Info.plists that fix (or fail to fix) them: the policy side of the
// verdict (docs/ats-rules.md, resolution and connection rules).

@Suite("Verdicts under Info.plist policies", .timeLimit(.minutes(TestTiming.minutes(3))))
struct PolicyVerdictTests {
    static let host = LabHarness.host

    @Test("NSExceptionMinimumTLSVersion TLSv1.0 lets tls10-only through")
    func minimumTLSException() async throws {
        let policy = try LabHarness.policy(LabHarness.exceptionDomains(Self.host, ["NSExceptionMinimumTLSVersion": "TLSv1.0"]))
        let verdict = try await LabHarness.verdict(.tls10Only, policy: policy)
        #expect(verdict.status == .allowed, "\(verdict.summary)")
        #expect(verdict.reasons.isEmpty)
        #expect(verdict.tls == .passes(.tls10))
        if case .exceptionDomain(let key, _, _, let match) = verdict.resolution.source {
            #expect(key == Self.host)
            #expect(match == "exact")
        } else {
            Issue.record("resolved from \(verdict.resolution.source), not the exception entry")
        }
    }

    @Test("a floor of TLSv1.1 does not help a TLS 1.0-only server; the fix still says TLSv1.0")
    func minimumTLSTooHigh() async throws {
        let policy = try LabHarness.policy(LabHarness.exceptionDomains(Self.host, ["NSExceptionMinimumTLSVersion": "TLSv1.1"]))
        let verdict = try await LabHarness.verdict(.tls10Only, policy: policy)
        #expect(verdict.status == .blocked)
        #expect(verdict.codes == ["tls-version-too-low"])
        #expect(verdict.reasons.first?.fix?.exceptionKeys == ["NSExceptionMinimumTLSVersion": "TLSv1.0"])
    }

    @Test("NSExceptionRequiresForwardSecrecy NO does not lower the TLS floor (docs/ats-rules.md#ats-cipher-suites)")
    func forwardSecrecyDoesNotLowerFloor() async throws {
        let policy = try LabHarness.policy(LabHarness.exceptionDomains(Self.host, ["NSExceptionRequiresForwardSecrecy": "NO"]))
        let verdict = try await LabHarness.verdict(.tls10Only, policy: policy)
        #expect(verdict.status == .blocked)
        #expect(verdict.codes == ["tls-version-too-low"])
        // The fix keeps the entry's existing key and adds the floor.
        #expect(verdict.reasons.first?.fix?.exceptionKeys
                == ["NSExceptionRequiresForwardSecrecy": "NO", "NSExceptionMinimumTLSVersion": "TLSv1.0"])
    }

    @Test("NSExceptionRequiresForwardSecrecy NO lets static-rsa-only through")
    func forwardSecrecyException() async throws {
        let policy = try LabHarness.policy(LabHarness.exceptionDomains(Self.host, ["NSExceptionRequiresForwardSecrecy": "NO"]))
        let verdict = try await LabHarness.verdict(.staticRSAOnly, policy: policy)
        #expect(verdict.status == .allowed, "\(verdict.summary)")
        #expect(verdict.tls == .passes(.tls12))
    }

    @Test("no exception that keeps the suite restriction widens it: DHE and a dropped CBC-SHA2 suite stay blocked under FS NO + TLSv1.0",
          arguments: [LabProfile.dheOnly, .ecdheRSAAES128SHA256Only, .rsaAES128SHA256Only])
    func suiteNotAllowedStaysBlocked(_ profile: LabProfile) async throws {
        let policy = try LabHarness.policy(LabHarness.exceptionDomains(Self.host, [
            "NSExceptionRequiresForwardSecrecy": "NO", "NSExceptionMinimumTLSVersion": "TLSv1.0",
        ]))
        let verdict = try await LabHarness.verdict(profile, policy: policy)
        #expect(verdict.status == .blocked)
        #expect(verdict.codes == ["cipher-suite-not-allowed"])
        #expect(verdict.reasons.first?.fix?.exceptionKeys == nil)
    }

    @Test("an entry allowing cleartext without forward secrecy leaves the suites to the system (Apple's code sets no suite list)",
          arguments: [LabProfile.dheOnly, .ecdheRSAAES128SHA256Only])
    func unrestrictedSuites(_ profile: LabProfile) async throws {
        let policy = try LabHarness.policy(LabHarness.exceptionDomains(Self.host, [
            "NSExceptionRequiresForwardSecrecy": "NO", "NSExceptionAllowsInsecureHTTPLoads": "YES",
        ]))
        let verdict = try await LabHarness.verdict(profile, policy: policy)
        #expect(verdict.status == .allowed, "\(verdict.summary)")
        #expect(verdict.resolution.requirements.cipherSuitePolicy == .unrestricted)
        #expect(verdict.notes.contains { $0.contains("leaves the suite list to the system") })
    }

    @Test("NSExceptionAllowsInsecureHTTPLoads YES lets http:// to plain-http through")
    func insecureHTTPException() async throws {
        let policy = try LabHarness.policy(LabHarness.exceptionDomains(Self.host, ["NSExceptionAllowsInsecureHTTPLoads": "YES"]))
        let verdict = try await LabHarness.verdict(.plainHTTP, policy: policy)
        #expect(verdict.status == .allowed, "\(verdict.summary)")
        #expect(verdict.reasons.isEmpty)
    }

    @Test("an exception for another domain changes nothing")
    func otherDomainException() async throws {
        let policy = try LabHarness.policy(LabHarness.exceptionDomains("other.atscheck.test", [
            "NSExceptionMinimumTLSVersion": "TLSv1.0", "NSExceptionAllowsInsecureHTTPLoads": "YES",
        ]))
        for profile in [LabProfile.tls10Only, .plainHTTP] {
            let verdict = try await LabHarness.verdict(profile, policy: policy)
            #expect(verdict.status == .blocked, "\(profile.rawValue): \(verdict.summary)")
            #expect(verdict.codes == Expectations.expectation(profile).codes)
        }
    }

    @Test("NSAllowsArbitraryLoads YES alone turns ATS off: tls10-only, static-rsa-only, dhe-only and http:// pass",
          arguments: [LabProfile.tls10Only, .tls11Only, .staticRSAOnly, .dheOnly, .chacha20Only, .plainHTTP, .goodRSA])
    func arbitraryLoads(_ profile: LabProfile) async throws {
        let policy = try LabHarness.policy("<key>NSAllowsArbitraryLoads</key><true/>")
        let verdict = try await LabHarness.verdict(profile, policy: policy)
        #expect(verdict.status == .allowed, "\(verdict.summary)")
        #expect(verdict.resolution.requirements.atsEnforced == false)
        #expect(verdict.resolution.arbitraryLoadsNeutralised == false)
    }

    @Test("NSAllowsArbitraryLoads does not lift trust: certificate profiles stay blocked (docs/ats-rules.md#trust-rules)",
          arguments: [LabProfile.expired, .selfSigned, .wrongHost, .sha1Leaf, .rsa1024, .noSAN, .clientAuthEKU,
                      .validity900Days, .missingIntermediate])
    func arbitraryLoadsKeepsTrust(_ profile: LabProfile) async throws {
        let policy = try LabHarness.policy("<key>NSAllowsArbitraryLoads</key><true/>")
        let verdict = try await LabHarness.verdict(profile, policy: policy)
        #expect(verdict.status == .blocked, "\(verdict.summary)")
        #expect(verdict.codes == Expectations.expectation(profile).codes)
    }

    @Test("NSAllowsArbitraryLoads + NSAllowsArbitraryLoadsInWebContent: neutralised on iOS 10+, tls10-only blocked in URLSession")
    func neutralisedArbitraryLoads() async throws {
        let policy = try LabHarness.policy("""
            <key>NSAllowsArbitraryLoads</key><true/>
            <key>NSAllowsArbitraryLoadsInWebContent</key><true/>
            """)
        let verdict = try await LabHarness.verdict(.tls10Only, policy: policy)
        #expect(verdict.status == .blocked, "\(verdict.summary)")
        #expect(verdict.codes == ["tls-version-too-low"])
        #expect(verdict.resolution.arbitraryLoadsNeutralised)
        #expect(verdict.resolution.neutralisedBy == ["NSAllowsArbitraryLoadsInWebContent"])
        #expect(verdict.resolution.requirements.atsEnforced)

        // The same plist in a web view: the web-content key turns ATS off there.
        let web = try await LabHarness.verdict(.tls10Only, policy: policy, context: .webView)
        #expect(web.status == .allowed, "\(web.summary)")

        // On iOS 9 the fine-grained key is ignored and NSAllowsArbitraryLoads holds.
        let iOS9 = try await LabHarness.verdict(.tls10Only, policy: policy,
                                                options: ResolutionOptions(target: TargetOS(.iOS, 9)))
        #expect(iOS9.status == .allowed, "\(iOS9.summary)")
    }

    @Test("NSAllowsLocalNetworking NO still neutralises NSAllowsArbitraryLoads (presence counts, docs/ats-rules.md#ats-arbitrary-loads)")
    func neutralisedByPresence() async throws {
        let policy = try LabHarness.policy("""
            <key>NSAllowsArbitraryLoads</key><true/>
            <key>NSAllowsLocalNetworking</key><false/>
            """)
        let verdict = try await LabHarness.verdict(.plainHTTP, policy: policy)
        #expect(verdict.status == .blocked)
        #expect(verdict.codes == ["insecure-http"])
    }

    @Test("the inverted pattern: NSAllowsArbitraryLoads YES plus an empty entry re-enables full ATS for the host (docs/ats-rules.md#ats-exception-lookup)")
    func emptyEntryReenablesATS() async throws {
        let policy = try LabHarness.policy("""
            <key>NSAllowsArbitraryLoads</key><true/>
            <key>NSExceptionDomains</key>
            <dict><key>\(Self.host)</key><dict/></dict>
            """)
        let verdict = try await LabHarness.verdict(.tls10Only, policy: policy)
        #expect(verdict.status == .blocked, "\(verdict.summary)")
        #expect(verdict.codes == ["tls-version-too-low"])
        #expect(verdict.reasons.first?.fix?.exceptionKeys == ["NSExceptionMinimumTLSVersion": "TLSv1.0"])
    }

    @Test("a parent entry with NSIncludesSubdomains: the fix edits that entry and keeps its keys")
    func fixEditsMatchedEntry() async throws {
        let policy = try LabHarness.policy(LabHarness.exceptionDomains("atscheck.test", ["NSIncludesSubdomains": "YES"]))
        let verdict = try await LabHarness.verdict(.tls10Only, policy: policy)
        #expect(verdict.status == .blocked)
        let fix = try #require(verdict.reasons.first?.fix)
        #expect(fix.exceptionDomain == "atscheck.test")
        #expect(fix.exceptionKeys == ["NSIncludesSubdomains": "YES", "NSExceptionMinimumTLSVersion": "TLSv1.0"])

        let fixed = try LabHarness.policy(LabHarness.exceptionDomains("atscheck.test", try #require(fix.exceptionKeys)))
        let after = try await LabHarness.verdict(.tls10Only, policy: fixed)
        #expect(after.status == .allowed, "\(after.summary)")
    }

    // MARK: - Closing the loop: every verified fix, applied, makes the verdict allowed

    /// Policies a fix is computed under, as NSAppTransportSecurity bodies.
    static let startingPolicies: [(name: String, body: String?)] = [
        ("no Info.plist", nil),
        ("neutralised arbitrary loads", "<key>NSAllowsArbitraryLoads</key><true/>\n<key>NSAllowsArbitraryLoadsForMedia</key><true/>"),
        ("unrelated global keys", "<key>NSAllowsLocalNetworking</key><true/>"),
    ]

    @Test("each fix's plistSnippet, pasted under NSAppTransportSecurity, makes the load allowed", arguments: Expectations.fixable)
    func snippetClosesTheLoop(_ expected: ProfileExpectation) async throws {
        for start in Self.startingPolicies {
            let policy = try start.body.map(LabHarness.policy)
            let before = try await LabHarness.verdict(expected.profile, policy: policy)
            #expect(before.status == .blocked, "\(start.name): \(before.summary)")
            let fix = try #require(before.reasons.first?.fix, "\(start.name)")
            let snippet = try #require(fix.plistSnippet, "\(start.name): \(before.summary)")
            let fixed = try LabHarness.policy((start.body ?? "") + "\n" + snippet)
            let after = try await LabHarness.verdict(expected.profile, policy: fixed)
            #expect(after.status == .allowed, "\(start.name): snippet\n\(snippet)\ngave \(after.summary)")
        }
    }

    @Test("each fix's exceptionKeys, written as an entry, make the load allowed", arguments: Expectations.fixable)
    func keysCloseTheLoop(_ expected: ProfileExpectation) async throws {
        let before = try await LabHarness.verdict(expected.profile)
        let fix = try #require(before.reasons.first?.fix)
        let domain = try #require(fix.exceptionDomain)
        let keys = try #require(fix.exceptionKeys)
        let after = try await LabHarness.verdict(expected.profile, policy: try LabHarness.policy(LabHarness.exceptionDomains(domain, keys)))
        #expect(after.status == .allowed, "\(keys) gave \(after.summary)")
        // And the fix is minimal: without any one of its keys the load is blocked again.
        for key in keys.keys {
            var fewer = keys
            fewer[key] = nil
            let partial = try await LabHarness.verdict(expected.profile,
                                                       policy: try LabHarness.policy(LabHarness.exceptionDomains(domain, fewer)))
            #expect(partial.status == .blocked, "without \(key): \(partial.summary)")
        }
    }
}
