import Foundation
import Testing
@testable import ATSPolicy

/// The `NSPinnedDomains` parsing expectations of Apple's trust tests
/// (`tests/TrustTests/EvaluationTests/PolicyTests.m`, `testParseNSPinnedDomains`, Security-61901):
/// for each configuration, whether leaf and CA identities are found for `example.org` and
/// whether any are, and whether `subdomain.example.org.` (trailing dot) is covered. The
/// configurations are atscheck's own, with made-up pins; Apple's files are not copied.
@Suite("Apple's NSPinnedDomains parsing table")
struct ApplePinnedDomainsTests {
    static let pinA = Data(repeating: 0xA1, count: 32).base64EncodedString()
    static let pinB = Data(repeating: 0xB2, count: 32).base64EncodedString()

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let entry: String
        /// nil: no leaf identities; otherwise how many usable ones.
        let leaf: Int?
        let ca: Int?
        let subdomain: Bool
        var testDescription: String { name }
    }

    static func identity(_ pin: String) -> String { "<dict><key>SPKI-SHA256-BASE64</key><string>\(pin)</string></dict>" }

    static let cases: [Case] = [
        Case(name: "CA identities with subdomains", entry: "<key>NSIncludesSubdomains</key><true/><key>NSPinnedCAIdentities</key><array>\(identity(pinA))</array>",
             leaf: nil, ca: 1, subdomain: true),
        Case(name: "two leaf identities (the same pin twice)", entry: "<key>NSPinnedLeafIdentities</key><array>\(identity(pinA))\(identity(pinA))</array>",
             leaf: 2, ca: nil, subdomain: false),
        Case(name: "leaf and CA identities", entry: "<key>NSPinnedCAIdentities</key><array>\(identity(pinA))\(identity(pinB))</array><key>NSPinnedLeafIdentities</key><array>\(identity(pinB))</array>",
             leaf: 1, ca: 2, subdomain: false),
        Case(name: "an entry without identities pins nothing", entry: "", leaf: nil, ca: nil, subdomain: false),
        Case(name: "an empty leaf array pins to nothing", entry: "<key>NSPinnedLeafIdentities</key><array/>", leaf: 0, ca: nil, subdomain: false),
        Case(name: "invalid identities: bare strings, and a string for the array", entry: "<key>NSPinnedCAIdentities</key><array><string>\(pinA)</string></array><key>NSPinnedLeafIdentities</key><string>\(pinB)</string>",
             leaf: 0, ca: 0, subdomain: false),
        Case(name: "NSIncludesSubdomains as the integer 1 is not the Boolean true", entry: "<key>NSIncludesSubdomains</key><integer>1</integer><key>NSPinnedCAIdentities</key><array>\(identity(pinA))</array>",
             leaf: nil, ca: 1, subdomain: false),
    ]

    static func pinning(_ host: String, _ entry: String, key: String = "example.org") throws -> PinningRequirement? {
        let body = "<key>NSPinnedDomains</key><dict><key>\(key)</key><dict>\(entry)</dict></dict>"
        return try ATSResolver.resolve("https://\(host)/", context: .urlSession, policy: try policy(body),
                                       options: ResolutionOptions(target: .latest)).requirements.pinning
    }

    @Test("identities found for the host, and the subdomain with a trailing dot", arguments: cases)
    func parse(_ testCase: Case) throws {
        let pins = try Self.pinning("example.org", testCase.entry)
        #expect(pins?.leafIdentities?.count == testCase.leaf)
        #expect(pins?.caIdentities?.count == testCase.ca)
        #expect((pins == nil) == (testCase.leaf == nil && testCase.ca == nil))
        let sub = try Self.pinning("subdomain.example.org.", testCase.entry)
        #expect((sub != nil) == testCase.subdomain)
    }

    @Test("keys are compared case-insensitively; only the immediate parent is covered")
    func matching() throws {
        let entry = "<key>NSIncludesSubdomains</key><true/><key>NSPinnedCAIdentities</key><array>\(Self.identity(Self.pinA))</array>"
        #expect(try Self.pinning("example.org", entry, key: "Example.ORG") != nil)
        #expect(try Self.pinning("a.example.org", entry, key: "EXAMPLE.org") != nil)
        #expect(try Self.pinning("a.b.example.org", entry) == nil)
    }

    @Test("every matching entry contributes: the identities are united")
    func united() throws {
        let body = """
        <key>NSPinnedDomains</key><dict>
        <key>example.org</key><dict><key>NSIncludesSubdomains</key><true/><key>NSPinnedCAIdentities</key><array>\(Self.identity(Self.pinA))</array></dict>
        <key>api.example.org</key><dict><key>NSPinnedCAIdentities</key><array>\(Self.identity(Self.pinB))</array></dict>
        </dict>
        """
        let resolution = try ATSResolver.resolve("https://api.example.org/", context: .urlSession, policy: try policy(body),
                                                 options: ResolutionOptions(target: .latest))
        #expect(Set(resolution.requirements.pinning?.caIdentities ?? []) == [Self.pinA, Self.pinB])
        #expect(resolution.requirements.pinning?.leafIdentities == nil)
        #expect(resolution.assumptions.contains { $0.contains("united") })
    }
}
