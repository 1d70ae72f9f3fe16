import ATSLint
import ATSPolicy
import ATSVocabulary
@testable import ATSWhy
import AtscheckTestSupport
import Foundation
import Testing

/// `why --policy`: the decoded causes against real Info.plists (Tests/Corpus/plists, provenance
/// in SOURCES.tsv) and against plists written the way the field writes them.
@Suite("why: causes narrowed by the app's policy")
struct PolicyNarrowingTests {
    static let cleartext = #"Task <5C0A6E11-2B7D-4E10-9A55-0C2B8D1E7F40>.<1> finished with error [-1022] Error Domain=NSURLErrorDomain Code=-1022 "The resource could not be loaded because the App Transport Security policy requires the use of a secure connection." UserInfo={NSErrorFailingURLStringKey=FAILING_URL, NSErrorFailingURLKey=FAILING_URL}"#

    static func narrowed(_ log: String, url: String, plist: Data, path: String = "Info.plist", target: TargetOS = .latest) throws -> DecodedError {
        let error = try #require(WhyScanner.decode(log.replacingOccurrences(of: "FAILING_URL", with: url)).first)
        let document = try PlistReader.read(plist)
        let resolution = try ATSResolver.resolve(url, context: .urlSession, policy: AppTransportSecurity(document: document),
                                                 options: ResolutionOptions(target: target))
        return PolicyNarrowing.narrow(error, resolution: resolution, policyPath: path, lint: Linter().lint(plist, path: path))
    }

    static func corpus(_ name: String) throws -> Data {
        try Data(contentsOf: RepositoryLayout.corpusPlists.appendingPathComponent(name))
    }

    static func plist(_ ats: String) -> Data {
        Data(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>NSAppTransportSecurity</key><dict>"
              + ats + "</dict></dict></plist>\n").utf8)
    }

    @Test("-1022 under NSAllowsArbitraryLoads neutralised by NSAllowsArbitraryLoadsInWebContent (0xMiden/miden-wallet): the policy agrees, and lint's arbitrary-loads-ignored says why")
    func neutralisedArbitraryLoads() throws {
        let error = try Self.narrowed(Self.cleartext, url: "http://rpc.example.org/v1", plist: try Self.corpus("025-0xMiden-miden-wallet-Info.plist"))
        let policy = try #require(error.policy)
        #expect(policy.agreement == .agrees)
        #expect(!policy.allowsInsecureHTTP && policy.atsEnforced)
        #expect(policy.decidedBy == "the global keys")
        #expect(policy.findings.map(\.rule) == ["arbitrary-loads-ignored"])
        #expect(error.causes.map(\.reason) == ["insecure-http"])
    }

    @Test("the same paste resolved for iOS 9, where those keys allow cleartext: the policy contradicts the device")
    func neutralisedOnlyFromIOS10() throws {
        let error = try Self.narrowed(Self.cleartext, url: "http://rpc.example.org/v1", plist: try Self.corpus("025-0xMiden-miden-wallet-Info.plist"),
                                      target: try #require(TargetOS(parsing: "ios9")))
        #expect(error.policy?.agreement == .contradicts)
        #expect(error.policy?.notes.first?.contains("yet the device refused it") == true)
    }

    @Test("-1022 for a host whose exception misspells NSExceptionAllowsInsecureHTTPLoads: the unknown-key finding names the right key")
    func misspeltException() throws {
        let error = try Self.narrowed(Self.cleartext, url: "http://feeds.example.com/rss",
                                      plist: try Self.corpus("077-shape-misspelt-and-legacy-entries-Info.plist"))
        let policy = try #require(error.policy)
        #expect(policy.agreement == .agrees)
        #expect(policy.decidedBy.hasPrefix("NSExceptionDomains entry 'feeds.example.com'"))
        let finding = try #require(policy.findings.first { $0.keyPath?.hasSuffix("NSExceptionAllowsInsecureHTTPLoad") == true })
        #expect(finding.rule == "unknown-key")
        #expect(finding.fix == "NSExceptionAllowsInsecureHTTPLoads")
        #expect(!policy.findings.contains { $0.keyPath?.contains("media.example.net") == true })
    }

    @Test("-1022 under an exception that allows cleartext: the app did not run with these keys")
    func allowedButRefused() throws {
        let plist = Self.plist("<key>NSExceptionDomains</key><dict><key>api.example.com</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict>")
        let error = try Self.narrowed(Self.cleartext, url: "http://api.example.com/v1", plist: plist)
        #expect(error.policy?.agreement == .contradicts)
        #expect(error.policy?.allowsInsecureHTTP == true)
    }

    @Test("-9836 for a host whose exception accepts TLS 1.0: tls-version-too-low is ruled out, not-tls stays")
    func tlsMinimumRulesOut() throws {
        let plist = Self.plist("<key>NSExceptionDomains</key><dict><key>legacy.example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string></dict></dict>")
        let log = "Task <4F7E00BD-2CB7-4055-A8DF-69CD9F562800>.<54> HTTP load failed, 0/0 bytes (error code: -1200 [3:-9836])"
        let before = try #require(WhyScanner.decode(log).first)
        #expect(before.causes.map(\.reason) == ["tls-version-too-low", "not-tls"])
        let error = try Self.narrowed(log, url: "https://legacy.example.com/", plist: plist)
        #expect(error.causes.map(\.reason) == ["not-tls"])
        #expect(error.ruledOut.map(\.reason) == ["tls-version-too-low"])
        #expect(error.ruledOut.first?.why.contains("TLSv1.0") == true)
        #expect(error.policy?.agreement == .narrows)
    }

    @Test("-9836 for a host whose exception requires TLS 1.2: the policy agrees and says what it demands")
    func tlsMinimumAgrees() throws {
        let plist = Self.plist("<key>NSExceptionDomains</key><dict><key>legacy.example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.2</string></dict></dict>")
        let log = "Task <4F7E00BD-2CB7-4055-A8DF-69CD9F562800>.<54> HTTP load failed, 0/0 bytes (error code: -1200 [3:-9836])"
        let error = try Self.narrowed(log, url: "https://legacy.example.com/", plist: plist)
        #expect(error.causes.map(\.reason) == ["tls-version-too-low", "not-tls"])
        #expect(error.policy?.agreement == .agrees)
        #expect(error.policy?.notes == ["the policy requires TLSv1.2 or later of legacy.example.com: a server below it is refused"])
    }

    @Test("-1200/-9802 (ATS enforced) under NSAllowsArbitraryLoads: the log and the policy disagree; pin-mismatch ruled out without NSPinnedDomains")
    func enforcedButExempt() throws {
        let log = #"Task <A1>.<1> finished with error [-1200] Error Domain=NSURLErrorDomain Code=-1200 "x" UserInfo={_kCFStreamErrorCodeKey=-9802, NSErrorFailingURLStringKey=https://api.example.com/, _kCFStreamErrorDomainKey=3}"#
        let error = try Self.narrowed(log, url: "https://api.example.com/", plist: Self.plist("<key>NSAllowsArbitraryLoads</key><true/>"))
        #expect(error.atsEnforced == .yes)
        #expect(error.policy?.agreement == .contradicts)
        #expect(error.ruledOut.contains { $0.reason == "pin-mismatch" })
        #expect(error.causes.first?.reason == "cert-untrusted")
    }

    @Test("-1202 (default trust) under full ATS: the load did not go through ATS as this policy says")
    func defaultTrustUnderFullATS() throws {
        let log = #"Task <A2>.<1> finished with error [-1202] Error Domain=NSURLErrorDomain Code=-1202 "x" UserInfo={_kCFStreamErrorCodeKey=-9807, NSErrorFailingURLStringKey=https://api.example.com/, _kCFStreamErrorDomainKey=3}"#
        let error = try Self.narrowed(log, url: "https://api.example.com/", plist: Self.plist(""))
        #expect(error.atsEnforced == .no)
        #expect(error.policy?.agreement == .contradicts)
        #expect(error.policy?.notes.first?.contains("web view") == true)
    }

    @Test("a cause every policy leaves standing (cert-expired) with a policy that says nothing of it: silent")
    func silent() throws {
        let log = "NSURLSession/NSURLConnection HTTP load failed (kCFStreamErrorDomainSSL, -9814)"
        let error = try Self.narrowed(log, url: "https://api.example.com/", plist: Self.plist(""))
        #expect(error.causes.map(\.reason) == ["cert-expired"])
        #expect(error.policy?.agreement == .silent)
        #expect(error.ruledOut.isEmpty)
    }

    @Test("a policy path with spaces or quotes is one shell word in the command")
    func quotedPolicy() {
        #expect(WhyContext(policyPath: "App/Info.plist").policyArgument == "App/Info.plist")
        #expect(WhyContext(policyPath: "My App/Info.plist").policyArgument == "'My App/Info.plist'")
        #expect(WhyContext(policyPath: "it's.plist").policyArgument == #"'it'\''s.plist'"#)
        #expect(WhyContext(policyPath: "$(rm -rf ~).plist").policyArgument == "'$(rm -rf ~).plist'")
        let error = WhyScanner.decode(Self.cleartext.replacingOccurrences(of: "FAILING_URL", with: "http://a.example/"))
        var scanner = WhyScanner()
        scanner.feed(text: Self.cleartext.replacingOccurrences(of: "FAILING_URL", with: "http://a.example/"))
        #expect(error.first?.command == "atscheck explain http://a.example/ --policy Info.plist")
        #expect(scanner.errors(WhyContext(policyPath: "My App/Info.plist")).first?.command == "atscheck explain http://a.example/ --policy 'My App/Info.plist'")
    }

    @Test("--url fills in the URL of an error whose text names none, and the command uses it")
    func fallbackURL() {
        var scanner = WhyScanner()
        scanner.feed(text: "Task <4F7E00BD-2CB7-4055-A8DF-69CD9F562800>.<54> HTTP load failed, 0/0 bytes (error code: -1200 [3:-9816])")
        #expect(scanner.errors().first?.url == nil)
        let error = scanner.errors(WhyContext(url: "https://api.example.com/v2"))
        #expect(error.first?.url == "https://api.example.com/v2")
        #expect(error.first?.host == "api.example.com")
        #expect(error.first?.command?.hasPrefix("atscheck host https://api.example.com/v2") == true)
    }
}
