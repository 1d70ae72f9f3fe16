import ATSCertificates
import ATSCheck
import ATSLab
import ATSScan
import Foundation
import Testing
import AtscheckTestSupport

// The compact input list reads back exactly what the readers parsed, and the engine's one
// verdict per scheme, host, port, address and SNI equals judging every URL on its own.

@Suite("ScanEntryList", .timeLimit(.minutes(TestTiming.minutes(2))))
struct ScanEntryListTests {
    /// Every line form of a list, HAR entries (ws:// and wss:// among them) and arguments.
    static func mixedInput() throws -> ScanInput {
        var input = ScanListReader.read(Data("""
            https://API.example.com/a?x=1#top
              example.org:8443   # a comment
            [2001:db8::1]:443
            ws://chat.example.net/socket
            https://api.example.com/b

            """.utf8), file: "urls.txt")
        let har = try HARReader.read(Data("""
            {"log": {"entries": [{"request": {"url": "wss://chat.example.net/live"}},
                                 {"request": {"url": "https://api.example.com/c"}}]}}
            """.utf8), file: "capture.har")
        input.entries.append(contentsOf: har.entries)
        let target = try #require(CheckTarget.parse("example.com"))
        input.entries.appendArgument("example.com", target: target, origin: ScanOrigin(file: "argument", line: 1))
        return input
    }

    @Test("each entry reads back as the reader parsed it: URL, host, port, scheme, origin; endpoints without parsing")
    func readsBack() throws {
        let input = try Self.mixedInput()
        let entries = Array(input.entries)
        #expect(entries.map(\.target.url) == ["https://API.example.com/a?x=1#top", "https://example.org:8443/", "https://[2001:db8::1]/",
                                              "ws://chat.example.net/socket", "https://api.example.com/b",
                                              "wss://chat.example.net/live", "https://api.example.com/c", "https://example.com/"])
        #expect(entries.map(\.origin.description) == ["urls.txt:1", "urls.txt:2", "urls.txt:3", "urls.txt:4", "urls.txt:5",
                                                      "capture.har: log.entries[0]", "capture.har: log.entries[1]", "argument:1"])
        #expect(entries[3].target.scheme == .http && entries[5].target.scheme == .https)
        for (position, entry) in entries.enumerated() {
            #expect(input.entries.endpoints[input.entries.endpointIndex(at: position)] == ScanEndpoint(entry.target))
        }
        #expect(input.entries.endpoints.count == 6)
    }

    @Test("--resolve applies to every entry it names (an exact host before *), --shard keeps whole endpoints, resumed entries are removed")
    func filters() throws {
        var input = try Self.mixedInput()
        input.entries.connect(to: ["api.example.com:443": "127.0.0.2", "*:443": "127.0.0.9"])
        let addresses = input.entries.map(\.target.address)
        #expect(addresses == ["127.0.0.2", nil, "127.0.0.9", nil, "127.0.0.2", "127.0.0.9", "127.0.0.2", "127.0.0.9"])

        var kept = 0
        for index in 1...3 {
            var shard = input.entries
            let split = try #require(ScanShard(index: index, count: 3))
            shard.keepEndpoints(where: split.contains)
            #expect(shard.allSatisfy { split.contains(ScanEndpoint($0.target)) })
            kept += shard.count
        }
        #expect(kept == input.entries.count)

        input.entries.removeEntries { $0.target.host.lowercased() == "api.example.com" }
        #expect(input.entries.map(\.origin.description) == ["urls.txt:2", "urls.txt:3", "urls.txt:4", "capture.har: log.entries[0]", "argument:1"])
    }

    @Test("one verdict per scheme, host, port and SNI equals judging each URL alone: paths, host spellings, http and https, one lab endpoint")
    func memoizedVerdictsAreEachURLsVerdict() throws {
        let lab = try TLSLab(profiles: [.goodRSA])
        defer { lab.stop() }
        let server = try #require(lab.endpoint(.goodRSA))
        let port = server.port
        var list = ScanListReader.read(Data("""
            https://good.atscheck.test:\(port)/one
            https://GOOD.atscheck.test:\(port)/two?q=1
            http://good.atscheck.test:\(port)/three
            https://good.atscheck.test:\(port)/four#f
            https://localhost:\(port)/five
            http://GOOD.atscheck.test:\(port)/six

            """.utf8), file: "urls.txt").entries
        list.connect(to: ["*:\(port)": "127.0.0.1"])
        let roots = try CertificateLoader.load(contentsOf: lab.rootCAFile)
        let checker = ATSChecker(environment: TrustEnvironment(store: TrustStore(system: [], user: roots)))
        let options = CheckOptions(time: ScanEngineTests.evaluationTime, timeout: 5)
        let collected = Collected()
        ScanEngine(checker: checker, options: options, concurrency: 2).run(list) { collected.append($0) }
        let results = try collected.all.map { try $0.get() }
        #expect(results.count == 6)
        for result in results {
            let alone = try checker.check(result.entry.target, options: options).verdict
            #expect(result.verdict.status == alone.status, "\(result.entry.target.url)")
            #expect(result.verdict.reasons.map(\.code) == alone.reasons.map(\.code), "\(result.entry.target.url)")
            #expect(result.verdict.reasons.map(\.message) == alone.reasons.map(\.message), "\(result.entry.target.url)")
            #expect(result.verdict.notes == alone.notes, "\(result.entry.target.url)")
        }
        // The host's spelling shows in its own verdict: localhost fails the name check, good.atscheck.test does not.
        let byURL = Dictionary(uniqueKeysWithValues: results.map { ($0.entry.target.url, $0.verdict) })
        #expect(byURL["https://good.atscheck.test:\(port)/one"]?.status == .allowed)
        #expect(byURL["https://localhost:\(port)/five"]?.status == .blocked)
        #expect(byURL["http://good.atscheck.test:\(port)/three"]?.status == .blocked)
    }
}
