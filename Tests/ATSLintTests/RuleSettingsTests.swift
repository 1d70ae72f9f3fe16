import ATSLint
import Testing

/// Which findings an acceptance names: an entry of NSExceptionDomains or NSPinnedDomains, or a
/// key inside it, compared ignoring case; never a longer entry that starts with the same text.
@Suite("rule settings")
struct RuleSettingsTests {
    @Test("an acceptance of ts.net names ts.net and its keys, not ts or ts.net.evil")
    func entryMatching() {
        let paths = ["NSAppTransportSecurity.NSExceptionDomains.ts.net", "NSAppTransportSecurity.NSExceptionDomains.TS.NET.NSIncludesSubdomains",
                     "NSAppTransportSecurity.NSPinnedDomains.ts.net.NSPinnedLeafIdentities",
                     "NSAppTransportSecurity.NSExceptionDomains.ts", "NSAppTransportSecurity.NSExceptionDomains.ts.net.evil",
                     "NSAppTransportSecurity.NSExceptionDomains.xts.net", "NSAppTransportSecurity.NSAllowsArbitraryLoads"]
        let accepted = paths.filter { RuleSettings.names($0, entry: "ts.net") }
        #expect(accepted == Array(paths.prefix(3)))
    }

    @Test("an acceptance of legacy names legacy and the keys inside it, never the entry legacy.nsone.net")
    func labelBoundary() {
        let prefix = "NSAppTransportSecurity.NSExceptionDomains."
        let named = [prefix + "legacy", prefix + "legacy.NSIncludesSubdomains", prefix + "LEGACY.NSTemporaryExceptionAllowsInsecureHTTPLoads",
                     "NSAppTransportSecurity.NSPinnedDomains.legacy.NSPinnedLeafIdentities.0.SPKI-SHA256-BASE64",
                     prefix + "legacy.NSIncludeSubdomain"]
        let others = [prefix + "legacy.nsone.net", prefix + "legacy.nsone.net.NSIncludesSubdomains", prefix + "legacy.example.com.NSIncludesSubdomains",
                      prefix + "legacy.ns.NSIncludesSubdomains", prefix + "legacyx", prefix + "legacy-old.NSIncludesSubdomains"]
        #expect(named.filter { !RuleSettings.names($0, entry: "legacy") }.isEmpty)
        #expect(others.filter { RuleSettings.names($0, entry: "legacy") }.isEmpty)
        #expect(RuleSettings.names(prefix + "legacy.nsone.net.NSIncludesSubdomains", entry: "legacy.nsone.net"))
    }

    @Test("an acceptance holds through its last day and not after")
    func expiry() {
        let acceptance = RuleSettings.Acceptance(rule: "r", domain: "a", path: nil, reason: "why", expires: "2027-06-30", origin: "here")
        #expect(acceptance.holds(on: "2027-06-30"))
        #expect(!acceptance.holds(on: "2027-07-01"))
    }
}
