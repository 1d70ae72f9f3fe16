import ATSVocabulary
import Foundation
import Testing
@testable import ATSPolicy

/// `Resolution` is a Codable domain value (issue #26 item 5): a library client can store or
/// send the resolution itself and read back the same value, whatever decided it.
@Suite("Resolution encodes as itself")
struct ResolutionCodableTests {
    static let body = """
        <key>NSAllowsArbitraryLoads</key><true/>
        <key>NSAllowsLocalNetworking</key><true/>
        <key>NSExceptionDomains</key>
        <dict>
          <key>legacy.example.com</key>
          <dict>
            <key>NSIncludesSubdomains</key><true/>
            <key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string>
            <key>NSExceptionRequiresForwardSecrecy</key><false/>
          </dict>
        </dict>
        <key>NSPinnedDomains</key>
        <dict>
          <key>api.example.com</key>
          <dict>
            <key>NSPinnedCAIdentities</key>
            <array><dict><key>SPKI-SHA256-BASE64</key><string>Mt7iZo+DmB774CzOjqVgmW+Pfephv1E1lPc+fcQPJOA=</string></dict></array>
          </dict>
        </dict>
    """

    @Test("every kind of source round-trips through JSON unchanged", arguments: [
        "https://a.legacy.example.com/",   // an exception domain, by subdomain
        "https://api.example.com/",        // the global keys, with a pin
        "http://printer.local/",           // the local exemption
        "https://apple.com/",              // a built-in exception
    ])
    func roundTrip(url: String) throws {
        let resolution = try resolve(url, Self.body)
        let data = try JSONEncoder().encode(resolution)
        #expect(try JSONDecoder().decode(Resolution.self, from: data) == resolution)
    }

    @Test("no configuration round-trips too")
    func noConfiguration() throws {
        let plist = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleIdentifier</key><string>a.b</string></dict></plist>"#
        let resolution = try ATSResolver.resolve("https://example.com/", context: .urlSession,
                                                 policy: AppTransportSecurity(document: try PlistReader.read(Data(plist.utf8))),
                                                 options: ResolutionOptions())
        #expect(resolution.source == .noConfiguration)
        let data = try JSONEncoder().encode(resolution)
        #expect(try JSONDecoder().decode(Resolution.self, from: data) == resolution)
    }
}
