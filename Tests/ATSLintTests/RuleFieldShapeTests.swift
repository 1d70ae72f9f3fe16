import ATSLint
import ATSPolicy
import Foundation
import Testing

/// The lint rules on the shapes real projects' Info.plists have (issue #24): each case failed
/// before the fix. The plists are written here after the shapes seen, not copied.
@Suite("Rules on field shapes")
struct RuleFieldShapeTests {
    typealias T = RuleTestSupport

    static let insecure = "<key>NSExceptionAllowsInsecureHTTPLoads</key><true/>"
    static let includes = "<key>NSIncludesSubdomains</key><true/>"

    @Test("local-exception-unneeded: an onion entry with NSIncludesSubdomains is not unneeded (removing it blocks every .onion host)")
    func onionWithSubdomains() {
        let findings = T.lintATS(T.exceptions(T.entry("onion", Self.insecure + Self.includes)))
        #expect(!findings.contains { $0.rule == "local-exception-unneeded" })
        // Without NSIncludesSubdomains the single-label entry is still reported.
        let bare = T.lintATS(T.exceptions(T.entry("myserver", Self.insecure)))
        #expect(bare.contains { $0.rule == "local-exception-unneeded" })
    }

    @Test("subdomains-on-public-suffix: onion, ts.net and local are deliberate notices; co.uk is a warning, not an error")
    func deliberateSuffixes() throws {
        let findings = T.lintATS(T.exceptions(
            T.entry("onion", Self.insecure + Self.includes), T.entry("ts.net", Self.insecure + Self.includes),
            T.entry("local", Self.insecure + Self.includes), T.entry("duckdns.org", Self.insecure + Self.includes),
            T.entry("co.uk", Self.includes)))
        let suffix = findings.filter { $0.rule == "subdomains-on-public-suffix" }
        let bySeverity = Dictionary(grouping: suffix, by: \.severity).mapValues { $0.compactMap(\.keyPath).sorted() }
        let domains = "NSAppTransportSecurity.NSExceptionDomains."
        #expect(bySeverity[.notice] == ["duckdns.org", "local", "onion", "ts.net"].map { domains + $0 })
        #expect(bySeverity[.warning] == [domains + "co.uk"])
        #expect(bySeverity[.error] == nil)
        let onion = try #require(suffix.first { $0.keyPath == domains + "onion" })
        #expect(onion.message.contains("Tor onion services"))
        #expect(onion.message.contains("deliberate"))
        let tailscale = try #require(suffix.first { $0.keyPath == domains + "ts.net" })
        #expect(tailscale.message.contains("Tailscale"))
    }

    @Test("subdomains-on-public-suffix without a list: deliberate suffixes still get their notice, and no 'list not found' for them alone")
    func deliberateWithoutList() {
        let findings = T.lintATS(T.exceptions(T.entry("onion", Self.insecure + Self.includes)), publicSuffixes: nil)
        let suffix = findings.filter { $0.rule == "subdomains-on-public-suffix" }
        #expect(suffix.count == 1)
        #expect(suffix.first?.message.contains("No Public Suffix List was given") == false)
    }

    @Test("A localhost entry of legacy keys only: one legacy-key warning that says it removes the local-name exemption")
    func legacyOnlyLocalhost() throws {
        let findings = T.lintATS(T.exceptions(T.entry("localhost", "<key>NSTemporaryExceptionAllowsInsecureHTTPLoads</key><true/>")))
        #expect(findings.map(\.rule) == ["legacy-key"])
        let finding = try #require(findings.first)
        #expect(finding.keyPath == "NSAppTransportSecurity.NSExceptionDomains.localhost")
        #expect(finding.message.contains("takes localhost out of the local-name exemption"))
        #expect(finding.message.contains("http://localhost loads are blocked"))
        #expect(finding.message.contains("docs/ats-rules.md#ats-legacy-keys"))
        #expect(finding.message.contains("older iOS honoured"))
        #expect(finding.fix?.contains("rename NSTemporaryExceptionAllowsInsecureHTTPLoads to NSExceptionAllowsInsecureHTTPLoads") == true)
    }

    @Test("A legacy-only entry for a normal host blocks cleartext; on iOS 11 the names are aliases and the old findings stay")
    func legacyOnlyNormalHost() throws {
        let body = T.exceptions(T.entry("api.example.com", "<key>NSThirdPartyExceptionAllowsInsecureHTTPLoads</key><true/>"))
        let findings = T.lintATS(body)
        #expect(findings.map(\.rule) == ["legacy-key"])
        #expect(findings.first?.message.contains("cleartext http:// to api.example.com is blocked") == true)
        let old = T.lintATS(body, target: T.iOS11)
        #expect(Set(old.map(\.rule)) == ["legacy-key", "insecure-http-exception"])
        #expect(!old.contains { $0.message.contains("acts as an empty entry") })
    }

    @Test("empty-exception: an entry of misspelt keys only acts as an empty entry")
    func misspeltOnly() throws {
        let findings = T.lintATS(T.exceptions(T.entry("cdn.example.com",
            "<key>NSExceptionAllowsInsecureHTTPLoad</key><true/><key>NSIncludeSubdomains</key><true/>")))
        let empty = try #require(findings.first { $0.rule == "empty-exception" })
        #expect(empty.keyPath == "NSAppTransportSecurity.NSExceptionDomains.cdn.example.com")
        #expect(empty.message.contains("acts as an empty entry"))
        #expect(findings.filter { $0.rule == "unknown-key" }.count == 2)
        // One documented key is enough for the entry to be read.
        let mixed = T.lintATS(T.exceptions(T.entry("cdn.example.com", "<key>NSIncludeSubdomains</key><true/>" + Self.insecure)))
        #expect(!mixed.contains { $0.rule == "empty-exception" })
    }
}
