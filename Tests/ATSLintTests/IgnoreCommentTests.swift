import ATSLint
import Foundation
import Testing

/// `<!-- atscheck:ignore RULE: REASON -->` in an XML plist accepts the findings of the key
/// after it and of the keys inside that key, with the reason; nothing else.
@Suite("atscheck:ignore comments")
struct IgnoreCommentTests {
    static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict>
      <!-- atscheck:ignore subdomains-on-public-suffix, insecure-http-exception: Tor hidden services are user-chosen -->
      <key>onion</key>
      <dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
      <key>ts.net</key>
      <dict>
        <key>NSIncludesSubdomains</key><true/>
        <!--atscheck:ignore insecure-http-exception:WireGuard-tunnelled-->
        <key>NSExceptionAllowsInsecureHTTPLoads</key><true/>
      </dict>
      <!-- atscheck:ignore legacy-key -->
      <key>legacy.example.com</key><dict><key>NSTemporaryExceptionAllowsInsecureHTTPLoads</key><true/></dict>
      <!-- atscheck:ignore arbitrary-loads: a comment for a rule with no finding here -->
      <key>other.example.com</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
    </dict></dict></dict></plist>
    """

    @Test("an entry's comment covers the entry and its keys; a key's comment covers that key; no reason or another rule covers nothing")
    func depths() {
        let report = Linter().lint(Data(Self.plist.utf8), path: "Info.plist")
        let accepted = report.suppressed.map { "\($0.finding.rule) \($0.finding.keyPath ?? "")" }.sorted()
        #expect(accepted == [
            "insecure-http-exception NSAppTransportSecurity.NSExceptionDomains.onion.NSExceptionAllowsInsecureHTTPLoads",
            "insecure-http-exception NSAppTransportSecurity.NSExceptionDomains.ts.net.NSExceptionAllowsInsecureHTTPLoads",
            "subdomains-on-public-suffix NSAppTransportSecurity.NSExceptionDomains.onion",
        ])
        #expect(Set(report.suppressed.map(\.justification)) == ["Tor hidden services are user-chosen", "WireGuard-tunnelled"])
        #expect(report.suppressed.allSatisfy { $0.origin.hasPrefix("Info.plist:") && $0.origin.hasSuffix("an atscheck:ignore comment") && $0.kind == "inSource" })
        let kept = report.findings.map { "\($0.rule) \($0.keyPath ?? "")" }
        #expect(kept.contains("subdomains-on-public-suffix NSAppTransportSecurity.NSExceptionDomains.ts.net"))
        #expect(kept.contains("legacy-key NSAppTransportSecurity.NSExceptionDomains.legacy.example.com"), "no reason: nothing suppressed")
        #expect(kept.contains("insecure-http-exception NSAppTransportSecurity.NSExceptionDomains.other.example.com.NSExceptionAllowsInsecureHTTPLoads"))
    }

    @Test("the same file without comments keeps every finding; binary plists have no comments")
    func withoutComments() throws {
        let bare = Self.plist.split(separator: "\n").filter { !$0.contains("<!--") }.joined(separator: "\n")
        let report = Linter().lint(Data(bare.utf8), path: "Info.plist")
        #expect(report.suppressed.isEmpty)
        let commented = Linter().lint(Data(Self.plist.utf8), path: "Info.plist")
        // The commented file also reports its comment without a reason (ignore-comment).
        let ownFindings = commented.findings.filter { $0.rule != "ignore-comment" }
        #expect(commented.findings.count - ownFindings.count == 1)
        #expect(report.findings.count == ownFindings.count + commented.suppressed.count)
    }
}
