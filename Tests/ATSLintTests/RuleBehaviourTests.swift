@testable import ATSLint
import ATSPolicy
import Foundation
import Testing

/// Messages, fixes and the edge cases of individual rules, on fixtures and inline plists.
@Suite("Rule behaviour")
struct RuleBehaviourTests {
    typealias T = RuleTestSupport

    struct FixCase: Sendable, CustomTestStringConvertible {
        let fixture: String
        let line: Int
        let rule: String
        let fix: String?
        let messageContains: String
        var testDescription: String { "\(fixture):\(line) \(rule)" }
    }

    static let fixes: [FixCase] = [
        FixCase(fixture: "wrong-type", line: 8, rule: "wrong-type", fix: "<true/>",
                messageContains: "NSAllowsArbitraryLoads is a String (\"YES\"); ATS expects a Boolean, and treats a value that is not a number as absent"),
        FixCase(fixture: "wrong-type", line: 14, rule: "wrong-type", fix: "<string>TLSv1.3</string>", messageContains: "is a Real (1.3)"),
        FixCase(fixture: "unknown-key", line: 8, rule: "unknown-key", fix: "NSAllowsArbitraryLoadsForMedia", messageContains: "corrected in 2016"),
        FixCase(fixture: "unknown-key", line: 14, rule: "unknown-key", fix: "NSIncludesSubdomains", messageContains: "did you mean NSIncludesSubdomains?"),
        FixCase(fixture: "unknown-key", line: 16, rule: "unknown-key", fix: "NSExceptionAllowsInsecureHTTPLoads", messageContains: "example.com"),
        FixCase(fixture: "unknown-key", line: 18, rule: "unknown-key", fix: "NSExceptionAllowsInsecureHTTPLoads", messageContains: "never a real key"),
        FixCase(fixture: "unknown-key", line: 20, rule: "unknown-key", fix: "Remove NSExceptionAllowsLocalNetworking", messageContains: "NSAllowsLocalNetworking is a top-level key"),
        FixCase(fixture: "misplaced-key", line: 6, rule: "misplaced-key", fix: "Move NSAllowsArbitraryLoads directly inside NSAppTransportSecurity", messageContains: "Info.plist root"),
        FixCase(fixture: "misplaced-key", line: 10, rule: "misplaced-key", fix: "Move NSExceptionAllowsInsecureHTTPLoads inside a domain's entry: NSAppTransportSecurity → NSExceptionDomains → <domain>", messageContains: "not a top-level ATS key"),
        FixCase(fixture: "misplaced-key", line: 14, rule: "misplaced-key", fix: nil, messageContains: "takes it for a host name"),
        FixCase(fixture: "misplaced-key", line: 20, rule: "misplaced-key", fix: "Move NSPinnedCAIdentities inside a domain's entry: NSAppTransportSecurity → NSPinnedDomains → 'example.com'", messageContains: "example.com"),
        FixCase(fixture: "duplicate-key", line: 10, rule: "duplicate-key", fix: "Merge the two NSExceptionDomains values into one key", messageContains: "again at line 20"),
        FixCase(fixture: "legacy-key", line: 10, rule: "legacy-key", fix: "Rename NSThirdPartyExceptionMinimumTLSVersion to NSExceptionMinimumTLSVersion", messageContains: "so it acts as an empty entry: full ATS applies to example.com"),
        FixCase(fixture: "legacy-key", line: 19, rule: "legacy-key", fix: "Remove NSTemporaryExceptionMinimumTLSVersion", messageContains: "NSExceptionMinimumTLSVersion is also set in this entry"),
        FixCase(fixture: "arbitrary-loads-ignored", line: 8, rule: "arbitrary-loads-ignored", fix: nil, messageContains: "because NSAllowsLocalNetworking is present"),
        FixCase(fixture: "invalid-tls-version", line: 12, rule: "invalid-tls-version", fix: "TLSv1.2", messageContains: "\"1.2\""),
        FixCase(fixture: "invalid-tls-version", line: 17, rule: "invalid-tls-version", fix: "TLSv1.2", messageContains: "\"TLSv1.2 \""),
        FixCase(fixture: "invalid-tls-version", line: 22, rule: "invalid-tls-version", fix: "TLSv1.2", messageContains: "did you mean TLSv1.2?"),
        FixCase(fixture: "invalid-tls-version", line: 27, rule: "invalid-tls-version", fix: "TLSv1.0", messageContains: "TLS1.0"),
        FixCase(fixture: "invalid-tls-version", line: 32, rule: "invalid-tls-version", fix: "One of TLSv1.0, TLSv1.1, TLSv1.2, TLSv1.3", messageContains: "SSLv3"),
        FixCase(fixture: "niap-unknown-value", line: 8, rule: "niap-unknown-value", fix: "FCP_v2.1", messageContains: "fcp_v2.1"),
        FixCase(fixture: "niap-unknown-value", line: 14, rule: "niap-unknown-value", fix: "FCP_v2.1", messageContains: "FCP_v2"),
        FixCase(fixture: "invalid-domain", line: 10, rule: "invalid-domain", fix: "api.example.com", messageContains: "URL scheme"),
        FixCase(fixture: "invalid-domain", line: 15, rule: "invalid-domain", fix: "example.com", messageContains: "port (':443')"),
        FixCase(fixture: "invalid-domain", line: 20, rule: "invalid-domain", fix: "example.net with NSIncludesSubdomains=YES", messageContains: "wildcard"),
        FixCase(fixture: "invalid-domain", line: 25, rule: "invalid-domain", fix: "cdn.example.org", messageContains: "path"),
        FixCase(fixture: "invalid-domain", line: 30, rule: "invalid-domain", fix: "example.info", messageContains: "whitespace"),
        FixCase(fixture: "invalid-domain", line: 35, rule: "invalid-domain", fix: "Remove the entry", messageContains: "empty"),
        FixCase(fixture: "uppercase-domain", line: 10, rule: "uppercase-domain", fix: "api.example.com", messageContains: "API.Example.com"),
        FixCase(fixture: "duplicate-domain", line: 10, rule: "duplicate-domain", fix: "Merge the two example.com entries into one", messageContains: "again at line 15"),
        FixCase(fixture: "shadowed-domain", line: 17, rule: "shadowed-domain", fix: "Remove the api.example.com entry", messageContains: "redundant"),
        FixCase(fixture: "shadowed-domain", line: 22, rule: "shadowed-domain", fix: nil, messageContains: "gets its own settings instead of example.com's"),
        FixCase(fixture: "shadowed-domain", line: 29, rule: "shadowed-domain", fix: "Remove the a.b.example.com entry", messageContains: "redundant"),
        FixCase(fixture: "empty-exception", line: 10, rule: "empty-exception", fix: "Add the exception keys the entry was meant to have, or remove it", messageContains: "no global key reaches it"),
        FixCase(fixture: "pin-invalid", line: 15, rule: "pin-invalid", fix: T.pinA, messageContains: "hexadecimal"),
        FixCase(fixture: "pin-invalid", line: 19, rule: "pin-invalid", fix: T.pinB, messageContains: "'sha256/' prefix"),
        FixCase(fixture: "pin-invalid", line: 23, rule: "pin-invalid", fix: PinInvalidRule.recipe, messageContains: "decodes to 20 bytes"),
        FixCase(fixture: "pin-invalid", line: 27, rule: "pin-invalid", fix: nil, messageContains: "is a Data, not a String"),
        FixCase(fixture: "pin-invalid", line: 33, rule: "pin-invalid", fix: nil, messageContains: "empty array"),
        FixCase(fixture: "subdomains-on-public-suffix", line: 17, rule: "subdomains-on-public-suffix", fix: nil, messageContains: "github.io is a public suffix"),
    ]

    @Test("Messages and fixes", arguments: fixes)
    func messageAndFix(_ testCase: FixCase) throws {
        let findings = try T.lintFile("fixtures/\(testCase.fixture).plist")
        let finding = try #require(findings.first { $0.line == testCase.line && $0.rule == testCase.rule })
        #expect(finding.message.contains(testCase.messageContains), "\(finding.message)")
        if let fix = testCase.fix { #expect(finding.fix == fix) }
    }

    // MARK: wrong-type

    @Test("wrong-type: the fix follows the written value; a non-dictionary ATS value is reported")
    func wrongTypeFixes() {
        let no = T.lintATS("<key>NSAllowsLocalNetworking</key><string>NO</string>")
        #expect(no.map(\.rule) == ["wrong-type"])
        #expect(no.first?.fix == "<false/>")
        #expect(no.first?.message.contains("treats a value that is not a number as absent") == true)
        let one = T.lintATS("<key>NSAllowsArbitraryLoadsInWebContent</key><integer>1</integer>").filter { $0.rule == "wrong-type" }
        #expect(one.first?.fix == "<true/>")
        #expect(one.first?.message.contains("is an Integer (1)") == true)
        #expect(one.first?.message.contains("works as YES") == true)
        let two = T.lintATS("<key>NSAllowsArbitraryLoads</key><integer>2</integer>")
        #expect(two.map(\.rule) == ["redundant-default", "wrong-type"], "2 reads as NO, the default")
        #expect(two.last?.message.contains("reads a number other than 1 as NO") == true)
        let root = T.lintDocument("<dict><key>NSAppTransportSecurity</key><string>YES</string></dict>")
        #expect(root.map(\.rule) == ["wrong-type"])
        #expect(root.first?.keyPath == "NSAppTransportSecurity")
        #expect(root.first?.fix == "<dict>…</dict>")
    }

    @Test("wrong-type: a wrong-typed NSAllowsArbitraryLoads is neither effective nor neutralised")
    func wrongTypedArbitraryLoads() {
        let findings = T.lintATS("<key>NSAllowsArbitraryLoads</key><string>YES</string><key>NSAllowsLocalNetworking</key><true/>")
        #expect(T.ruleIDs(findings) == ["wrong-type"])
    }

    @Test("wrong-type: an exception entry that is not a dictionary gets no other finding")
    func nonDictionaryEntry() {
        let findings = T.lintATS(T.exceptions("<key>example.com</key><string>TLSv1.2</string>"))
        #expect(findings.map(\.rule) == ["wrong-type"])
        #expect(findings.first?.keyPath == "NSAppTransportSecurity.NSExceptionDomains.example.com")
        #expect(findings.first?.message.contains("ATS expects a Dictionary") == true)
    }

    // MARK: unknown-key / misplaced-key

    @Test("unknown-key: a near miss of NSAppTransportSecurity at the Info.plist root; other root keys are left alone")
    func misspeltRoot() {
        let findings = T.lintDocument("""
        <dict><key>CFBundleName</key><string>X</string><key>UIRequiredDeviceCapabilities</key><array/>
        <key>NSAppTransportSecurty</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict></dict>
        """)
        #expect(findings.map(\.rule) == ["unknown-key"])
        #expect(findings.first?.keyPath == "NSAppTransportSecurty")
        #expect(findings.first?.fix == "NSAppTransportSecurity")
    }

    @Test("unknown-key: suggestions come from every level, say where the key belongs, and map legacy names")
    func crossLevelSuggestion() {
        let top = T.lintATS("<key>NSIncludeSubdomains</key><true/>")
        #expect(top.map(\.rule) == ["unknown-key"])
        #expect(top.first?.fix == "NSIncludesSubdomains")
        #expect(top.first?.message.contains("which belongs inside a domain's entry") == true)
        let legacyTypo = T.lintATS(T.exceptions(T.entry("example.com", "<key>NSThirdPartyExceptionAllowsInsecureHTTPLoad</key><true/>")))
        // The entry's only key is misspelt, so it also acts as an empty entry (#24).
        #expect(legacyTypo.map(\.rule).sorted() == ["empty-exception", "unknown-key"])
        #expect(legacyTypo.first { $0.rule == "unknown-key" }?.fix == "NSExceptionAllowsInsecureHTTPLoads")
        let pinned = T.lintATS("<key>NSPinnedDomains</key><dict>" + T.entry("example.com", "<key>NSPinnedCAIdentities</key>" + T.pins(T.pinA, T.pinB) + "<key>NSIncludeSubdomain</key><true/>") + "</dict>")
        #expect(pinned.map(\.rule) == ["unknown-key"])
        #expect(pinned.first?.fix == "NSIncludesSubdomains")
        let nothingClose = T.lintATS("<key>MyCompanySetting</key><true/>")
        #expect(nothingClose.first?.fix == "Remove MyCompanySetting")
    }

    @Test("unknown-key: suggestions by edit distance and case", arguments: [
        ("NSAllowsArbitraryLoadsInMedia", KeyLevel.ats, "NSAllowsArbitraryLoadsForMedia"),
        ("nsallowsarbitraryloads", .ats, "NSAllowsArbitraryLoads"),
        ("NSAllowsArbitraryLoads ", .ats, "NSAllowsArbitraryLoads"),
        ("NSExceptionMinimumTLSVersions", .exceptionEntry, "NSExceptionMinimumTLSVersion"),
        ("NSPinnedLeafIdentity", .pinnedEntry, "NSPinnedLeafIdentities"),
        ("SPKI-SHA256-Base64", .pinIdentity, "SPKI-SHA256-BASE64"),
        ("NSTemporaryExceptionRequiresForwardSecrecyy", .exceptionEntry, "NSExceptionRequiresForwardSecrecy"),
    ] as [(String, KeyLevel, String)])
    func suggestions(_ typed: String, _ level: KeyLevel, _ expected: String) {
        #expect(KeyCatalog.suggestion(for: typed, at: level) == expected)
    }

    @Test("misplaced-key: ATS keys at the root of a full Info.plist configure nothing, and nothing else is reported")
    func infoPlistRootKeys() {
        let findings = T.lintDocument("""
        <dict>
        <key>CFBundleIdentifier</key><string>com.example.app</string>
        <key>NSAllowsArbitraryLoads</key><true/>
        <key>NSExceptionDomains</key><dict><key>example.com</key><dict/></dict>
        </dict>
        """)
        #expect(findings.map(\.rule) == ["misplaced-key", "misplaced-key"])
        #expect(findings.map(\.keyPath) == ["NSAllowsArbitraryLoads", "NSExceptionDomains"])
        #expect(findings.map(\.line) == [6, 7])
    }

    @Test("A bare ATS dictionary (no CFBundle keys) is linted as the ATS dictionary itself")
    func bareDictionary() {
        let findings = T.lintDocument("<dict><key>NSAllowsArbitraryLoads</key><true/></dict>")
        #expect(findings.map(\.rule) == ["arbitrary-loads"])
        #expect(findings.first?.keyPath == "NSAllowsArbitraryLoads")
    }

    @Test("misplaced-key: exception keys in a pinned entry, a digest outside its element, a nested NSAppTransportSecurity")
    func misplacedElsewhere() {
        let findings = T.lintATS("""
        <key>NSAppTransportSecurity</key><dict/>
        <key>NSPinnedDomains</key><dict><key>example.com</key><dict>
        <key>NSPinnedCAIdentities</key>\(T.pins(T.pinA, T.pinB))
        <key>NSExceptionAllowsInsecureHTTPLoads</key><true/>
        <key>SPKI-SHA256-BASE64</key><string>\(T.pinA)</string>
        </dict></dict>
        """)
        #expect(findings.map(\.rule) == ["misplaced-key", "misplaced-key", "misplaced-key"])
        #expect(findings.map(\.keyPath) == [
            "NSAppTransportSecurity.NSAppTransportSecurity",
            "NSAppTransportSecurity.NSPinnedDomains.example.com.NSExceptionAllowsInsecureHTTPLoads",
            "NSAppTransportSecurity.NSPinnedDomains.example.com.SPKI-SHA256-BASE64",
        ])
        #expect(findings[1].fix?.contains("NSExceptionDomains → 'example.com'") == true)
    }

    // MARK: global keys

    @Test("arbitrary-loads-ignored names every neutralising key; the neutralisers get their own findings")
    func severalNeutralisers() {
        let findings = T.lintATS("""
        <key>NSAllowsArbitraryLoads</key><true/>
        <key>NSAllowsArbitraryLoadsForMedia</key><true/>
        <key>NSAllowsArbitraryLoadsInWebContent</key><true/>
        """)
        #expect(T.ruleIDs(findings) == ["arbitrary-loads-ignored", "media-arbitrary-loads", "web-content-arbitrary-loads"])
        let ignored = findings.first { $0.rule == "arbitrary-loads-ignored" }
        #expect(ignored?.message.contains("NSAllowsArbitraryLoadsForMedia and NSAllowsArbitraryLoadsInWebContent are present") == true)
    }

    @Test("empty-exception: with effective arbitrary loads it is the inverted pattern, without a fix")
    func invertedPattern() {
        let body = "<key>NSAllowsArbitraryLoads</key><true/>" + T.exceptions(T.entry("example.com"))
        let findings = T.lintATS(body)
        #expect(findings.map(\.rule) == ["arbitrary-loads", "empty-exception"])
        let empty = findings[1]
        #expect(empty.severity == .notice)
        #expect(empty.message.contains("inverted pattern"))
        #expect(empty.fix == nil)
        // Neutralised arbitrary loads: no longer the inverted pattern.
        let neutralised = T.lintATS(body + "<key>NSAllowsLocalNetworking</key><true/>")
        #expect(neutralised.first { $0.rule == "empty-exception" }?.message.contains("inverted") == false)
    }

    // MARK: redundant-default

    @Test("redundant-default: neutralising keys at NO are never reported; NSAllowsArbitraryLoads=NO always is")
    func redundantNeutralisers() {
        let findings = T.lintATS("""
        <key>NSAllowsArbitraryLoads</key><false/>
        <key>NSAllowsLocalNetworking</key><false/>
        <key>NSAllowsArbitraryLoadsForMedia</key><false/>
        <key>NSAllowsArbitraryLoadsInWebContent</key><false/>
        """)
        #expect(findings.map(\.rule) == ["redundant-default"])
        #expect(findings.first?.keyPath == "NSAppTransportSecurity.NSAllowsArbitraryLoads")
    }

    @Test("redundant-default: a documented key overriding a legacy alias, or a NIAP carve-out, is doing work")
    func notRedundant() {
        let overriding = T.lintATS(T.exceptions(T.entry("example.com", """
        <key>NSTemporaryExceptionAllowsInsecureHTTPLoads</key><true/>
        <key>NSExceptionAllowsInsecureHTTPLoads</key><false/>
        """)))
        #expect(T.ruleIDs(overriding) == ["legacy-key"])
        let carveOut = T.lintATS("<key>NSRequiresNIAPTLSPackageVersion</key><string>FCP_v2.1</string>"
            + T.exceptions(T.entry("example.com", "<key>NSExceptionRequiresNIAPTLSPackageVersion</key><string>none</string>")))
        #expect(carveOut.isEmpty)
        let plainNone = T.lintATS("<key>NSRequiresNIAPTLSPackageVersion</key><string>none</string>"
            + T.exceptions(T.entry("example.com", "<key>NSExceptionRequiresNIAPTLSPackageVersion</key><string>none</string>")))
        #expect(plainNone.map(\.rule) == ["redundant-default", "redundant-default"])
        let pinned = T.lintATS("<key>NSPinnedDomains</key><dict>" + T.entry("example.com", "<key>NSIncludesSubdomains</key><false/><key>NSPinnedCAIdentities</key>" + T.pins(T.pinA, T.pinB)) + "</dict>")
        #expect(pinned.map(\.rule) == ["redundant-default"])
    }

    // MARK: domain keys

    @Test("Domain-key analysis", arguments: [
        ("example.com", nil, false),
        ("example.com.", nil, false),
        ("10.0.0.0/8", nil, false),
        ("fd00::/8", nil, false),
        ("::1", nil, false),
        ("[::1]", "::1", false),
        ("[::1]:8080", "::1", false),
        (".example.com", "example.com", true),
        ("user@example.com", "example.com", false),
        ("http://Example.com:8080/path?q", "example.com", false),
        ("api.*.example.com", nil, false),
        ("", nil, false),
    ] as [(String, String?, Bool)])
    func domainKeys(_ key: String, _ cleaned: String?, _ wantsSubdomains: Bool) {
        let analysis = DomainKeyAnalysis(key)
        let valid = ["example.com", "example.com.", "10.0.0.0/8", "fd00::/8", "::1"].contains(key)
        #expect(analysis.isValid == valid, "\(analysis.problems)")
        if !valid { #expect(analysis.cleaned == cleaned) }
        #expect(analysis.wantsIncludesSubdomains == wantsSubdomains)
    }

    @Test("invalid-domain wins over uppercase-domain, whose fix it already lower-cases")
    func invalidBeatsUppercase() {
        let findings = T.lintATS(T.exceptions(T.entry("HTTPS://API.Example.com", "<key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string>")))
        #expect(findings.map(\.rule) == ["invalid-domain"])
        #expect(findings.first?.fix == "api.example.com")
    }

    @Test("duplicate-domain: keys equal after lower-casing are reported at the later one")
    func caseDuplicates() {
        let tls13 = "<key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string>"
        let findings = T.lintATS(T.exceptions(T.entry("example.com", tls13), T.entry("Example.com", tls13)))
        #expect(T.ruleIDs(findings) == ["duplicate-domain", "uppercase-domain"])
        let duplicate = findings.first { $0.rule == "duplicate-domain" }
        #expect(duplicate?.keyPath == "NSAppTransportSecurity.NSExceptionDomains.Example.com")
        #expect(duplicate?.message.contains("differ only in letter case") == true)
        #expect(duplicate?.fix == "Merge them into one entry keyed example.com")
    }

    @Test("duplicate-domain: three case variants each point at the latest earlier one; an exact repeat at its last copy")
    func caseVariantChain() {
        let tls13 = "<key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string>"
        let findings = T.lintATS(T.exceptions(T.entry("Example.com", tls13), T.entry("EXAMPLE.com", tls13), T.entry("example.com", tls13)))
            .filter { $0.rule == "duplicate-domain" }
        #expect(findings.map(\.keyPath) == ["NSAppTransportSecurity.NSExceptionDomains.EXAMPLE.com", "NSAppTransportSecurity.NSExceptionDomains.example.com"])
        #expect(findings[0].message.hasPrefix("EXAMPLE.com and Example.com"))
        #expect(findings[1].message.hasPrefix("example.com and EXAMPLE.com"))
    }

    @Test("shadowed-domain: a pinned key with a trailing dot is covered by the same name without it, the first such entry")
    func shadowedPinnedTrailingDot() {
        let plain = T.entry("example.com", "<key>NSPinnedCAIdentities</key>" + T.pins(T.pinA, T.pinB))
        let dotted = T.entry("example.com.", "<key>NSPinnedLeafIdentities</key>" + T.pins(T.pinA, T.pinB))
        let findings = T.lintATS("<key>NSPinnedDomains</key><dict>" + plain + dotted + "</dict>").filter { $0.rule == "shadowed-domain" }
        #expect(findings.map(\.keyPath) == ["NSAppTransportSecurity.NSPinnedDomains.example.com."])
        #expect(findings.first?.message.hasPrefix("example.com. is also covered by example.com") == true)
    }

    @Test("shadowed-domain: pinned domains too; a child that extends the same settings further is not reported")
    func shadowedPins() {
        let parent = T.entry("example.com", "<key>NSIncludesSubdomains</key><true/><key>NSPinnedCAIdentities</key>" + T.pins(T.pinA, T.pinB))
        let same = T.lintATS("<key>NSPinnedDomains</key><dict>" + parent + T.entry("api.example.com", "<key>NSPinnedCAIdentities</key>" + T.pins(T.pinB, T.pinA)) + "</dict>")
        #expect(same.map(\.rule) == ["shadowed-domain"])
        #expect(same.first?.message.contains("redundant") == true)
        let different = T.lintATS("<key>NSPinnedDomains</key><dict>" + parent + T.entry("api.example.com", "<key>NSPinnedLeafIdentities</key>" + T.pins(T.pinA, T.pinB)) + "</dict>")
        #expect(different.first?.message.contains("unites the pins of both entries") == true)
        // Pinned entries reach the immediate parent only: a.b.example.com is not covered by example.com.
        let deep = T.lintATS("<key>NSPinnedDomains</key><dict>" + parent + T.entry("a.b.example.com", "<key>NSPinnedCAIdentities</key>" + T.pins(T.pinB, T.pinA)) + "</dict>")
        #expect(deep.filter { $0.rule == "shadowed-domain" }.isEmpty)
        let tls13 = "<key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string>"
        let extending = T.lintATS(T.exceptions(T.entry("example.com", "<key>NSIncludesSubdomains</key><true/>" + tls13),
                                               T.entry("api.example.com", "<key>NSIncludesSubdomains</key><true/>" + tls13)))
        #expect(extending.isEmpty)
    }

    @Test("subdomains-on-ip: only IP and CIDR keys")
    func subdomainsOnIP() {
        let findings = T.lintATS(T.exceptions(T.entry("192.168.1.10", "<key>NSIncludesSubdomains</key><true/>"),
                                              T.entry("example.com", "<key>NSIncludesSubdomains</key><true/>")))
        #expect(findings.map(\.rule) == ["subdomains-on-ip"])
        #expect(findings.first?.message.contains("IP-address entry 192.168.1.10") == true)
    }

    // MARK: pinning

    @Test("pin-no-backup: each identity array needs its own backup (both arrays must match)")
    func backupPerArray() {
        func lint(_ ca: [String], _ leaf: [String]?) -> [Finding] {
            var body = "<key>NSPinnedCAIdentities</key><array>" + ca.map { "<dict><key>SPKI-SHA256-BASE64</key><string>\($0)</string></dict>" }.joined() + "</array>"
            if let leaf { body += "<key>NSPinnedLeafIdentities</key><array>" + leaf.map { "<dict><key>SPKI-SHA256-BASE64</key><string>\($0)</string></dict>" }.joined() + "</array>" }
            return T.lintATS("<key>NSPinnedDomains</key><dict>" + T.entry("api.example.com", body) + "</dict>")
        }
        #expect(lint([T.pinA], [T.pinA, T.pinB]).map(\.keyPath) == ["NSAppTransportSecurity.NSPinnedDomains.api.example.com.NSPinnedCAIdentities"])
        #expect(lint([T.pinA, T.pinB], [T.pinA]).map(\.keyPath) == ["NSAppTransportSecurity.NSPinnedDomains.api.example.com.NSPinnedLeafIdentities"])
        #expect(lint([T.pinA, T.pinB], nil).isEmpty)
        #expect(lint([T.pinA], [T.pinB]).count == 2)
    }

    @Test("pin-invalid: digest diagnosis", arguments: [
        (" \(RuleTestSupport.pinA)", "surrounding whitespace", RuleTestSupport.pinA as String?),
        (String(RuleTestSupport.pinA.dropLast()), "padding", RuleTestSupport.pinA),
        ("pin-sha256=\"\(RuleTestSupport.pinB)\"", "prefix", RuleTestSupport.pinB),
        ("32:de:e2:66:8f:83:98:1e:fb:e0:2c:ce:8e:a5:60:99:6f:8f:7d:ea:61:bf:51:35:94:f7:3e:7d:c4:0f:24:e0", "hexadecimal", RuleTestSupport.pinA),
        ("not base64!", "not valid base64", nil),
        ("AAAA", "decodes to 3 bytes", nil),
    ])
    func digestDiagnosis(_ text: String, _ problem: String, _ repaired: String?) {
        let diagnosis = PinDigestDiagnosis.diagnose(text)
        #expect(diagnosis.problem.contains(problem), "\(diagnosis.problem)")
        #expect(diagnosis.repaired == repaired)
    }

    @Test("pin-invalid leaves extra keys beside a valid digest to unknown-key, and wrong-typed arrays to wrong-type")
    func pinShapeOwnership() {
        let extra = T.lintATS("<key>NSPinnedDomains</key><dict>" + T.entry("api.example.com", """
        <key>NSPinnedCAIdentities</key><array>
        <dict><key>SPKI-SHA256-BASE64</key><string>\(T.pinA)</string><key>Note</key><string>x</string></dict>
        <dict><key>SPKI-SHA256-BASE64</key><string>\(T.pinB)</string></dict></array>
        """) + "</dict>")
        #expect(extra.map(\.rule) == ["unknown-key"])
        let wrongArray = T.lintATS("<key>NSPinnedDomains</key><dict>" + T.entry("api.example.com", "<key>NSPinnedCAIdentities</key><string>\(T.pinA)</string>") + "</dict>")
        #expect(wrongArray.map(\.rule) == ["wrong-type"])
    }

    // MARK: helpers

    @Test("Edit distance", arguments: [("", "", 0), ("abc", "", 3), ("kitten", "sitting", 3), ("NSIncludeSubdomains", "NSIncludesSubdomains", 1)])
    func editDistance(_ a: String, _ b: String, _ expected: Int) {
        #expect(KeyDistance.distance(a, b) == expected)
        #expect(KeyDistance.distance(b, a) == expected)
        #expect(KeyDistance.distance(a, b, limit: 0) == min(expected, 1))
    }

    @Test("TLS version suggestions", arguments: [
        ("1.2", "TLSv1.2"), ("tlsv1.3", "TLSv1.3"), ("TLS1.1", "TLSv1.1"), ("TLSv12", "TLSv1.2"), ("TLS_1_0", "TLSv1.0"),
        (" TLSv1.2 ", "TLSv1.2"), ("v1.3", "TLSv1.3"), ("SSLv3", nil), ("TLSv2.0", nil),
    ] as [(String, String?)])
    func tlsSuggestions(_ written: String, _ expected: String?) {
        #expect(TLSVersionSuggestion.suggest(written) == expected)
    }
}
