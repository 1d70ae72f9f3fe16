import ATSVocabulary
import AtscheckTestSupport
import Foundation
import Testing
@testable import ATSPolicy

/// Apple's own ATS resolution tables (apple-oss-distributions/Security
/// `protocol/SecProtocolConfigurationTest.m`, Security-61901), every row atscheck can express,
/// through the library on the latest target. The one kind of row atscheck cannot express is
/// Apple's first-party mode (`testAppleBundleExceptionWithNoATSKey`): apps are third-party.
@Suite("Apple's resolution tables")
struct AppleResolutionTests {
    static let tables = AppleResolutionTables.tables
    static func resolveRow(_ row: AppleRow, in table: AppleTable) throws -> Resolution {
        try ATSResolver.resolve(row.url, context: .urlSession, policy: try policy(table.body), options: ResolutionOptions(target: .latest))
    }

    static func entryKey(_ source: PolicySource) -> String? {
        switch source {
        case .exceptionDomain(let key, _, _, _): return key
        case .builtInException(let key, _): return "builtin:" + key
        default: return nil
        }
    }

    @Test("every row, as Apple's test expects it or as the choice it names", arguments: tables)
    func table(_ table: AppleTable) throws {
        for row in table.rows {
            let resolution = try Self.resolveRow(row, in: table)
            let requirements = resolution.requirements
            let label = "\(table.appleTest): \(row.host)"
            #expect(Self.entryKey(resolution.source) == row.entry, "\(label): entry")
            switch row.choice {
            case nil:
                #expect(!requirements.allowsInsecureHTTP == row.tlsRequired, "\(label): TLS required")
                #expect(requirements.minimumTLSVersion == row.minimum.flatMap(TLSVersion.init(rawValue:)), "\(label): minimum")
                #expect(requirements.cipherSuitePolicy.rawValue == row.suites, "\(label): suites")
            case .directAddress?:
                #expect(!row.tlsRequired && requirements.atsEnforced && !requirements.allowsInsecureHTTP, "\(label): the documented iOS 17 rule")
                #expect(resolution.assumptions.contains { $0.contains("loopback or link-local") && $0.contains("Apple's code") }, "\(label): the difference is stated")
            case .dtlsVersion?:
                #expect(requirements.minimumTLSVersion == .tls12, "\(label): no TLS minimum, so TLS 1.2")
                #expect(resolution.assumptions.contains { $0.contains("sets no minimum") }, "\(label): stated")
            }
        }
    }

    @Test("the tables cover Apple's test methods with more than 200 rows")
    func coverage() {
        #expect(Self.tables.map(\.rows.count).reduce(0, +) > 200)
        #expect(Set(Self.tables.map { $0.appleTest.split(separator: " ").first.map(String.init) ?? "" }).count == 18, "every test method but the first-party one")
    }

    @Test("CIDR keys as cidr_string_to_subnet_and_mask reads them: 10/8 is 10.0.0.0/8; a prefix over 32 matches nothing")
    func cidrKeys() throws {
        let body = """
        <key>NSExceptionDomains</key><dict>
        <key>10/8</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
        <key>192.168.0.0/33</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
        </dict>
        """
        let inside = try ATSResolver.resolve("http://10.20.30.40/", context: .urlSession, policy: try policy(body),
                                             options: ResolutionOptions(target: .latest))
        #expect(Self.entryKey(inside.source) == "10/8")
        #expect(inside.requirements.allowsInsecureHTTP)
        let refused = try ATSResolver.resolve("http://192.168.0.1/", context: .urlSession, policy: try policy(body),
                                              options: ResolutionOptions(target: .latest))
        #expect(Self.entryKey(refused.source) == nil)
        #expect(!refused.requirements.allowsInsecureHTTP)
    }

    @Test("on a target before iOS 12 there are no built-in entries")
    func oldTarget() throws {
        let resolution = try ATSResolver.resolve("http://www.apple.com/", context: .urlSession, policy: try policy(""),
                                                 options: ResolutionOptions(target: TargetOS(.iOS, 11)))
        #expect(Self.entryKey(resolution.source) == nil)
        #expect(!resolution.requirements.allowsInsecureHTTP)
    }
}
