import ATSLint
import ATSPolicy
import Foundation
import Testing

/// subdomains-on-public-suffix with the installed list, and its single notice without one.
@Suite("Public Suffix List")
struct RulePublicSuffixTests {
    typealias T = RuleTestSupport

    @Test("The installed list (Debian's publicsuffix package) loads and knows the usual suffixes")
    func installedList() throws {
        let list = try #require(T.publicSuffixes, "install Debian's publicsuffix package")
        #expect(list.count > 5000)
        for suffix in ["com", "co.uk", "github.io", "COM"] { #expect(list.isPublicSuffix(suffix), "\(suffix)") }
        for domain in ["example.com", "example.co.uk", "me.github.io"] { #expect(!list.isPublicSuffix(domain), "\(domain)") }
        #expect(PublicSuffixList.loadInstalled() != nil)
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
        #expect(notice.message.contains("Public Suffix List not found"))
        #expect(notice.message.contains("publicsuffix package"))
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
}
