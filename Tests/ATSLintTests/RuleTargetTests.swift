import ATSVocabulary
import ATSLint
import ATSPolicy
import Foundation
import Testing

/// Rules whose answer depends on the target OS, at the versions where it changes.
@Suite("Target-dependent rules")
struct RuleTargetTests {
    typealias T = RuleTestSupport

    static let ipBody = T.exceptions(
        T.entry("192.168.1.10", "<key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string>"),
        T.entry("fd00::/8", "<key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string>"))

    @Test("IP and CIDR exception keys by target", arguments: [
        (TargetOS(.iOS, 9), ["ip-exception-unsupported"]),
        (TargetOS(.iOS, 16), ["ip-exception-unsupported", "local-exception-unneeded"]),
        (TargetOS(.iOS, 16, 7), ["ip-exception-unsupported", "local-exception-unneeded"]),
        (TargetOS(.iOS, 17), []),
        (TargetOS(.macOS, 13), ["ip-exception-unsupported", "local-exception-unneeded"]),
        (TargetOS(.macOS, 14), []),
        (TargetOS.latest, []),
    ] as [(TargetOS, [String])])
    func ipKeys(_ target: TargetOS, _ expected: [String]) {
        let findings = T.lintATS(Self.ipBody, target: target)
        #expect(T.ruleIDs(findings) == Set(expected))
        // One finding per key and rule.
        #expect(findings.count == expected.count * 2)
    }

    @Test("A local-name entry allowing cleartext is unneeded from iOS 10 on, not on iOS 9; one that only sets a TLS minimum puts the name under ATS", arguments: [
        (TargetOS(.iOS, 9), 0), (TargetOS(.iOS, 10), 1), (TargetOS(.iOS, 17), 1), (TargetOS(.macOS, 10, 11), 0), (TargetOS(.macOS, 10, 12), 1),
    ] as [(TargetOS, Int)])
    func localNames(_ target: TargetOS, _ count: Int) {
        let findings = T.lintATS(T.exceptions(
            T.entry("localhost", "<key>NSExceptionAllowsInsecureHTTPLoads</key><true/>"),
            T.entry("nas.local", "<key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string>"),
            T.entry("example.com", "<key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string>")), target: target)
        #expect(findings.filter { $0.rule == "local-exception-unneeded" }.count == count)
    }

    @Test("NSAllowsArbitraryLoads with a neutralising key: effective on iOS 9 and macOS 10.11, ignored from iOS 10 / macOS 10.12", arguments: [
        (TargetOS(.iOS, 9), "arbitrary-loads"), (TargetOS(.iOS, 9, 3), "arbitrary-loads"), (TargetOS(.iOS, 10), "arbitrary-loads-ignored"),
        (TargetOS(.macOS, 10, 11), "arbitrary-loads"), (TargetOS(.macOS, 10, 12), "arbitrary-loads-ignored"), (TargetOS.latest, "arbitrary-loads-ignored"),
    ] as [(TargetOS, String)])
    func neutralisation(_ target: TargetOS, _ rule: String) {
        let findings = T.lintATS("<key>NSAllowsArbitraryLoads</key><true/><key>NSAllowsArbitraryLoadsInWebContent</key><false/>", target: target)
        #expect(findings.map(\.rule) == [rule])
    }

    @Test("Without a neutralising key arbitrary-loads fires on every target", arguments: [TargetOS(.iOS, 9), TargetOS(.iOS, 16), TargetOS.latest])
    func plainArbitraryLoads(_ target: TargetOS) {
        #expect(T.lintATS("<key>NSAllowsArbitraryLoads</key><true/>", target: target).map(\.rule) == ["arbitrary-loads"])
    }

    @Test("NSPinnedDomains before and after iOS 14 / macOS 11", arguments: [
        (TargetOS(.iOS, 13, 7), true), (TargetOS(.iOS, 14), false), (TargetOS(.macOS, 10, 15), true), (TargetOS(.macOS, 11), false),
    ] as [(TargetOS, Bool)])
    func pinnedDomains(_ target: TargetOS, _ reported: Bool) throws {
        let findings = try T.lintFile("pinned-api.plist", target: target)
        #expect(findings.map(\.rule) == (reported ? ["pinned-domains-unsupported"] : []))
    }
}
