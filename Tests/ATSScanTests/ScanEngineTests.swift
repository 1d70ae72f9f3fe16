import ATSVocabulary
import ATSCertificates
import ATSCheck
import ATSLab
import ATSPolicy
import ATSProbe
import ATSScan
import Foundation
import Testing
import AtscheckTestSupport

// The scan engine against in-process lab servers, seen through a counting TCP relay: one
// endpoint is probed once however many URLs name it.

@Suite("ScanEngine", .timeLimit(.minutes(TestTiming.minutes(2))))
struct ScanEngineTests {
    static let evaluationTime = Date(timeIntervalSince1970: 1_748_736_000)  // TestCerts' instant

    static func engine(_ lab: TLSLab, concurrency: Int = 4) throws -> ScanEngine {
        let roots = try CertificateLoader.load(contentsOf: lab.rootCAFile)
        return ScanEngine(checker: ATSChecker(environment: TrustEnvironment(store: TrustStore(system: [], user: roots))),
                          options: CheckOptions(time: evaluationTime, timeout: 5), concurrency: concurrency)
    }

    static func entry(_ url: String, address: String? = "127.0.0.1", line: Int) throws -> ScanEntry {
        var target = try #require(CheckTarget.parse(url))
        target.address = address
        return ScanEntry(target: target, origin: ScanOrigin(file: "test", line: line))
    }

    static func run(_ engine: ScanEngine, _ entries: [ScanEntry]) -> [Result<ScanResult, ScanEntryError>] {
        let collected = Collected()
        engine.run(entries) { collected.append($0) }
        return collected.all
    }

    @Test("five URLs on one endpoint make the connections of one probe")
    func probedOnce() throws {
        let lab = try TLSLab(profiles: [.goodRSA])
        defer { lab.stop() }
        let server = try #require(lab.endpoint(.goodRSA))
        let relay = try CountingRelay(to: server.port)
        defer { relay.stop() }
        let engine = try Self.engine(lab)

        _ = Self.run(engine, [try Self.entry("https://good.atscheck.test:\(relay.port)/only", line: 1)])
        let oneProbe = relay.connections
        #expect(oneProbe == ProbePlan.standard().specs.count)

        let entries = try (1...5).map { try Self.entry("https://good.atscheck.test:\(relay.port)/\($0)", line: $0) }
        let results = Self.run(engine, entries)
        #expect(relay.connections == 2 * oneProbe)
        #expect(results.count == 5)
        for result in results {
            let value = try result.get()
            #expect(value.verdict.status == .allowed, "\(value.verdict.reasons.map(\.code))")
            #expect(value.endpoint.description == "good.atscheck.test:\(relay.port)")
        }
    }

    @Test("an engine from a TrustEnvironment judges with its release and store")
    func environment() throws {
        let lab = try TLSLab(profiles: [.goodRSA])
        defer { lab.stop() }
        let good = try #require(lab.endpoint(.goodRSA))
        let ios16 = TargetOS(.iOS, 16)
        var statuses: [VerdictStatus] = []
        for trustsLabRoot in [true, false] {
            var overrides = TrustEnvironment.Overrides()
            overrides.cacheDirectory = nil
            if trustsLabRoot { overrides.userRoots = try CertificateLoader.load(contentsOf: lab.rootCAFile) }
            let engine = ScanEngine(environment: try TrustEnvironment(target: ios16, overrides: overrides),
                                    options: CheckOptions(time: Self.evaluationTime, timeout: 5), concurrency: 2)
            #expect(engine.checker.environment.target == ios16)
            let results = Self.run(engine, [try Self.entry("https://good.atscheck.test:\(good.port)/", line: 1)])
            statuses.append(try #require(results.first).get().verdict.status)
        }
        #expect(statuses == [.allowed, .blocked], "the lab root counts only as the environment's user root")
    }

    @Test("two endpoints missing the same intermediate, judged at once: its caIssuers URL is fetched once")
    func issuerFetchedOnce() throws {
        let labs = try (0..<2).map { _ in try TLSLab(profiles: [.missingIntermediate]) }
        defer { labs.forEach { $0.stop() } }
        let intermediate = try CertificateLoader.load(contentsOf: RepositoryLayout.testCerts.appendingPathComponent("intermediate.pem"))[0]
        let http = try LoopbackFileServer(["intermediate.cer": intermediate.der])
        defer { http.stop() }
        let relay = try CountingRelay(to: http.port)
        defer { relay.stop() }

        let roots = try CertificateLoader.load(contentsOf: labs[0].rootCAFile)
        var options = CheckOptions(time: Self.evaluationTime, timeout: 5)
        options.issuerFetch = IssuerFetchOptions(connectTo: ["ca.atscheck.test:80:127.0.0.1:\(relay.port)"])
        let engine = ScanEngine(checker: ATSChecker(environment: TrustEnvironment(store: TrustStore(system: [], user: roots))), options: options, concurrency: 4)
        let entries = try labs.enumerated().map { index, lab in
            try Self.entry("https://good.atscheck.test:\(try #require(lab.endpoint(.missingIntermediate)).port)/", line: index + 1)
        }
        let results = Self.run(engine, entries)
        #expect(try results.map { try $0.get().verdict.status } == [.allowed, .allowed], "completed from the caIssuers URL")
        #expect(relay.connections == 1, "fetched \(relay.connections) times")
    }

    @Test("every entry is delivered once, whatever the concurrency; http:// needs no connection")
    func deliveredOnce() throws {
        let lab = try TLSLab(profiles: [.goodRSA, .tls10Only])
        defer { lab.stop() }
        let good = try #require(lab.endpoint(.goodRSA)), old = try #require(lab.endpoint(.tls10Only))
        var entries: [ScanEntry] = []
        for index in 0..<12 {
            let port = index.isMultiple(of: 2) ? good.port : old.port
            entries.append(try Self.entry("https://good.atscheck.test:\(port)/\(index)", line: index + 1))
        }
        entries.append(try Self.entry("http://nowhere.invalid/", address: nil, line: 13))
        for concurrency in [1, 3, 64] {
            let results = Self.run(try Self.engine(lab, concurrency: concurrency), entries)
            let lines = results.compactMap { try? $0.get().entry.origin.line }
            #expect(lines.sorted() == Array(1...13), "concurrency \(concurrency)")
            let statuses = Dictionary(uniqueKeysWithValues: results.compactMap { try? $0.get() }.map { ($0.entry.origin.line ?? 0, $0.verdict.status) })
            #expect(statuses[1] == .allowed && statuses[2] == .blocked && statuses[13] == .blocked)
        }
    }

    @Test("probeHTTP: one cleartext request per http:// endpoint, its answer on every URL; none without it")
    func probeHTTPOncePerEndpoint() throws {
        let lab = try TLSLab(profiles: [.plainHTTP])
        defer { lab.stop() }
        let server = try #require(lab.endpoint(.plainHTTP))
        let relay = try CountingRelay(to: server.port)
        defer { relay.stop() }
        let entries = try (1...4).map { try Self.entry("http://good.atscheck.test:\(relay.port)/\($0)", line: $0) }
        let roots = try CertificateLoader.load(contentsOf: lab.rootCAFile)
        let probing = ScanEngine(checker: ATSChecker(environment: TrustEnvironment(store: TrustStore(system: [], user: roots))),
                                 options: CheckOptions(time: Self.evaluationTime, timeout: 5, probeHTTP: true), concurrency: 4)
        let results = try Self.run(probing, entries).map { try $0.get() }
        #expect(relay.connections == 1)
        #expect(results.count == 4)
        for result in results {
            #expect(result.verdict.status == .blocked)
            #expect(result.httpAnswer == .answered("HTTP/1.1 200 OK"), "\(String(describing: result.httpAnswer))")
        }
        let quiet = try Self.run(try Self.engine(lab), entries).map { try $0.get() }
        #expect(relay.connections == 1 && quiet.allSatisfy { $0.httpAnswer == nil })
    }

    @Test("grouping: host compared lowercased, port and SNI kept apart, first appearance order")
    func grouping() throws {
        let entries = try ["https://A.example/", "https://a.example/x", "https://a.example:8443/", "http://a.example/"]
            .enumerated().map { try Self.entry($1, address: nil, line: $0 + 1) }
        let groups = ScanEngine.group(entries)
        #expect(groups.map(\.endpoint.description) == ["a.example:443", "a.example:8443", "a.example:80"])
        #expect(groups[0].entries.count == 2)
    }

    @Test("shards: disjoint, complete, stable")
    func shards() throws {
        let endpoints = try (0..<500).map { ScanEndpoint(try #require(CheckTarget.parse("host\($0).example:\(400 + $0)"))) }
        var owners = [Int](repeating: 0, count: endpoints.count)
        for index in 1...7 {
            let shard = try #require(ScanShard(index: index, count: 7))
            for (offset, endpoint) in endpoints.enumerated() where shard.contains(endpoint) { owners[offset] += 1 }
        }
        #expect(owners.allSatisfy { $0 == 1 })
        // FNV-1a of "api.example.com:443", computed independently (Python): a change would move
        // endpoints between shards from one release to the next.
        #expect(ScanEndpoint(try #require(CheckTarget.parse("api.example.com"))).stableHash == 0x6753_493f_0872_53eb)
    }
}

/// Results gathered from the engine's delivery thread.
final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<ScanResult, ScanEntryError>] = []
    func append(_ result: Result<ScanResult, ScanEntryError>) { lock.withLock { results.append(result) } }
    var all: [Result<ScanResult, ScanEntryError>] { lock.withLock { results } }
}
