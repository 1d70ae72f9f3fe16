@testable import ATSApp
@testable import ATSPolicySources
import ATSPolicy
import AtscheckTestSupport
import Foundation
import Testing

/// A property-list value with no locations and dictionaries as Swift dictionaries, so two
/// values compare exactly (a repeated key shows up as a key of its own, and fails).
indirect enum Plain: Equatable, CustomStringConvertible, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral,
    ExpressibleByStringLiteral, ExpressibleByBooleanLiteral {
    case dictionary([String: Plain])
    case array([Plain])
    case string(String)
    case bool(Bool)
    case integer(String)
    case real(Double)
    case date(Date)
    case data(Data)

    init(_ value: PlistValue) {
        switch value {
        case .dictionary(let entries):
            var result: [String: Plain] = [:]
            for entry in entries {
                let key = result[entry.key] == nil ? entry.key : "<repeated \(entry.key)>"
                result[key] = Plain(entry.node.value)
            }
            self = .dictionary(result)
        case .array(let items): self = .array(items.map { Plain($0.value) })
        case .string(let text): self = .string(text)
        case .bool(let flag): self = .bool(flag)
        case .integer(let text): self = .integer(text)
        case .real(let number): self = .real(number)
        case .date(let date): self = .date(date)
        case .data(let bytes): self = .data(bytes)
        }
    }

    init(dictionaryLiteral elements: (String, Plain)...) { self = .dictionary(Dictionary(uniqueKeysWithValues: elements)) }
    init(arrayLiteral elements: Plain...) { self = .array(elements) }
    init(stringLiteral value: String) { self = .string(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }

    var description: String {
        switch self {
        case .dictionary(let entries):
            return "{" + entries.keys.sorted().map { "\($0) = \(entries[$0]!)" }.joined(separator: "; ") + "}"
        case .array(let items): return "(" + items.map(\.description).joined(separator: ", ") + ")"
        case .string(let text): return "\"\(text)\""
        case .bool(let flag): return String(flag)
        case .integer(let text): return text
        case .real(let number): return String(number)
        case .date(let date): return date.description
        case .data(let bytes): return "<\(bytes.count) bytes>"
        }
    }
}

/// Expected values come from cordova-ios's own code and spec tests (apache/cordova-ios 8.1,
/// lib/prepare.js and tests/spec/prepare.spec.js, "updateProject method") and from
/// cordova-common 6.x (src/ConfigParser/ConfigParser.js, src/util/plist-helpers.js and its
/// spec tests). Every fixture under Fixtures/cordova/ was also run through cordova-ios's own
/// writeATSEntries (Node 20) while this was written, and gave the dictionaries below.
@Suite("Cordova config.xml")
struct CordovaConfigTests {
    static let directory = RepositoryLayout.packageRoot.appendingPathComponent("Tests/ATSAppTests/Fixtures/cordova")

    static func read(_ name: String) throws -> CordovaConfig {
        try CordovaConfig.read(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    static func plist(_ config: CordovaConfig) -> Plain { Plain(config.document.root.value) }

    @Test("<access> with every ATS attribute: only values that differ from ATS's defaults are written")
    func accessAttributes() throws {
        let config = try Self.read("access-attributes.xml")
        // Test#13/Test#015 ("https, subdomain wildcard" / "https, no wildcard"): TLSv1.2,
        // forward secrecy "true" and transparency "false" are defaults and written as nothing;
        // other values become NSExceptionMinimumTLSVersion, NSExceptionRequiresForwardSecrecy
        // = false, NSRequiresCertificateTransparency = true. "<access> - sanity check - no
        // wildcard but has NSAllowsArbitraryLoadsInWebContent, ...": the wildcard-only
        // attributes on a named origin write no top-level key; Test#014 ("http, no wildcard"):
        // http: gives NSExceptionAllowsInsecureHTTPLoads.
        let expected: Plain = ["NSAppTransportSecurity": ["NSExceptionDomains": [
            "legacy.example.com": ["NSExceptionMinimumTLSVersion": "TLSv1.0",
                                   "NSExceptionRequiresForwardSecrecy": false,
                                   "NSRequiresCertificateTransparency": true],
            "defaults.example.com": [:],
            "cdn.example.com": ["NSExceptionMinimumTLSVersion": "TLSv1.3", "NSExceptionRequiresForwardSecrecy": false],
            "media.example.com": ["NSExceptionAllowsInsecureHTTPLoads": true],
        ]]]
        #expect(Self.plist(config) == expected)
        #expect(config.document.format == .xml)
        // <allow-intent> is not an origin cordova-ios uses for ATS.
        #expect(config.origins == ["https://legacy.example.com", "https://defaults.example.com",
                                   "https://cdn.example.com/assets/*", "http://media.example.com"])
        #expect(config.originLines == [6, 8, 10, 12])
        #expect(config.problems == [
            "line 12: <access origin=\"http://media.example.com\">: allows-arbitrary-loads-in-web-content, allows-arbitrary-loads-in-media, allows-local-networking ignored: cordova-ios applies them to origin=\"*\" only",
        ])
    }

    @Test("<allow-navigation>: *. subdomains, http:, wildcard schemes, entries united per host, <platform name=\"ios\">")
    func navigation() throws {
        let config = try Self.read("navigation.xml")
        // "<allow-navigation> - https, subdomain wildcard": *.example.com → example.com with
        // NSIncludesSubdomains; "http, no wildcard": NSExceptionAllowsInsecureHTTPLoads;
        // Test#017/Test#018 ("wildcard scheme"): *:// is read as http://; Test#016 ("http and
        // https, no clobber"): http and https entries for *.apache.org are united, the insecure
        // flag kept; Test#019: data:* writes no domain. Hosts are lower case (Node's URL).
        let expected: Plain = ["NSAppTransportSecurity": ["NSExceptionDomains": [
            "example.com": ["NSIncludesSubdomains": true],
            "insecure.example.org": ["NSExceptionMinimumTLSVersion": "TLSv1.1", "NSExceptionAllowsInsecureHTTPLoads": true],
            "wild.example.net": ["NSIncludesSubdomains": true, "NSRequiresCertificateTransparency": true,
                                 "NSExceptionAllowsInsecureHTTPLoads": true],
            "plain.example.net": ["NSExceptionAllowsInsecureHTTPLoads": true],
            "www.example.com": [:],
            "apache.org": ["NSIncludesSubdomains": true, "NSExceptionAllowsInsecureHTTPLoads": true,
                           "NSExceptionRequiresForwardSecrecy": false],
            "ios-only.example.com": [:],
        ]]]
        #expect(Self.plist(config) == expected)
        // As written, in file order; <platform name="android"> is not read for iOS.
        #expect(config.origins == ["https://*.example.com/*", "http://insecure.example.org/", "*://*.wild.example.net/*",
                                   "*://plain.example.net", "HTTPS://WWW.Example.COM:8443/Path", "data:*",
                                   "http://*.apache.org", "https://*.apache.org", "https://*.apache.org",
                                   "https://ios-only.example.com"])
        // A start tag over two lines is reported on the line of its '>'.
        #expect(config.originLines == [5, 6, 7, 8, 9, 10, 11, 12, 13, 20])
        #expect(config.problems == ["line 10: <allow-navigation href=\"data:*\">: names no host; cordova-ios writes no ATS entry for it"])
    }

    @Test("<access origin=\"*\"> with the web-content, media and local-networking attributes")
    func wildcardWithAllKeys() throws {
        // "<access> - should handle wildcard, with NSAllowsArbitraryLoadsInWebContent,
        // NSAllowsArbitraryLoadsForMedia, NSAllowsLocalNetworking": NSAllowsArbitraryLoads is
        // always written for "*", the three others when "true".
        let config = try Self.read("wildcard-all.xml")
        let expected: Plain = ["NSAppTransportSecurity": [
            "NSAllowsArbitraryLoads": true,
            "NSAllowsArbitraryLoadsInWebContent": true,
            "NSAllowsArbitraryLoadsForMedia": true,
            "NSAllowsLocalNetworking": true,
            "NSExceptionDomains": ["secure.example.com": ["NSExceptionMinimumTLSVersion": "TLSv1.3"]],
        ]]
        #expect(Self.plist(config) == expected)
        #expect(config.origins == ["https://secure.example.com"])
        #expect(config.originLines == [5])
        #expect(config.problems == [])
    }

    @Test("allows-arbitrary-loads-in-media (deprecated) maps to NSAllowsArbitraryLoadsForMedia and wins over -for-media")
    func mediaAttributes() throws {
        // "<access> - should handle wildcard, with NSAllowsArbitraryLoadsForMedia set
        // (deprecated allows-arbitrary-loads-in-media)".
        let deprecated = try Self.read("wildcard-media-deprecated.xml")
        #expect(Self.plist(deprecated) == ["NSAppTransportSecurity": ["NSAllowsArbitraryLoads": true,
                                                                      "NSAllowsArbitraryLoadsForMedia": true]])
        // prepare.js reads `allows_arbitrary_loads_in_media || allows_arbitrary_loads_for_media`:
        // a given in-media value, even "false", hides for-media="true".
        let both = try Self.read("wildcard-media.xml")
        #expect(Self.plist(both) == ["NSAppTransportSecurity": ["NSAllowsArbitraryLoads": true]])
        #expect(both.origins == [])
        #expect(both.problems == [])
    }

    @Test("<allow-navigation href=\"*\"> sets NSAllowsArbitraryLoads only; cordova-common does not read allows-* on it")
    func wildcardNavigation() throws {
        // "<allow-navigation> - should handle wildcard"; ConfigParser.getAllowNavigations reads
        // href and the three domain attributes only.
        let config = try Self.read("wildcard-navigation.xml")
        #expect(Self.plist(config) == ["NSAppTransportSecurity": ["NSAllowsArbitraryLoads": true]])
        #expect(config.origins == [])
        #expect(config.problems == [
            "line 4: <allow-navigation href=\"*\">: allows-arbitrary-loads-in-web-content, allows-local-networking ignored: cordova-common reads them on <access> only",
        ])
    }

    @Test("https://* has the host \"*\" and turns ATS off like origin=\"*\"")
    func httpsStar() throws {
        // Node's URL gives hostname "*" for https://*, and writeATSEntries files that host as
        // the wildcard (Test#019 only checks that no "" key appears).
        let config = try Self.read("https-star.xml")
        #expect(Self.plist(config) == ["NSAppTransportSecurity": ["NSAllowsArbitraryLoads": true,
                                                                  "NSExceptionDomains": ["api.example.com": [:]]]])
        #expect(config.origins == ["https://*", "https://api.example.com"])
        #expect(config.problems == [
            "line 4: <allow-navigation href=\"https://*\">: its host is \"*\", which cordova-ios files with origin=\"*\": it writes NSAllowsArbitraryLoads = true and no exception domain",
        ])
    }

    @Test("entries cordova-ios cannot use are reported, and the others still read")
    func unusableEntries() throws {
        let config = try Self.read("unusable.xml")
        #expect(Self.plist(config) == ["NSAppTransportSecurity": ["NSExceptionDomains": ["ok.example.com": [:]]]])
        #expect(config.origins == ["https://ok.example.com", "https://exa mple.com", "tel:*", "*.no-scheme.example"])
        #expect(config.originLines == [4, 5, 6, 7])
        #expect(config.problems == [
            "line 5: <access origin=\"https://exa mple.com\">: not a URL Node.js can parse; cordova-ios writes no ATS entry for it",
            "line 6: <allow-navigation href=\"tel:*\">: names no host; cordova-ios writes no ATS entry for it",
            "line 7: <allow-navigation href=\"*.no-scheme.example\">: cordova-ios retries it as \"http\", which Node.js cannot parse either, so its prepare would stop with an Invalid URL error",
            "line 8: <access>: no origin attribute; cordova-ios's prepare would stop with a TypeError",
        ])
    }

    @Test("<edit-config file=\"*-Info.plist\" target=\"NSAppTransportSecurity\" mode=\"merge\"> and <config-file> blocks")
    func editConfig() throws {
        let config = try Self.read("edit-config.xml")
        // plist-helpers.js graftPLIST: two dictionaries merge one level deep with the existing
        // values winning (NSExceptionDomains from <access> stays, other.example.com is lost);
        // two arrays are joined without duplicates (cordova-common ConfigChanges.spec.js
        // "Test 024 : should merge dictionaries and arrays, removing duplicates", plist-helpers.spec.js
        // "plistGraft Test 01: should not mangle existing plist entries"); any other value is set.
        let expected: Plain = [
            "NSAppTransportSecurity": ["NSAllowsLocalNetworking": true,
                                       "NSExceptionDomains": ["api.example.com": [:]]],
            "UIBackgroundModes": ["audio", "fetch"],
            "ITSAppUsesNonExemptEncryption": false,
        ]
        #expect(Self.plist(config) == expected)
        // The new dictionary's keys come first (Object.assign(new, existing)).
        let ats = try #require(config.document.root.value.entry("NSAppTransportSecurity")?.node.value.entries)
        #expect(ats.map(\.key) == ["NSAllowsLocalNetworking", "NSExceptionDomains"])
        #expect(config.origins == ["https://api.example.com"])
        #expect(config.problems == [
            "line 23: <edit-config file=\"*-Info.plist\">: mode=\"overwrite\" is not honoured for a plist: cordova-common merges the block whatever the mode",
            "line 38: <edit-config> for Broken: its content is not a plist value (key 'NoValue' has no value before </dict>); skipped",
            "line 40: <edit-config file=\"Info.plist\">: \"Info.plist\" is not the app's Info.plist in a cordova-ios 8 platform (App/App-Info.plist); cordova-common warns and leaves it out",
        ])
    }

    @Test("an <edit-config> on NSAppTransportSecurity gives another result from the second prepare on, and says so")
    func editConfigLaterPrepare() throws {
        let config = try Self.read("edit-config-later-prepare.xml")
        // First prepare: writeATSEntries gives NSAllowsArbitraryLoads = true, and graftPLIST keeps
        // the existing value over the block's false.
        #expect(Self.plist(config) == ["NSAppTransportSecurity": ["NSAllowsArbitraryLoads": true]])
        // Later prepares: add_config_changes finds the block conflicting with itself, prunes it
        // (nodeEqual holds for any two booleans, so the whole key goes) and grafts it alone.
        #expect(config.problems == [
            "NSAppTransportSecurity: cordova-ios rewrites it from <access>/<allow-navigation> on every prepare and cordova-common then re-grafts only the first <edit-config> block per file (config-file blocks not at all), so after a second prepare (cordova platform add runs two) it is {NSAllowsArbitraryLoads = false}, not what a first prepare writes",
        ])
    }

    @Test("a <config-file> on NSAppTransportSecurity is grafted by the first prepare only")
    func configFileLaterPrepare() throws {
        let config = try Self.read("config-file-ats.xml")
        #expect(Self.plist(config) == ["NSAppTransportSecurity": ["NSAllowsLocalNetworking": true,
                                                                  "NSExceptionDomains": ["a.example.com": [:]]]])
        // add_config_changes checks only <edit-config> blocks for conflicts, so an applied
        // config-file is counted again, not re-grafted, after updateProject rewrote the key.
        #expect(config.problems == [
            "NSAppTransportSecurity: cordova-ios rewrites it from <access>/<allow-navigation> on every prepare and cordova-common then re-grafts only the first <edit-config> block per file (config-file blocks not at all), so after a second prepare (cordova platform add runs two) it is {NSExceptionDomains = {a.example.com = {}}}, not what a first prepare writes",
        ])
    }

    @Test("malformed XML is an error with its line")
    func malformed() throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent("malformed.xml"))
        #expect {
            _ = try CordovaConfig.read(data)
        } throws: { error in
            guard let error = error as? PlistReadError else { return false }
            return error.message.hasPrefix("malformed XML") && error.location?.line == 5
        }
    }

    @Test("a DOCTYPE declaring an entity is refused before parsing (SafeXML)")
    func entityRefused() throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent("doctype-entity.xml"))
        #expect(throws: PlistReadError("entity declarations are not allowed in a property list", at: SourceLocation(line: 3, column: 5))) {
            _ = try CordovaConfig.read(data)
        }
    }

    @Test("more than 4 MiB is refused")
    func tooLarge() {
        let data = Data(repeating: UInt8(ascii: " "), count: CordovaConfig.maximumBytes + 1)
        #expect(throws: PlistReadError("config.xml is 4194305 bytes, more than the limit of 4194304 bytes")) {
            _ = try CordovaConfig.read(data)
        }
    }

    @Test("an empty <widget> writes no NSAppTransportSecurity")
    func empty() throws {
        let config = try CordovaConfig.read(Data("<widget xmlns=\"http://www.w3.org/ns/widgets\"><name>X</name></widget>".utf8))
        #expect(Self.plist(config) == [:])
        #expect(config.origins == [] && config.originLines == [] && config.problems == [])
    }

    /// `new URL(input)` in Node 20 (what cordova-ios runs): protocol without its colon and
    /// hostname, or nil where the constructor throws. Printed by Node while this was written.
    static let nodeURLs: [(input: String, scheme: String?, hostname: String?)] = [
        ("https://*.server01.com", "https", "*.server01.com"),
        ("http://*", "http", "*"),
        ("https:*", "https", "*"),
        ("data:*", "data", ""),
        ("HTTPS://WWW.Example.COM:8443/path", "https", "www.example.com"),
        ("http://user:pw@host.example/x", "http", "host.example"),
        ("https://*.*", "https", "*.*"),
        ("http://0x7f.1/", "http", "127.0.0.1"),
        ("http://[::1]/", "http", "[::1]"),
        ("http://[0:0:0:0:0:ffff:1.2.3.4]", "http", "[::ffff:102:304]"),
        ("http://[2001:db8:0:0:1:0:0:1]", "http", "[2001:db8::1:0:0:1]"),
        ("ionic://LocalHost", "ionic", "LocalHost"),
        ("foo:bar", "foo", ""),
        ("file:///x", "file", ""),
        ("file://host/x", "file", "host"),
        ("https://exa mple.com", nil, nil),
        ("https://bücher.de", "https", "xn--bcher-kva.de"),
        ("http://example.com:99999", nil, nil),
        ("http://example.com:*", nil, nil),
        ("https://example.com.", "https", "example.com."),
        ("https:\\\\b.example.com", "https", "b.example.com"),
        ("http://a%41.example.com", "http", "aa.example.com"),
        ("http://%2A.example.com", "http", "*.example.com"),
        ("http://192.168.1.256", nil, nil),
        ("http://1.2.3", "http", "1.2.0.3"),
        ("http://example.1", nil, nil),
        ("https://ﬁ.example", "https", "fi.example"),
        ("http://0300.0250.1.1", "http", "192.168.1.1"),
        ("https://[fe80::1%25en0]", nil, nil),
        ("https://user@", nil, nil),
        ("http://:80", nil, nil),
        ("ws://x.example", "ws", "x.example"),
        ("https://münchen.例え.jp", "https", "xn--mnchen-3ya.xn--r8jz45g.jp"),
        ("http://ex\u{AD}ample.com", "http", "example.com"),
        // UTS #46 beyond NFKC: non-transitional ß, full-width letters, a symbol IDNA2008 disallows.
        ("https://faß.de", "https", "xn--fa-hia.de"),
        ("https://ＥＸＡＭＰＬＥ.com", "https", "example.com"),
        ("https://☃.net", "https", "xn--n3h.net"),
        ("https://a\u{200D}b.example", nil, nil),
    ]

    @Test("URLs are read as Node's URL reads them (scheme and hostname)")
    func urlHosts() {
        for (input, scheme, hostname) in Self.nodeURLs {
            let parsed = CordovaURLHost.parse(input)
            #expect(parsed?.scheme == scheme, "\(input)")
            #expect(parsed?.hostname == hostname, "\(input)")
        }
    }
}
