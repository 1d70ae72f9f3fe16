// Apple's ATS resolution tables (protocol/SecProtocolConfigurationTest.m, Security-61901),
// rebuilt with atscheck's own configurations and host names: the rows say what Apple's tests
// expect (whether TLS is required, the minimum version, the entry that decides, whether the
// suites are restricted). No Apple file is copied. Host names are renamed to example.com,
// example.net and example.org names; the addresses are documentation ranges. Shared by the
// library tests (ATSPolicyTests) and the `explain` tests (CLITests).

/// One configuration of Apple's resolution tests and the rows asserted under it.
public struct AppleTable: Sendable, CustomStringConvertible {
    public let name: String
    /// The test method of `protocol/SecProtocolConfigurationTest.m` the table rebuilds.
    public let appleTest: String
    /// The body of the `NSAppTransportSecurity` dictionary, atscheck's own.
    public let body: String
    public let rows: [AppleRow]
    public var description: String { "\(name) (\(appleTest))" }
}

/// What Apple's test expects for one host or address.
public struct AppleRow: Sendable {
    /// Where atscheck knowingly answers otherwise (docs/ats-rules.md#choices), and the
    /// assumption its report must then carry.
    public enum Choice: Sendable {
        /// A loopback or link-local address with no NSAllowsLocalNetworking on iOS 17+:
        /// Apple's code needs no TLS ("direct"); atscheck applies the documented iOS 17 rule.
        case directAddress
        /// A `DTLSv1.x` minimum, which Apple's parser accepts but which names no TLS version;
        /// atscheck treats it as no minimum (TLS 1.2 applies).
        case dtlsVersion
    }

    public let host: String
    /// Apple: `tls_required_for_host` / `_for_address` and the options' `ats_required`.
    public let tlsRequired: Bool
    /// Apple: the options' minimum version (`TLSv1.x`); nil when the options are left untouched.
    public let minimum: String?
    /// The entry that decides: an app key, `builtin:KEY`, or nil for none.
    public let entry: String?
    /// Apple: whether the options restrict the cipher suites, and to which groups
    /// (`unrestricted`, `ats`, `ats-and-non-forward-secret`, as `CipherSuitePolicy`).
    public let suites: String
    public var choice: Choice?

    public init(_ host: String, tlsRequired: Bool, minimum: String?, entry: String?, suites: String, choice: Choice? = nil) {
        self.host = host
        self.tlsRequired = tlsRequired
        self.minimum = minimum
        self.entry = entry
        self.suites = suites
        self.choice = choice
    }

    /// The http:// URL of the row's host.
    public var url: String { "http://\(host.contains(":") ? "[\(host)]" : host)/" }
}

/// Every table, in the order of Apple's test file.
public enum AppleResolutionTables {
    public static let tables: [AppleTable] = [
        AppleTable(name: "an entry raises the requirements under arbitrary loads", appleTest: "testExceptionRaisesSecurityRequirements",
                   body: "<key>NSAllowsArbitraryLoads</key><true/><key>NSExceptionDomains</key><dict><key>strict.example.net</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><false/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string><key>NSExceptionRequiresForwardSecrecy</key><true/></dict><key>cleartext.example.org</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string><key>NSExceptionRequiresForwardSecrecy</key><true/></dict><key>fs.example.org</key><dict><key>NSExceptionRequiresForwardSecrecy</key><true/></dict><key>printer.local</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><false/><key>NSExceptionRequiresForwardSecrecy</key><true/></dict></dict>",
                   rows: [
                       AppleRow("example.com", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("strict.example.net", tlsRequired: true, minimum: "TLSv1.3", entry: "strict.example.net", suites: "ats"),
                       AppleRow("cleartext.example.org", tlsRequired: false, minimum: "TLSv1.3", entry: "cleartext.example.org", suites: "ats"),
                       AppleRow("fs.example.org", tlsRequired: true, minimum: "TLSv1.2", entry: "fs.example.org", suites: "ats"),
                       AppleRow("printer.local", tlsRequired: true, minimum: "TLSv1.2", entry: "printer.local", suites: "ats"),
                       AppleRow("apple.com", tlsRequired: false, minimum: "TLSv1.2", entry: "builtin:apple.com", suites: "unrestricted"),
                       AppleRow("csd4.apple.com", tlsRequired: false, minimum: "TLSv1.2", entry: "builtin:apple.com", suites: "unrestricted"),
                       AppleRow("setup.icloud.com", tlsRequired: false, minimum: "TLSv1.2", entry: "builtin:setup.icloud.com", suites: "unrestricted"),
                       AppleRow("ls.apple.com", tlsRequired: false, minimum: "TLSv1.0", entry: "builtin:ls.apple.com", suites: "unrestricted"),
                       AppleRow("gs.apple.com", tlsRequired: false, minimum: "TLSv1.0", entry: "builtin:gs.apple.com", suites: "unrestricted"),
                       AppleRow("geo.apple.com", tlsRequired: false, minimum: "TLSv1.0", entry: "builtin:geo.apple.com", suites: "unrestricted"),
                       AppleRow("is.autonavi.com", tlsRequired: false, minimum: "TLSv1.0", entry: "builtin:is.autonavi.com", suites: "unrestricted"),
                       AppleRow("apple-mapkit.com", tlsRequired: false, minimum: "TLSv1.0", entry: "builtin:apple-mapkit.com", suites: "unrestricted"),
                   ]),
        AppleTable(name: "the built-in entries alone", appleTest: "testBuiltInExceptions",
                   body: "<key>NSAllowsArbitraryLoads</key><false/>",
                   rows: [
                       AppleRow("example.com", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("strict.example.net", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("printer.local", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("apple.com", tlsRequired: false, minimum: "TLSv1.2", entry: "builtin:apple.com", suites: "unrestricted"),
                       AppleRow("csd4.apple.com", tlsRequired: false, minimum: "TLSv1.2", entry: "builtin:apple.com", suites: "unrestricted"),
                       AppleRow("setup.icloud.com", tlsRequired: false, minimum: "TLSv1.2", entry: "builtin:setup.icloud.com", suites: "unrestricted"),
                       AppleRow("ls.apple.com", tlsRequired: false, minimum: "TLSv1.0", entry: "builtin:ls.apple.com", suites: "unrestricted"),
                       AppleRow("gs.apple.com", tlsRequired: false, minimum: "TLSv1.0", entry: "builtin:gs.apple.com", suites: "unrestricted"),
                       AppleRow("geo.apple.com", tlsRequired: false, minimum: "TLSv1.0", entry: "builtin:geo.apple.com", suites: "unrestricted"),
                       AppleRow("is.autonavi.com", tlsRequired: false, minimum: "TLSv1.0", entry: "builtin:is.autonavi.com", suites: "unrestricted"),
                       AppleRow("apple-mapkit.com", tlsRequired: false, minimum: "TLSv1.0", entry: "builtin:apple-mapkit.com", suites: "unrestricted"),
                   ]),
        AppleTable(name: "an app entry replaces a built-in entry whole", appleTest: "testExceptionOverridesBuiltInException",
                   body: "<key>NSAllowsArbitraryLoads</key><false/><key>NSExceptionDomains</key><dict><key>strict.example.net</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><false/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string><key>NSExceptionRequiresForwardSecrecy</key><true/></dict><key>apple.com</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><false/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string><key>NSIncludesSubdomains</key><false/><key>NSExceptionRequiresForwardSecrecy</key><true/></dict><key>setup.icloud.com</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><false/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string></dict></dict>",
                   rows: [
                       AppleRow("example.com", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("strict.example.net", tlsRequired: true, minimum: "TLSv1.3", entry: "strict.example.net", suites: "ats"),
                       AppleRow("cleartext.example.org", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("fs.example.org", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("printer.local", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("apple.com", tlsRequired: true, minimum: "TLSv1.3", entry: "apple.com", suites: "ats"),
                       AppleRow("csd4.apple.com", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("setup.icloud.com", tlsRequired: true, minimum: "TLSv1.3", entry: "setup.icloud.com", suites: "ats"),
                       AppleRow("test.setup.icloud.com", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("ls.apple.com", tlsRequired: false, minimum: "TLSv1.0", entry: "builtin:ls.apple.com", suites: "unrestricted"),
                       AppleRow("gs.apple.com", tlsRequired: false, minimum: "TLSv1.0", entry: "builtin:gs.apple.com", suites: "unrestricted"),
                       AppleRow("geo.apple.com", tlsRequired: false, minimum: "TLSv1.0", entry: "builtin:geo.apple.com", suites: "unrestricted"),
                       AppleRow("is.autonavi.com", tlsRequired: false, minimum: "TLSv1.0", entry: "builtin:is.autonavi.com", suites: "unrestricted"),
                       AppleRow("apple-mapkit.com", tlsRequired: false, minimum: "TLSv1.0", entry: "builtin:apple-mapkit.com", suites: "unrestricted"),
                   ]),
        AppleTable(name: "wrongly typed values fall back to their defaults", appleTest: "testInvalidATSDictionary",
                   body: "<key>NSAllowsArbitraryLoads</key><string>YES</string><key>NSExceptionDomains</key><dict><key>notadict.example.net</key><string></string><key>strict.example.net</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><string>YES</string><key>NSExceptionMinimumTLSVersion</key><integer>13</integer><key>NSExceptionRequiresForwardSecrecy</key><string>NO</string></dict></dict>",
                   rows: [
                       AppleRow("example.com", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("strict.example.net", tlsRequired: true, minimum: "TLSv1.2", entry: "strict.example.net", suites: "ats"),
                       AppleRow("cleartext.example.org", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("fs.example.org", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("printer.local", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("notadict.example.net", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                   ]),
        AppleTable(name: "climbing skips parents without NSIncludesSubdomains", appleTest: "testIncludesSubdomains",
                   body: "<key>NSExceptionDomains</key><dict><key>example.com</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/><key>NSIncludesSubdomains</key><true/></dict><key>sub.example.com</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><false/><key>NSIncludesSubdomains</key><false/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string></dict><key>another.sub.example.com</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><false/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.1</string></dict></dict>",
                   rows: [
                       AppleRow("example.com", tlsRequired: false, minimum: "TLSv1.2", entry: "example.com", suites: "ats"),
                       AppleRow("sub.example.com", tlsRequired: true, minimum: "TLSv1.3", entry: "sub.example.com", suites: "ats"),
                       AppleRow("another.sub.example.com", tlsRequired: true, minimum: "TLSv1.1", entry: "another.sub.example.com", suites: "ats"),
                       AppleRow("test.another.sub.example.com", tlsRequired: false, minimum: "TLSv1.2", entry: "example.com", suites: "ats"),
                   ]),
        AppleTable(name: "an exact IP key, then the longest CIDR prefix", appleTest: "testCIDRExceptions (first configuration)",
                   body: "<key>NSExceptionDomains</key><dict><key>example.com</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict><key>198.51.100.0/24</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict><key>198.51.100.0/27</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><false/></dict><key>198.51.100.1</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict><key>198.51.100.101</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><false/></dict><key>2001:db8::/32</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict><key>2001:db8::/64</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><false/></dict></dict>",
                   rows: [
                       AppleRow("localhost", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("printer.local", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("127.0.0.1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("example.com", tlsRequired: false, minimum: "TLSv1.2", entry: "example.com", suites: "ats"),
                       AppleRow("cleartext.example.org", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("198.51.100.1", tlsRequired: false, minimum: "TLSv1.2", entry: "198.51.100.1", suites: "ats"),
                       AppleRow("198.51.100.100", tlsRequired: false, minimum: "TLSv1.2", entry: "198.51.100.0/24", suites: "ats"),
                       AppleRow("198.51.100.255", tlsRequired: false, minimum: "TLSv1.2", entry: "198.51.100.0/24", suites: "ats"),
                       AppleRow("2001:db8:85a3::8a2e:370:7334", tlsRequired: false, minimum: "TLSv1.2", entry: "2001:db8::/32", suites: "ats"),
                       AppleRow("1.1.1.1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("198.51.100.0", tlsRequired: true, minimum: "TLSv1.2", entry: "198.51.100.0/27", suites: "ats"),
                       AppleRow("198.51.100.101", tlsRequired: true, minimum: "TLSv1.2", entry: "198.51.100.101", suites: "ats"),
                       AppleRow("198.51.101.0", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("203.0.113.0", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("255.255.255.0", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("fe00::", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("2001:db8::8a2e:370:7334", tlsRequired: true, minimum: "TLSv1.2", entry: "2001:db8::/64", suites: "ats"),
                       AppleRow("2001:db80:0000:0000:0000:0000:0000:0000", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                   ]),
        AppleTable(name: "/0 ranges, and a longer range deciding for loopback", appleTest: "testCIDRExceptions (second configuration)",
                   body: "<key>NSExceptionDomains</key><dict><key>::/0</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict><key>::/1</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><false/></dict><key>0.0.0.0/0</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict><key>0.0.0.0/1</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><false/></dict></dict>",
                   rows: [
                       AppleRow("localhost", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("printer.local", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("example.com", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("128.0.0.0", tlsRequired: false, minimum: "TLSv1.2", entry: "0.0.0.0/0", suites: "ats"),
                       AppleRow("198.51.100.1", tlsRequired: false, minimum: "TLSv1.2", entry: "0.0.0.0/0", suites: "ats"),
                       AppleRow("198.51.100.100", tlsRequired: false, minimum: "TLSv1.2", entry: "0.0.0.0/0", suites: "ats"),
                       AppleRow("198.51.100.255", tlsRequired: false, minimum: "TLSv1.2", entry: "0.0.0.0/0", suites: "ats"),
                       AppleRow("198.51.100.0", tlsRequired: false, minimum: "TLSv1.2", entry: "0.0.0.0/0", suites: "ats"),
                       AppleRow("198.51.100.101", tlsRequired: false, minimum: "TLSv1.2", entry: "0.0.0.0/0", suites: "ats"),
                       AppleRow("198.51.101.0", tlsRequired: false, minimum: "TLSv1.2", entry: "0.0.0.0/0", suites: "ats"),
                       AppleRow("203.0.113.0", tlsRequired: false, minimum: "TLSv1.2", entry: "0.0.0.0/0", suites: "ats"),
                       AppleRow("255.255.255.0", tlsRequired: false, minimum: "TLSv1.2", entry: "0.0.0.0/0", suites: "ats"),
                       AppleRow("fe00::", tlsRequired: false, minimum: "TLSv1.2", entry: "::/0", suites: "ats"),
                       AppleRow("127.0.0.1", tlsRequired: true, minimum: "TLSv1.2", entry: "0.0.0.0/1", suites: "ats"),
                       AppleRow("::1", tlsRequired: true, minimum: "TLSv1.2", entry: "::/1", suites: "ats"),
                       AppleRow("1.1.1.1", tlsRequired: true, minimum: "TLSv1.2", entry: "0.0.0.0/1", suites: "ats"),
                       AppleRow("127.255.255.255", tlsRequired: true, minimum: "TLSv1.2", entry: "0.0.0.0/1", suites: "ats"),
                       AppleRow("2001:db8::8a2e:370:7334", tlsRequired: true, minimum: "TLSv1.2", entry: "::/1", suites: "ats"),
                       AppleRow("2001:db8:85a3::8a2e:370:7334", tlsRequired: true, minimum: "TLSv1.2", entry: "::/1", suites: "ats"),
                   ]),
        AppleTable(name: "a misspelt minimum version keeps TLS 1.2", appleTest: "testMinTLSVersionDisallowedStrings",
                   body: "<key>NSExceptionDomains</key><dict><key>example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.4</string></dict><key>cleartext.example.org</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSV1.3</string></dict><key>strict.example.net</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.00</string></dict></dict>",
                   rows: [
                       AppleRow("example.com", tlsRequired: true, minimum: "TLSv1.2", entry: "example.com", suites: "ats"),
                       AppleRow("cleartext.example.org", tlsRequired: true, minimum: "TLSv1.2", entry: "cleartext.example.org", suites: "ats"),
                       AppleRow("strict.example.net", tlsRequired: true, minimum: "TLSv1.2", entry: "strict.example.net", suites: "ats"),
                   ]),
        AppleTable(name: "no keys: local names and direct addresses need no TLS", appleTest: "testLocalNetworkingAllowedByDefault",
                   body: "",
                   rows: [
                       AppleRow("localhost", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("printer.local", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("example.com", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("cleartext.example.org", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("127.0.0.1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("203.0.113.1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("fe80::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("fe00::1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("2001:db8::8a2e:370:7334", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                   ]),
        AppleTable(name: "NSAllowsLocalNetworking = NO puts direct destinations under ATS", appleTest: "testLocalNetworkingDisabled",
                   body: "<key>NSAllowsLocalNetworking</key><false/>",
                   rows: [
                       AppleRow("localhost", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("printer.local", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("example.com", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("cleartext.example.org", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("127.0.0.1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("203.0.113.1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("::1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("fe80::1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("fe00::1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("2001:db8::8a2e:370:7334", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                   ]),
        AppleTable(name: "NSAllowsArbitraryLoads = YES alone", appleTest: "testAllowsArbitraryLoads",
                   body: "<key>NSAllowsArbitraryLoads</key><true/>",
                   rows: [
                       AppleRow("localhost", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("printer.local", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("example.com", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("cleartext.example.org", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("127.0.0.1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("203.0.113.1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("fe80::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("fe00::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("2001:db8::8a2e:370:7334", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                   ]),
        AppleTable(name: "NSAllowsLocalNetworking = YES neutralises arbitrary loads", appleTest: "testLocalNetworkingKeyOverridesAllowsArbitraryLoads",
                   body: "<key>NSAllowsArbitraryLoads</key><true/><key>NSAllowsLocalNetworking</key><true/>",
                   rows: [
                       AppleRow("localhost", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("printer.local", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("example.com", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("cleartext.example.org", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("127.0.0.1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("203.0.113.1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("fe80::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("fe00::1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("2001:db8::8a2e:370:7334", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                   ]),
        AppleTable(name: "NSAllowsArbitraryLoadsInWebContent = NO neutralises arbitrary loads", appleTest: "testFalseWebContentKeyOverridesAllowsArbitraryLoads",
                   body: "<key>NSAllowsArbitraryLoads</key><true/><key>NSAllowsArbitraryLoadsInWebContent</key><false/>",
                   rows: [
                       AppleRow("localhost", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("printer.local", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("example.com", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("cleartext.example.org", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("127.0.0.1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("203.0.113.1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("fe80::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("fe00::1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("2001:db8::8a2e:370:7334", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                   ]),
        AppleTable(name: "NSAllowsArbitraryLoadsInWebContent = YES neutralises arbitrary loads outside web views", appleTest: "testTrueWebContentKeyOverridesAllowsArbitraryLoads",
                   body: "<key>NSAllowsArbitraryLoads</key><true/><key>NSAllowsArbitraryLoadsInWebContent</key><true/>",
                   rows: [
                       AppleRow("localhost", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("printer.local", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("example.com", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("cleartext.example.org", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("127.0.0.1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("203.0.113.1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("fe80::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("fe00::1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("2001:db8::8a2e:370:7334", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                   ]),
        AppleTable(name: "NSAllowsArbitraryLoadsForMedia = NO neutralises arbitrary loads", appleTest: "testFalseMediaKeyOverridesAllowsArbitraryLoads",
                   body: "<key>NSAllowsArbitraryLoads</key><true/><key>NSAllowsArbitraryLoadsForMedia</key><false/>",
                   rows: [
                       AppleRow("localhost", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("printer.local", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("example.com", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("cleartext.example.org", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("127.0.0.1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("203.0.113.1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("fe80::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("fe00::1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("2001:db8::8a2e:370:7334", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                   ]),
        AppleTable(name: "NSAllowsArbitraryLoadsForMedia = YES neutralises arbitrary loads outside media loads", appleTest: "testTrueMediaKeyOverridesAllowsArbitraryLoads",
                   body: "<key>NSAllowsArbitraryLoads</key><true/><key>NSAllowsArbitraryLoadsForMedia</key><true/>",
                   rows: [
                       AppleRow("localhost", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("printer.local", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("example.com", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("cleartext.example.org", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("127.0.0.1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("203.0.113.1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("fe80::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("fe00::1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("2001:db8::8a2e:370:7334", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                   ]),
        AppleTable(name: "NSAllowsArbitraryLoads = 2 reads as NO", appleTest: "testGarbageValueDisablesAllowsArbitraryLoads (integer)",
                   body: "<key>NSAllowsArbitraryLoads</key><integer>2</integer>",
                   rows: [
                       AppleRow("localhost", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("printer.local", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("example.com", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("cleartext.example.org", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("127.0.0.1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("203.0.113.1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("fe80::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("fe00::1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("2001:db8::8a2e:370:7334", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                   ]),
        AppleTable(name: "NSAllowsArbitraryLoads = \"YES\" is absent", appleTest: "testGarbageValueDisablesAllowsArbitraryLoads (string)",
                   body: "<key>NSAllowsArbitraryLoads</key><string>YES</string>",
                   rows: [
                       AppleRow("localhost", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("printer.local", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("example.com", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("cleartext.example.org", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("127.0.0.1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("203.0.113.1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("fe80::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("fe00::1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("2001:db8::8a2e:370:7334", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                   ]),
        AppleTable(name: "NSAllowsArbitraryLoads = NO", appleTest: "testGarbageValueDisablesAllowsArbitraryLoads (NO)",
                   body: "<key>NSAllowsArbitraryLoads</key><false/>",
                   rows: [
                       AppleRow("localhost", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("printer.local", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted"),
                       AppleRow("example.com", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("cleartext.example.org", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("127.0.0.1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("203.0.113.1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("fe80::1", tlsRequired: false, minimum: nil, entry: nil, suites: "unrestricted", choice: .directAddress),
                       AppleRow("fe00::1", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                       AppleRow("2001:db8::8a2e:370:7334", tlsRequired: true, minimum: "TLSv1.2", entry: nil, suites: "ats"),
                   ]),
        AppleTable(name: "app entries equal to the built-in ones", appleTest: "testExampleATSDictionaries (builtins)",
                   body: "<key>NSExceptionDomains</key><dict><key>apple.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.2</string><key>NSExceptionRequiresForwardSecrecy</key><false/></dict><key>ls.apple.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string><key>NSExceptionRequiresForwardSecrecy</key><false/></dict><key>gs.apple.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string><key>NSExceptionRequiresForwardSecrecy</key><false/></dict><key>geo.apple.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string><key>NSExceptionRequiresForwardSecrecy</key><false/></dict><key>is.autonavi.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string><key>NSExceptionRequiresForwardSecrecy</key><false/></dict><key>apple-mapkit.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string><key>NSExceptionRequiresForwardSecrecy</key><false/></dict><key>setup.icloud.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.2</string><key>NSExceptionRequiresForwardSecrecy</key><false/></dict></dict>",
                   rows: [
                       AppleRow("apple.com", tlsRequired: false, minimum: "TLSv1.2", entry: "apple.com", suites: "unrestricted"),
                       AppleRow("ls.apple.com", tlsRequired: false, minimum: "TLSv1.0", entry: "ls.apple.com", suites: "unrestricted"),
                       AppleRow("gs.apple.com", tlsRequired: false, minimum: "TLSv1.0", entry: "gs.apple.com", suites: "unrestricted"),
                       AppleRow("geo.apple.com", tlsRequired: false, minimum: "TLSv1.0", entry: "geo.apple.com", suites: "unrestricted"),
                       AppleRow("is.autonavi.com", tlsRequired: false, minimum: "TLSv1.0", entry: "is.autonavi.com", suites: "unrestricted"),
                       AppleRow("apple-mapkit.com", tlsRequired: false, minimum: "TLSv1.0", entry: "apple-mapkit.com", suites: "unrestricted"),
                       AppleRow("setup.icloud.com", tlsRequired: false, minimum: "TLSv1.2", entry: "setup.icloud.com", suites: "unrestricted"),
                   ]),
        AppleTable(name: "an empty entry for a .local name puts it under ATS", appleTest: "testExampleATSDictionaries (example1)",
                   body: "<key>NSAllowsArbitraryLoads</key><false/><key>NSAllowsArbitraryLoadsForMedia</key><false/><key>NSAllowsArbitraryLoadsInWebContent</key><false/><key>NSAllowsLocalNetworking</key><true/><key>NSExceptionDomains</key><dict><key>apple.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.2</string><key>NSExceptionRequiresForwardSecrecy</key><false/></dict><key>ls.apple.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string><key>NSExceptionRequiresForwardSecrecy</key><false/></dict><key>gs.apple.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string><key>NSExceptionRequiresForwardSecrecy</key><false/></dict><key>geo.apple.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string><key>NSExceptionRequiresForwardSecrecy</key><false/></dict><key>is.autonavi.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string><key>NSExceptionRequiresForwardSecrecy</key><false/></dict><key>apple-mapkit.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string><key>NSExceptionRequiresForwardSecrecy</key><false/></dict><key>setup.icloud.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.2</string><key>NSExceptionRequiresForwardSecrecy</key><false/></dict><key>example.local</key><dict></dict></dict>",
                   rows: [
                       AppleRow("apple.com", tlsRequired: false, minimum: "TLSv1.2", entry: "apple.com", suites: "unrestricted"),
                       AppleRow("ls.apple.com", tlsRequired: false, minimum: "TLSv1.0", entry: "ls.apple.com", suites: "unrestricted"),
                       AppleRow("gs.apple.com", tlsRequired: false, minimum: "TLSv1.0", entry: "gs.apple.com", suites: "unrestricted"),
                       AppleRow("geo.apple.com", tlsRequired: false, minimum: "TLSv1.0", entry: "geo.apple.com", suites: "unrestricted"),
                       AppleRow("is.autonavi.com", tlsRequired: false, minimum: "TLSv1.0", entry: "is.autonavi.com", suites: "unrestricted"),
                       AppleRow("apple-mapkit.com", tlsRequired: false, minimum: "TLSv1.0", entry: "apple-mapkit.com", suites: "unrestricted"),
                       AppleRow("setup.icloud.com", tlsRequired: false, minimum: "TLSv1.2", entry: "setup.icloud.com", suites: "unrestricted"),
                       AppleRow("example.local", tlsRequired: true, minimum: "TLSv1.2", entry: "example.local", suites: "ats"),
                   ]),
        AppleTable(name: "NSExceptionMinimumTLSVersion spellings", appleTest: "test_sec_protocol_configuration_protocol_string_to_version",
                   body: "<key>NSExceptionDomains</key><dict><key>v0.example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string></string></dict><key>v1.example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>A</string></dict><key>v2.example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>SSLv3.0</string></dict><key>v3.example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string></dict><key>v4.example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.1</string></dict><key>v5.example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.2</string></dict><key>v6.example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string></dict><key>v7.example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.31</string></dict><key>v8.example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.4</string></dict><key>v9.example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>DTLSv1.0</string></dict><key>v10.example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>DTLSv1.2</string></dict><key>v11.example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>DTLSv1.3</string></dict></dict>",
                   rows: [
                       AppleRow("v0.example.com", tlsRequired: true, minimum: "TLSv1.2", entry: "v0.example.com", suites: "ats"),
                       AppleRow("v1.example.com", tlsRequired: true, minimum: "TLSv1.2", entry: "v1.example.com", suites: "ats"),
                       AppleRow("v2.example.com", tlsRequired: true, minimum: "TLSv1.2", entry: "v2.example.com", suites: "ats"),
                       AppleRow("v3.example.com", tlsRequired: true, minimum: "TLSv1.0", entry: "v3.example.com", suites: "ats"),
                       AppleRow("v4.example.com", tlsRequired: true, minimum: "TLSv1.1", entry: "v4.example.com", suites: "ats"),
                       AppleRow("v5.example.com", tlsRequired: true, minimum: "TLSv1.2", entry: "v5.example.com", suites: "ats"),
                       AppleRow("v6.example.com", tlsRequired: true, minimum: "TLSv1.3", entry: "v6.example.com", suites: "ats"),
                       AppleRow("v7.example.com", tlsRequired: true, minimum: "TLSv1.2", entry: "v7.example.com", suites: "ats"),
                       AppleRow("v8.example.com", tlsRequired: true, minimum: "TLSv1.2", entry: "v8.example.com", suites: "ats"),
                       AppleRow("v9.example.com", tlsRequired: true, minimum: "TLSv1.2", entry: "v9.example.com", suites: "ats", choice: .dtlsVersion),
                       AppleRow("v10.example.com", tlsRequired: true, minimum: "TLSv1.2", entry: "v10.example.com", suites: "ats", choice: .dtlsVersion),
                       AppleRow("v11.example.com", tlsRequired: true, minimum: "TLSv1.2", entry: "v11.example.com", suites: "ats"),
                   ]),
    ]
}
