import ATSVocabulary
import AtscheckTestSupport
import ATSPolicy
import Foundation
import Testing

/// Legacy `NSTemporaryException*` keys: Apple's open code ignores them, real projects relied on
/// them (docs/ats-rules.md#uncertain). Where the reading decides a load, the resolution says
/// what the other reading gives.
@Suite("Legacy keys: both readings reported")
struct LegacyKeyReadingTests {
    /// zulip-mobile's Info.plist as published (Tests/Corpus/plists/027): its only ATS setting is
    /// a `localhost` entry with NSTemporaryExceptionAllowsInsecureHTTPLoads.
    static func zulip() throws -> AppTransportSecurity {
        let url = RepositoryLayout.corpusPlists.appendingPathComponent("027-zulip-zulip-mobile-Info.plist")
        return AppTransportSecurity(document: try PlistReader.read(contentsOf: url))
    }

    @Test("iOS 26: cleartext to localhost refused (keys ignored), and the ambiguity says the alias reading allows it")
    func ignoredReadingNamesTheOther() throws {
        let resolution = try ATSResolver.resolve("http://localhost:8080/", context: .urlSession, policy: try Self.zulip())
        #expect(resolution.blocksCleartext)
        let line = try #require(resolution.ambiguities.first { $0.hasPrefix("legacy keys read as aliases") }, "\(resolution.ambiguities)")
        #expect(line.contains("cleartext http:// would be allowed"))
        #expect(line.contains("docs/ats-rules.md#uncertain"))
    }

    @Test("iOS 11: aliases, cleartext allowed, and the ambiguity says ignoring them refuses it")
    func aliasReadingNamesTheOther() throws {
        let options = ResolutionOptions(target: try #require(TargetOS(parsing: "ios11")))
        let resolution = try ATSResolver.resolve("http://localhost:8080/", context: .urlSession, policy: try Self.zulip(), options: options)
        #expect(!resolution.blocksCleartext)
        let line = try #require(resolution.ambiguities.first { $0.hasPrefix("legacy keys ignored") }, "\(resolution.ambiguities)")
        #expect(line.contains("cleartext http:// would be refused (-1022)"))
    }

    @Test("no ambiguity where the reading does not change the load: https to the same host, or a host without legacy entries")
    func silentWhenNothingChanges() throws {
        let https = try ATSResolver.resolve("https://localhost/", context: .urlSession, policy: try Self.zulip())
        #expect(!https.ambiguities.contains { $0.hasPrefix("legacy keys") }, "\(https.ambiguities)")
        let other = try ATSResolver.resolve("http://example.com/", context: .urlSession, policy: try Self.zulip())
        #expect(!other.ambiguities.contains { $0.hasPrefix("legacy keys") }, "\(other.ambiguities)")
    }
}
