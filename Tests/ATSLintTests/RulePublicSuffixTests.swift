import ATSLint
import ATSPolicy
import Foundation
import Testing

/// subdomains-on-public-suffix with the compiled-in list, and its single notice without one.
@Suite("Public Suffix List")
struct RulePublicSuffixTests {
    typealias T = RuleTestSupport

    @Test("The snapshot compiled in loads through libpsl and knows the usual suffixes")
    func snapshotList() throws {
        let list = PublicSuffixList.snapshot
        #expect(list.count > 9000)
        for suffix in ["com", "co.uk", "github.io", "COM", "co.uk."] { #expect(list.isPublicSuffix(suffix), "\(suffix)") }
        for domain in ["example.com", "example.co.uk", "me.github.io", "", ".", "a\u{0}.com"] { #expect(!list.isPublicSuffix(domain), "\(domain)") }
        #expect(PublicSuffixList.snapshotSource.hasPrefix("publicsuffix/list e8c9a2b2b285 (2026-08-19)"))
        // The list's sections: co.uk is an ICANN suffix, github.io a private one (HostnameMatcher's wildcard rule).
        for suffix in ["com", "co.uk", "com.au"] { #expect(list.isPublicSuffix(suffix, icannOnly: true), "\(suffix)") }
        for suffix in ["github.io", "herokuapp.com"] { #expect(!list.isPublicSuffix(suffix, icannOnly: true), "\(suffix)") }
    }

    @Test("Without the list: one notice per file, at the first NSIncludesSubdomains=YES")
    func missingList() throws {
        let findings = try T.lintFile("fixtures/subdomains-on-public-suffix.plist", publicSuffixes: nil)
        #expect(findings.count == 1)
        let notice = try #require(findings.first)
        #expect(notice.rule == "subdomains-on-public-suffix")
        #expect(notice.severity == .notice)
        #expect(notice.keyPath == "NSAppTransportSecurity.NSExceptionDomains.co.uk.NSIncludesSubdomains")
        #expect(notice.line == 12)
        #expect(notice.message.contains("No Public Suffix List was given"))
    }

    @Test("Without the list and without NSIncludesSubdomains=YES: nothing")
    func missingListNoSubdomains() throws {
        #expect(try T.lintFile("fixtures/arbitrary-loads.plist", publicSuffixes: nil).map(\.rule) == ["arbitrary-loads"])
        #expect(try T.lintFile("fixtures/redundant-default.plist", publicSuffixes: nil).allSatisfy { $0.rule == "redundant-default" })
    }

    @Test("Pinned domains on a suffix; localhost, IP keys and registrable domains are not suffixes here")
    func otherKeys() {
        let includes = "<key>NSIncludesSubdomains</key><true/>"
        let pinned = T.lintATS("<key>NSPinnedDomains</key><dict>" + T.entry("github.io", includes + "<key>NSPinnedCAIdentities</key>" + T.pins(T.pinA, T.pinB)) + "</dict>")
        #expect(pinned.map(\.rule) == ["subdomains-on-public-suffix"])
        #expect(pinned.first?.message.contains("pins every site") == true)
        let quiet = T.lintATS(T.exceptions(
            T.entry("example.co.uk", includes), T.entry("localhost", includes), T.entry("10.0.0.0/8", includes)))
        #expect(!quiet.contains { $0.rule == "subdomains-on-public-suffix" })
    }

    @Test("A suffix added to the list in 2026 is found by default, whatever the machine's list says")
    func recentSuffix() {
        // claudeusercontent.com joined the list's PRIVATE section on 2026-08-19 (publicsuffix/list
        // e8c9a2b2b285); lint with Debian 12's installed list (2023-02-09) said nothing about it.
        let includes = "<key>NSIncludesSubdomains</key><true/>"
        let xml = "<plist version=\"1.0\"><dict><key>NSAppTransportSecurity</key><dict>"
            + T.exceptions(T.entry("claudeusercontent.com", includes)) + "</dict></dict></plist>"
        let findings = Linter().lint(Data(xml.utf8), path: "Info.plist").findings  // default options: the snapshot
        #expect(findings.map(\.rule) == ["subdomains-on-public-suffix"])
    }
}
