import ATSVocabulary
import Foundation
import Testing
@testable import ATSPolicy

/// Builds a policy from the XML body of an NSAppTransportSecurity dictionary, read through
/// the real plist reader.
func policy(_ atsBody: String) throws -> AppTransportSecurity {
    let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
      <key>CFBundleIdentifier</key><string>com.example.app</string>
      <key>NSAppTransportSecurity</key>
      <dict>
    \(atsBody)
      </dict>
    </dict>
    </plist>
    """
    return AppTransportSecurity(document: try PlistReader.read(Data(xml.utf8)))
}

func resolve(_ url: String, _ atsBody: String, context: LoadContext = .urlSession, target: String = "ios17",
             depth: SubdomainDepth = .any, legacy: LegacyKeyMode? = nil) throws -> Resolution {
    let options = ResolutionOptions(target: TargetOS(parsing: target)!, subdomainDepth: depth, legacyKeys: legacy)
    return try ATSResolver.resolve(url, context: context, policy: try policy(atsBody), options: options)
}

/// The expected outcome of one row, written from docs/ats-rules.md#ats-exception-lookup.
struct Expectation: Sendable {
    enum Source: Sendable, Equatable { case entry(String), builtIn(String), global, exempt, none }
    var source: Source
    var atsEnforced = true
    var cleartext = false
    var minimumTLS: TLSVersion? = .tls12
    var forwardSecrecy: Bool? = true
    var neutralised = false
}

struct ResolutionRow: Sendable, CustomTestStringConvertible {
    let rule: String
    let url: String
    let body: String
    var context: LoadContext = .urlSession
    var target = "ios17"
    var depth: SubdomainDepth = .any
    var legacy: LegacyKeyMode? = nil
    let expected: Expectation
    var testDescription: String { "\(rule) — \(url) [\(context.rawValue), \(target), depth \(depth.rawValue)]" }
}

let arbitraryYES = "<key>NSAllowsArbitraryLoads</key><true/>"
let exceptionExampleSubdomains = """
<key>NSExceptionDomains</key><dict>
  <key>example.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
</dict>
"""
let off = Expectation(source: .global, atsEnforced: false, cleartext: true, minimumTLS: nil, forwardSecrecy: nil)
let full = Expectation(source: .global)

let resolutionRows: [ResolutionRow] = [
    // defaults (docs/ats-rules.md#ats-exception-lookup)
    ResolutionRow(rule: "no ATS keys: full ATS", url: "https://example.com/", body: "", expected: full),
    ResolutionRow(rule: "no ATS keys: cleartext refused", url: "http://example.com/", body: "", expected: full),
    // arbitrary loads and its neutralisation (docs/ats-rules.md#ats-arbitrary-loads)
    ResolutionRow(rule: "NSAllowsArbitraryLoads=YES turns ATS off for unlisted hosts", url: "http://example.com/", body: arbitraryYES, expected: off),
    ResolutionRow(rule: "iOS 10+: NSAllowsLocalNetworking (even NO) neutralises arbitrary loads", url: "http://example.com/",
                  body: arbitraryYES + "<key>NSAllowsLocalNetworking</key><false/>", target: "ios10",
                  expected: Expectation(source: .global, neutralised: true)),
    ResolutionRow(rule: "iOS 10+: NSAllowsArbitraryLoadsInWebContent neutralises arbitrary loads for URLSession", url: "http://example.com/",
                  body: arbitraryYES + "<key>NSAllowsArbitraryLoadsInWebContent</key><true/>",
                  expected: Expectation(source: .global, neutralised: true)),
    ResolutionRow(rule: "iOS 10+: NSAllowsArbitraryLoadsForMedia neutralises arbitrary loads", url: "http://example.com/",
                  body: arbitraryYES + "<key>NSAllowsArbitraryLoadsForMedia</key><false/>", target: "macos10.12",
                  expected: Expectation(source: .global, neutralised: true)),
    ResolutionRow(rule: "iOS 9: fine-grained keys ignored, arbitrary loads honoured", url: "http://example.com/",
                  body: arbitraryYES + "<key>NSAllowsLocalNetworking</key><true/>", target: "ios9", expected: off),
    ResolutionRow(rule: "macOS 10.11 behaves like iOS 9", url: "http://example.com/",
                  body: arbitraryYES + "<key>NSAllowsArbitraryLoadsInWebContent</key><true/>", target: "macos10.11", expected: off),
    // web content and media keys (docs/ats-rules.md#ats-context-keys)
    ResolutionRow(rule: "web view with NSAllowsArbitraryLoadsInWebContent=YES: ATS off", url: "http://example.com/",
                  body: "<key>NSAllowsArbitraryLoadsInWebContent</key><true/>", context: .webView, expected: off),
    ResolutionRow(rule: "URLSession ignores NSAllowsArbitraryLoadsInWebContent", url: "http://example.com/",
                  body: "<key>NSAllowsArbitraryLoadsInWebContent</key><true/>", expected: full),
    ResolutionRow(rule: "media with NSAllowsArbitraryLoadsForMedia=YES: ATS off", url: "http://cdn.example.com/a.mp4",
                  body: "<key>NSAllowsArbitraryLoadsForMedia</key><true/>", context: .media, expected: off),
    ResolutionRow(rule: "iOS 9 web view: NSAllowsArbitraryLoadsInWebContent ignored", url: "http://example.com/",
                  body: "<key>NSAllowsArbitraryLoadsInWebContent</key><true/>", context: .webView, target: "ios9", expected: full),
    // docs/ats-rules.md#ats-exception-lookup: a listed domain ignores every global key, even when empty
    ResolutionRow(rule: "empty entry re-enables full ATS under arbitrary loads (inverted pattern)", url: "http://example.com/",
                  body: arbitraryYES + "<key>NSExceptionDomains</key><dict><key>example.com</key><dict/></dict>",
                  expected: Expectation(source: .entry("example.com"))),
    ResolutionRow(rule: "unlisted host keeps arbitrary loads next to an empty entry", url: "http://other.com/",
                  body: arbitraryYES + "<key>NSExceptionDomains</key><dict><key>example.com</key><dict/></dict>", expected: off),
    ResolutionRow(rule: "listed domain keeps its own settings in a web view", url: "http://example.com/",
                  body: "<key>NSAllowsArbitraryLoadsInWebContent</key><true/><key>NSExceptionDomains</key><dict><key>example.com</key><dict/></dict>",
                  context: .webView, expected: Expectation(source: .entry("example.com"))),
    // per-domain keys (docs/ats-rules.md#ats-exception-keys)
    ResolutionRow(rule: "NSExceptionAllowsInsecureHTTPLoads allows cleartext, keeps TLS rules", url: "http://example.com/",
                  body: exceptionExampleSubdomains, expected: Expectation(source: .entry("example.com"), cleartext: true)),
    ResolutionRow(rule: "minimum TLS and forward secrecy exceptions", url: "https://legacy.example.net/",
                  body: """
                  <key>NSExceptionDomains</key><dict><key>legacy.example.net</key><dict>
                  <key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string>
                  <key>NSExceptionRequiresForwardSecrecy</key><false/></dict></dict>
                  """,
                  expected: Expectation(source: .entry("legacy.example.net"), minimumTLS: .tls10, forwardSecrecy: false)),
    ResolutionRow(rule: "an invalid minimum TLS value is ignored", url: "https://example.com/",
                  body: "<key>NSExceptionDomains</key><dict><key>example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>1.0</string></dict></dict>",
                  expected: Expectation(source: .entry("example.com"))),
    // subdomains (docs/ats-rules.md#ats-subdomains)
    ResolutionRow(rule: "NSIncludesSubdomains covers one extra label", url: "http://api.example.com/",
                  body: exceptionExampleSubdomains, expected: Expectation(source: .entry("example.com"), cleartext: true)),
    ResolutionRow(rule: "--subdomain-depth 1: two extra labels are not covered", url: "http://a.api.example.com/",
                  body: exceptionExampleSubdomains, depth: .one, expected: full),
    ResolutionRow(rule: "default depth any: two extra labels are covered", url: "http://a.api.example.com/",
                  body: exceptionExampleSubdomains, expected: Expectation(source: .entry("example.com"), cleartext: true)),
    ResolutionRow(rule: "climbing skips a parent without NSIncludesSubdomains instead of stopping", url: "http://a.api.example.com/",
                  body: """
                  <key>NSExceptionDomains</key><dict>
                  <key>example.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
                  <key>api.example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string></dict></dict>
                  """, expected: Expectation(source: .entry("example.com"), cleartext: true)),
    ResolutionRow(rule: "without NSIncludesSubdomains only the key itself matches", url: "http://api.example.com/",
                  body: "<key>NSExceptionDomains</key><dict><key>example.com</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict>",
                  expected: full),
    ResolutionRow(rule: "a suffix that is not a label boundary does not match", url: "http://badexample.com/",
                  body: exceptionExampleSubdomains, expected: full),
    // normalisation (docs/ats-rules.md#ats-host-normalisation)
    ResolutionRow(rule: "keys compare exactly: a mixed-case key never matches (docs/ats-rules.md#choices)", url: "http://API.Example.com/",
                  body: "<key>NSExceptionDomains</key><dict><key>Api.EXAMPLE.com</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict>",
                  expected: full),
    ResolutionRow(rule: "a lower-case key matches a mixed-case URL host", url: "http://API.Example.com/",
                  body: "<key>NSExceptionDomains</key><dict><key>api.example.com</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict>",
                  expected: Expectation(source: .entry("api.example.com"), cleartext: true)),
    ResolutionRow(rule: "a trailing-dot key matches only the trailing-dot host", url: "http://example.com/",
                  body: "<key>NSExceptionDomains</key><dict><key>example.com.</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict>",
                  expected: full),
    ResolutionRow(rule: "a key with a port never matches", url: "http://example.com:8080/",
                  body: "<key>NSExceptionDomains</key><dict><key>example.com:8080</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict>",
                  expected: full),
    // overlaps: exact first (docs/ats-rules.md#ats-exception-lookup)
    ResolutionRow(rule: "exact key beats a parent with NSIncludesSubdomains", url: "http://api.example.com/",
                  body: """
                  <key>NSExceptionDomains</key><dict>
                  <key>example.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
                  <key>api.example.com</key><dict/></dict>
                  """, expected: Expectation(source: .entry("api.example.com"))),
    // local names and IP literals (docs/ats-rules.md#ats-local-exemption)
    ResolutionRow(rule: "iOS 10+: unqualified names are exempt", url: "http://localhost:8080/", body: "",
                  expected: Expectation(source: .exempt, atsEnforced: false, cleartext: true, minimumTLS: nil, forwardSecrecy: nil)),
    ResolutionRow(rule: "iOS 10+: .local names are exempt", url: "http://printer.local/", body: "", target: "ios12",
                  expected: Expectation(source: .exempt, atsEnforced: false, cleartext: true, minimumTLS: nil, forwardSecrecy: nil)),
    ResolutionRow(rule: "iOS 9: localhost is subject to ATS", url: "http://localhost/", body: "", target: "ios9",
                  expected: Expectation(source: .none)),
    ResolutionRow(rule: "iOS 10–16: IP literals are exempt", url: "http://192.168.1.10/", body: "", target: "ios16",
                  expected: Expectation(source: .exempt, atsEnforced: false, cleartext: true, minimumTLS: nil, forwardSecrecy: nil)),
    ResolutionRow(rule: "iOS 17+: IP literals are no longer exempt", url: "http://192.168.1.10/", body: "<key>NSAllowsArbitraryLoadsForMedia</key><false/>",
                  expected: full),
    ResolutionRow(rule: "iOS 17+: NSAllowsLocalNetworking=YES restores IP literals", url: "http://192.168.1.10/",
                  body: "<key>NSAllowsLocalNetworking</key><true/>",
                  expected: Expectation(source: .exempt, atsEnforced: false, cleartext: true, minimumTLS: nil, forwardSecrecy: nil)),
    // An IPv4-mapped IPv6 literal reaches the IPv4 address it carries (the same route, the same
    // interface), so it is classified as that address (docs/ats-rules.md#ats-local-exemption).
    ResolutionRow(rule: "iOS 17+: NSAllowsLocalNetworking=YES exempts an IPv4-mapped private address as its IPv4",
                  url: "http://[::ffff:192.168.1.10]/", body: "<key>NSAllowsLocalNetworking</key><true/>",
                  expected: Expectation(source: .exempt, atsEnforced: false, cleartext: true, minimumTLS: nil, forwardSecrecy: nil)),
    ResolutionRow(rule: "iOS 17+: an IPv4-mapped public address is not a local destination", url: "http://[::ffff:93.184.216.34]/",
                  body: "<key>NSAllowsLocalNetworking</key><true/>", expected: full),
    ResolutionRow(rule: "iOS 17+: an IP exception key applies", url: "http://192.168.1.10/",
                  body: "<key>NSExceptionDomains</key><dict><key>192.168.1.10</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict>",
                  expected: Expectation(source: .entry("192.168.1.10"), cleartext: true)),
    ResolutionRow(rule: "iOS 17+: a CIDR exception key applies", url: "http://[fd00::5]/",
                  body: "<key>NSExceptionDomains</key><dict><key>fd00::/8</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict>",
                  expected: Expectation(source: .entry("fd00::/8"), cleartext: true)),
    ResolutionRow(rule: "macOS 14 has the iOS 17 IP rules", url: "http://10.0.0.1/", body: "<key>NSAllowsLocalNetworking</key><false/>",
                  target: "macos14", expected: full),
    ResolutionRow(rule: "a name exception does not cover the IP it resolves to", url: "http://93.184.216.34/",
                  body: "<key>NSExceptionDomains</key><dict><key>example.com</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict>",
                  expected: full),
    // legacy keys (docs/ats-rules.md#ats-legacy-keys)
    ResolutionRow(rule: "legacy NSTemporaryException key honoured as an alias with --legacy-keys alias", url: "http://old.example.com/",
                  body: "<key>NSExceptionDomains</key><dict><key>old.example.com</key><dict><key>NSTemporaryExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict>",
                  legacy: .alias, expected: Expectation(source: .entry("old.example.com"), cleartext: true)),
    ResolutionRow(rule: "legacy keys are aliases by default before iOS 12", url: "http://old.example.com/",
                  body: "<key>NSExceptionDomains</key><dict><key>old.example.com</key><dict><key>NSTemporaryExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict>",
                  target: "ios11", expected: Expectation(source: .entry("old.example.com"), cleartext: true)),
    ResolutionRow(rule: "legacy keys are ignored by default from iOS 12", url: "http://old.example.com/",
                  body: "<key>NSExceptionDomains</key><dict><key>old.example.com</key><dict><key>NSTemporaryExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict>",
                  target: "ios12", expected: Expectation(source: .entry("old.example.com"))),
    ResolutionRow(rule: "legacy keys ignored with --legacy-keys ignore", url: "http://old.example.com/",
                  body: "<key>NSExceptionDomains</key><dict><key>old.example.com</key><dict><key>NSThirdPartyExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict>",
                  legacy: .ignore, expected: Expectation(source: .entry("old.example.com"))),
    // wrong types are ignored, but presence still neutralises (docs/ats-rules.md#ats-arbitrary-loads "present (any value)")
    ResolutionRow(rule: "a string \"YES\" is not a Boolean: arbitrary loads stay off", url: "http://example.com/",
                  body: "<key>NSAllowsArbitraryLoads</key><string>YES</string>", expected: full),
    ResolutionRow(rule: "an integer 1 is YES: arbitrary loads apply", url: "http://example.com/",
                  body: "<key>NSAllowsArbitraryLoads</key><integer>1</integer>", expected: off),
    ResolutionRow(rule: "an integer 2 is not YES: arbitrary loads stay off", url: "http://example.com/",
                  body: "<key>NSAllowsArbitraryLoads</key><integer>2</integer>", expected: full),
    ResolutionRow(rule: "a string NSAllowsLocalNetworking is absent: it neither neutralises nor exempts", url: "http://example.com/",
                  body: arbitraryYES + "<key>NSAllowsLocalNetworking</key><string>NO</string>", expected: off),
    // built-in exceptions (docs/ats-rules.md#ats-built-in-exceptions)
    ResolutionRow(rule: "built-in: http://www.apple.com/ loads under full ATS", url: "http://www.apple.com/", body: "",
                  expected: Expectation(source: .builtIn("apple.com"), cleartext: true, forwardSecrecy: false)),
    ResolutionRow(rule: "built-in: ls.apple.com allows TLS 1.0", url: "https://gsp-ssl.ls.apple.com/", body: "",
                  expected: Expectation(source: .builtIn("ls.apple.com"), cleartext: true, minimumTLS: .tls10, forwardSecrecy: false)),
    ResolutionRow(rule: "built-in applies under arbitrary loads too", url: "http://apple.com/", body: arbitraryYES,
                  expected: Expectation(source: .builtIn("apple.com"), cleartext: true, forwardSecrecy: false)),
    ResolutionRow(rule: "an app entry replaces a built-in whole: its subdomains fall back to the defaults", url: "http://csd4.apple.com/",
                  body: "<key>NSExceptionDomains</key><dict><key>apple.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string></dict></dict>",
                  expected: full),
    ResolutionRow(rule: "replacing apple.com leaves the separately keyed ls.apple.com", url: "http://ls.apple.com/",
                  body: "<key>NSExceptionDomains</key><dict><key>apple.com</key><dict/></dict>",
                  expected: Expectation(source: .builtIn("ls.apple.com"), cleartext: true, minimumTLS: .tls10, forwardSecrecy: false)),
    ResolutionRow(rule: "iOS 11 (SecureTransport) has no built-in exceptions", url: "http://www.apple.com/", body: "",
                  target: "ios11", expected: Expectation(source: .none)),
    // local names under NSAllowsLocalNetworking=NO and entries (docs/ats-rules.md#ats-local-exemption)
    ResolutionRow(rule: "NSAllowsLocalNetworking=NO puts localhost under ATS", url: "http://localhost/",
                  body: "<key>NSAllowsLocalNetworking</key><false/>", expected: full),
    ResolutionRow(rule: "NSAllowsLocalNetworking=NO puts .local names under ATS", url: "http://printer.local/",
                  body: "<key>NSAllowsLocalNetworking</key><false/>", expected: full),
    ResolutionRow(rule: "an entry for a .local name that does not allow insecure loads requires TLS", url: "http://myhost.local/",
                  body: "<key>NSExceptionDomains</key><dict><key>myhost.local</key><dict/></dict>",
                  expected: Expectation(source: .entry("myhost.local"))),
    ResolutionRow(rule: "an entry for a local name decides even with NSAllowsLocalNetworking=YES", url: "http://example.local/",
                  body: "<key>NSAllowsLocalNetworking</key><true/><key>NSExceptionDomains</key><dict><key>example.local</key><dict/></dict>",
                  expected: Expectation(source: .entry("example.local"))),
]

@Suite("ATS policy resolution (docs/ats-rules.md#ats-exception-lookup)")
struct ResolutionTests {
    @Test(arguments: resolutionRows)
    func row(_ row: ResolutionRow) throws {
        let resolution = try resolve(row.url, row.body, context: row.context, target: row.target, depth: row.depth, legacy: row.legacy)
        let expected = row.expected
        switch (expected.source, resolution.source) {
        case (.entry(let key), .exceptionDomain(let matched, _, _, _)): #expect(matched == key)
        case (.builtIn(let key), .builtInException(let matched, _)): #expect(matched == key)
        case (.global, .global), (.exempt, .localExemption), (.none, .noConfiguration): break
        case (.none, .global): break  // an empty ATS dictionary behaves like none
        default: Issue.record("expected \(expected.source), got \(resolution.source)")
        }
        let requirements = resolution.requirements
        #expect(requirements.atsEnforced == expected.atsEnforced)
        #expect(requirements.allowsInsecureHTTP == expected.cleartext)
        #expect(requirements.minimumTLSVersion == expected.minimumTLS)
        #expect(requirements.requiresForwardSecrecy == expected.forwardSecrecy)
        #expect(resolution.arbitraryLoadsNeutralised == expected.neutralised)
        #expect(resolution.blocksCleartext == (resolution.scheme == .http && !expected.cleartext))
        if expected.minimumTLS != nil {
            #expect(requirements.checksKeySize, "every entry keeps the RSA 2048 / ECDSA 256 minimums (docs/ats-rules.md#ats-exception-keys)")
        }
    }

    @Test("neutralisation names the keys that caused it")
    func neutralisedBy() throws {
        let resolution = try resolve("http://example.com/", arbitraryYES + "<key>NSAllowsLocalNetworking</key><true/><key>NSAllowsArbitraryLoadsForMedia</key><false/>")
        #expect(Set(resolution.neutralisedBy) == ["NSAllowsLocalNetworking", "NSAllowsArbitraryLoadsForMedia"])
        #expect(resolution.assumptions.contains { $0.contains("NSAllowsArbitraryLoads=YES is ignored") })
    }

    @Test("overlapping entries are not ambiguous: the exact key decides, as Apple's lookup does")
    func overlapIsDeterministic() throws {
        let resolution = try resolve("https://api.example.com/", """
        <key>NSExceptionDomains</key><dict>
        <key>example.com</key><dict><key>NSIncludesSubdomains</key><true/></dict>
        <key>api.example.com</key><dict/></dict>
        """)
        #expect(resolution.ambiguities.isEmpty)
        #expect(resolution.decidedBy.contains("sec_protocol_configuration_find_exception_for_host"))
    }

    @Test("an answer that depends on the subdomain depth says so")
    func depthDependenceIsReported() throws {
        let resolution = try resolve("http://a.api.example.com/", exceptionExampleSubdomains)
        #expect(resolution.ambiguities.contains { $0.contains("--subdomain-depth 1") && $0.contains("no entry would apply") })
        let shallow = try resolve("http://a.api.example.com/", exceptionExampleSubdomains, depth: .one)
        #expect(shallow.ambiguities.contains { $0.contains("--subdomain-depth any") && $0.contains("'example.com' would apply") })
        let oneLabel = try resolve("http://api.example.com/", exceptionExampleSubdomains)
        #expect(oneLabel.ambiguities.isEmpty)
    }

    @Test("NSPinnedDomains adds pins from iOS 14, covering subdomains when asked")
    func pinning() throws {
        let leaf = Data(repeating: 1, count: 32).base64EncodedString()
        let ca = Data(repeating: 2, count: 32).base64EncodedString()
        let body = """
        <key>NSPinnedDomains</key><dict><key>example.com</key><dict>
          <key>NSIncludesSubdomains</key><true/>
          <key>NSPinnedLeafIdentities</key><array><dict><key>SPKI-SHA256-BASE64</key><string>\(leaf)</string></dict></array>
          <key>NSPinnedCAIdentities</key><array><dict><key>SPKI-SHA256-BASE64</key><string>\(ca)</string></dict></array>
        </dict></dict>
        """
        let pinned = try resolve("https://api.example.com/", body)
        #expect(pinned.requirements.pinning == PinningRequirement(domain: "example.com", leafIdentities: [leaf], caIdentities: [ca]))
        let old = try resolve("https://api.example.com/", body, target: "ios13")
        #expect(old.requirements.pinning == nil)
        let unrelated = try resolve("https://example.org/", body)
        #expect(unrelated.requirements.pinning == nil)
    }

    @Test("NIAP mode applies from 26.4, with per-domain overrides")
    func niap() throws {
        let body = """
        <key>NSRequiresNIAPTLSPackageVersion</key><string>FCP_v2.1</string>
        <key>NSExceptionDomains</key><dict><key>legacy.example.com</key><dict><key>NSExceptionRequiresNIAPTLSPackageVersion</key><string>none</string></dict></dict>
        """
        #expect(try resolve("https://example.com/", body, target: "ios26.4").requirements.niapPackage == "FCP_v2.1")
        #expect(try resolve("https://legacy.example.com/", body, target: "ios26.4").requirements.niapPackage == nil)
        #expect(try resolve("https://example.com/", body, target: "ios26").requirements.niapPackage == nil)
    }

    @Test("URLs that are not http(s) are refused with a reason", arguments: ["ftp://example.com/", "example.com", "https://"])
    func badURLs(_ url: String) throws {
        #expect(throws: ResolutionError.self) { try resolve(url, "") }
    }

    @Test("a bare NSAppTransportSecurity dictionary is read as the ATS configuration")
    func bareDictionary() throws {
        let xml = "<plist><dict><key>NSAllowsArbitraryLoads</key><true/></dict></plist>"
        let policy = AppTransportSecurity(document: try PlistReader.read(Data(xml.utf8)))
        #expect(policy.isPresent && policy.allowsArbitraryLoads?.value == true)
        #expect(policy.keyPath.components.isEmpty)
    }

    @Test("wrong-typed values are kept as mismatches with their key path and line")
    func typeMismatch() throws {
        let parsed = try policy("<key>NSAllowsArbitraryLoads</key>\n<string>YES</string>")
        let mismatch = try #require(parsed.typeMismatches.first)
        #expect(mismatch.keyPath.description == "NSAppTransportSecurity.NSAllowsArbitraryLoads")
        #expect(mismatch.expected == .boolean && mismatch.found == "String")
        #expect(mismatch.location?.line == 8)  // line 8 of the document built by policy(_:)
        #expect(parsed.presentGlobalKeys.contains("NSAllowsArbitraryLoads"))
    }
}

@Suite("Target OS parsing and equivalence")
struct TargetOSTests {
    @Test(arguments: [
        ("ios17", 17.0), ("iOS 16.4", 16.04), ("macos10.11", 9.0), ("macos10.12", 10.0), ("macos11", 14.0),
        ("macos14", 17.0), ("watchos3", 10.0), ("watchos10", 17.0), ("visionos1", 17.0), ("tvos17", 17.0),
    ])
    func equivalence(_ text: String, _ iOS: Double) throws {
        let target = try #require(TargetOS(parsing: text))
        #expect(abs(target.iOSEquivalent - iOS) < 0.001)
    }

    @Test(arguments: ["", "android14", "ios", "ios-1", "ios17.x", "17"])
    func rejected(_ text: String) {
        #expect(TargetOS(parsing: text) == nil)
    }
}

@Suite("Where the ATS dictionary is found")
struct ATSDictionaryLocationTests {
    @Test("ATS keys at the root of a full Info.plist are not an ATS configuration")
    func rootKeysOfInfoPlistIgnored() throws {
        let xml = "<plist><dict><key>CFBundleIdentifier</key><string>a.b</string><key>NSAllowsArbitraryLoads</key><true/></dict></plist>"
        let policy = AppTransportSecurity(document: try PlistReader.read(Data(xml.utf8)))
        #expect(!policy.isPresent)
        let resolution = try ATSResolver.resolve("http://example.com/", context: .urlSession, policy: policy)
        #expect(resolution.blocksCleartext)
    }
}
