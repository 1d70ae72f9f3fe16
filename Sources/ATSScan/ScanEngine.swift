import ATSCheck
import ATSProbe
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem
import Dispatch
import ATSPolicy

/// Judges many URLs under one policy, probing each endpoint once: URLs are grouped by
/// ``ScanEndpoint`` in input order, each group's handshakes run once (`ATSChecker.check`), and
/// every URL of the group is judged from that observation (`ATSChecker.judge`). Cleartext
/// http:// URLs are judged by the policy alone (with `probeHTTP`, their endpoint is also asked
/// once whether it answers in cleartext HTTP). Every endpoint's handshakes
/// run on one ``SharedProbeLoop``: at most `concurrency` handshakes in flight across all
/// endpoints, and `host`'s per-host bound for each. Worker threads (as many as `concurrency`)
/// resolve names, wait for their endpoint's handshakes and judge its URLs.
public final class ScanEngine: Sendable {
    /// How every URL is judged.
    public let checker: ATSChecker
    /// The check options (policy, context, release, instant, timeout).
    public let options: CheckOptions
    /// Most handshakes in flight across all endpoints.
    public let concurrency: Int
    /// For every blocked http:// URL, also probe its https:// twin (``HTTPSUpgrade``).
    public let upgrade: Bool

    /// A scan judging with `checker` under `options`, `concurrency` endpoints at a time.
    public init(checker: ATSChecker, options: CheckOptions, concurrency: Int = ScanEngine.defaultConcurrency, upgrade: Bool = false) {
        self.checker = checker
        self.options = options
        self.concurrency = max(1, concurrency)
        self.upgrade = upgrade
    }

    /// A scan judging in `environment` (its release's roots and CT log list) with the policy
    /// resolved for that release, as `ATSChecker(environment:)` and the CLI judge.
    public convenience init(environment: TrustEnvironment, options: CheckOptions, concurrency: Int = ScanEngine.defaultConcurrency,
                            upgrade: Bool = false, issuerCache: IssuerFetchCache = IssuerFetchCache()) {
        self.init(checker: ATSChecker(environment: environment, issuerCache: issuerCache), options: options,
                  concurrency: concurrency, upgrade: upgrade)
    }

    /// Handshakes in flight by default: enough to keep eight endpoints busy at `host`'s
    /// per-host bound of eight, which waits on the network rather than the CPU, and within what
    /// one small server (the lab allows 64 connections) accepts at once.
    public static let defaultConcurrency = 64

    /// The entries grouped by endpoint, in the order each endpoint first appears.
    public static func group(_ entries: [ScanEntry]) -> [(endpoint: ScanEndpoint, entries: [ScanEntry])] {
        groupedIndices(entries).map { group in (group.endpoint, group.members.map { entries[Int($0)] }) }
    }

    /// The positions of the entries of each endpoint, endpoints in the order they first
    /// appear: four bytes a URL, where grouping copies of the entries cost a few hundred. A
    /// ``ScanEntryList`` knows its entries' endpoints; other entries are asked.
    static func groupedIndices(_ entries: some RandomAccessCollection<ScanEntry>) -> [(endpoint: ScanEndpoint, members: [Int32])] {
        if let list = entries as? ScanEntryList {
            var members = Array(repeating: [Int32](), count: list.endpoints.count)
            for position in list.indices { members[list.endpointIndex(at: position)].append(Int32(position)) }
            return zip(list.endpoints, members).filter { !$0.1.isEmpty }.map { ($0, $1) }
        }
        var order: [ScanEndpoint] = []
        var groups: [ScanEndpoint: [Int32]] = [:]
        for (offset, entry) in entries.enumerated() {
            let endpoint = ScanEndpoint(entry.target)
            if groups[endpoint] == nil { order.append(endpoint) }
            groups[endpoint, default: []].append(Int32(offset))
        }
        return order.map { ($0, groups[$0] ?? []) }
    }

    /// Judges every entry and hands each result to `deliver` as soon as it is judged (an
    /// endpoint's URLs in input order, endpoints interleaved when they are judged at once);
    /// `deliver` is called on one thread at a time. Returns when every entry was delivered.
    /// No result is kept once delivered, and a ``ScanEntryList`` keeps its entries compact, so
    /// memory grows with the list by tens of bytes a URL, not by what is judged. An entry the
    /// policy cannot resolve (no host, say) is delivered as an error instead.
    public func run<Entries: RandomAccessCollection<ScanEntry> & Sendable>(
        _ entries: Entries, deliver: @escaping @Sendable (Result<ScanResult, ScanEntryError>) -> Void
    ) where Entries.Index == Int {
        precondition(entries.count <= Int(Int32.max), "more entries than a scan input can hold")
        let groups = Self.groupedIndices(entries)
        let loop = SharedProbeLoop(configuration: ATSChecker.probeConfiguration(timeout: options.timeout), maxHandshakes: concurrency)
        let queue = WorkQueue(count: groups.count)
        let delivery = Lock()
        let workers = min(concurrency, groups.count)
        let done = DispatchGroup()
        for _ in 0..<workers {
            done.enter()
            DetachedThread.startOrRunHere { [self] in
                while let index = queue.next() {
                    let group = groups[index]
                    judge(group.endpoint, group.members.lazy.map { entries[entries.startIndex + Int($0)] }, loop: loop) { result in
                        delivery.withLock { deliver(result) }
                    }
                }
                done.leave()
            }
        }
        done.wait()
    }

    /// One endpoint's URLs, each handed to `deliver` as soon as it is judged: one probe for
    /// the https:// ones, the policy alone for http://. URLs that differ only in their path,
    /// query or fragment get the same verdict (ATS reads scheme, host and port; the probe is
    /// the endpoint's), so each distinct ``VerdictKey`` is judged once.
    func judge(_ endpoint: ScanEndpoint, _ entries: some Collection<ScanEntry>, loop: SharedProbeLoop,
               deliver: (Result<ScanResult, ScanEntryError>) -> Void) {
        var probed: CheckResult? = nil
        var probeFailure: String? = nil
        var twins: [ScanEndpoint: CheckResult] = [:]
        var verdicts: [VerdictKey: Verdict] = [:]
        // With probeHTTP, the endpoint of http:// URLs is asked once whether it answers.
        var httpAnswer: HTTPProbe.Answer? = nil
        var askedHTTP = false, probedTLS = false
        // One pass: each entry is read (and a ScanEntryList's text parsed) once; the probes run
        // when the first URL that needs them comes.
        for entry in entries {
            if entry.target.scheme == .http, options.probeHTTP, !askedHTTP {
                askedHTTP = true
                httpAnswer = try? checker.check(entry.target, options: options, probingWith: loop).httpAnswer
            }
            if entry.target.scheme == .https, !probedTLS {
                probedTLS = true
                do {
                    let result = try checker.check(entry.target, options: options, probingWith: loop)
                    verdicts[VerdictKey(result.target)] = result.verdict
                    probed = result
                } catch {
                    probeFailure = error.description
                }
            }
            deliver(Result { () throws(ScanEntryError) -> ScanResult in
                do {
                    let key = VerdictKey(entry.target)
                    if entry.target.scheme == .http {
                        let verdict = try verdicts[key] ?? checker.judge(entry.target, observation: nil, options: options)
                        verdicts[key] = verdict
                        var result = ScanResult(entry: entry, endpoint: endpoint, verdict: verdict, probeMilliseconds: nil)
                        result.httpAnswer = httpAnswer
                        if upgrade, verdict.status == .blocked {
                            if let probed, ScanEndpoint(probed.target) == entry.target.httpsTwin.map(ScanEndpoint.init) { twins[endpoint] = probed }
                            result.upgrade = twin(of: entry.target, cache: &twins, loop: loop)
                        }
                        return result
                    }
                    guard let probed else {
                        throw ScanEntryError(entry: entry, message: probeFailure ?? "not probed")
                    }
                    let verdict = try verdicts[key]
                        ?? checker.judge(entry.target, observation: probed.observation, options: options, issuers: probed.issuers)
                    verdicts[key] = verdict
                    return ScanResult(entry: entry, endpoint: endpoint, verdict: verdict, probeMilliseconds: probed.observation?.milliseconds)
                } catch let error as ScanEntryError {
                    throw error
                } catch {
                    throw ScanEntryError(entry: entry, message: "\(error)")
                }
            })
        }
    }
}

/// What a verdict depends on in a target: everything but the URL's path, query and fragment
/// (ATS resolves the scheme and host; the probe serves the host, port, address and SNI).
/// The host is kept as written, so a verdict's text never names another spelling of it.
struct VerdictKey: Hashable {
    let scheme: URLScheme
    let host: String
    let port: UInt16
    let address: String?
    let serverName: String?

    init(_ target: CheckTarget) {
        scheme = target.scheme
        host = target.host
        port = target.port
        address = target.address
        serverName = target.serverName
    }
}

extension ScanEngine {
    /// The https:// twin of a blocked http:// URL, its endpoint probed once per group.
    func twin(of target: CheckTarget, cache: inout [ScanEndpoint: CheckResult], loop: SharedProbeLoop) -> HTTPSUpgrade? {
        guard let twin = target.httpsTwin else { return nil }
        let endpoint = ScanEndpoint(twin)
        if cache[endpoint] == nil { cache[endpoint] = try? checker.check(twin, options: options, probingWith: loop) }
        guard let probed = cache[endpoint] else { return nil }
        let verdict = twin == probed.target ? probed.verdict : (try? checker.judge(twin, observation: probed.observation, options: options, issuers: probed.issuers))
        return verdict.map { HTTPSUpgrade(target: twin, verdict: $0) }
    }
}

/// An entry that could not be judged at all (its URL does not resolve under the policy).
public struct ScanEntryError: Error, Sendable, CustomStringConvertible {
    /// The entry.
    public let entry: ScanEntry
    /// Why.
    public let message: String

    /// An entry that could not be judged, and why.
    public init(entry: ScanEntry, message: String) {
        self.entry = entry
        self.message = message
    }

    /// `origin: message`: where the entry was read, and why it could not be judged.
    public var description: String { "\(entry.origin): \(message)" }
}

/// Hands out indices 0..<count, each once, to any number of threads.
final class WorkQueue: @unchecked Sendable {
    private let lock = Lock()
    private var nextIndex = 0
    private let count: Int

    init(count: Int) { self.count = count }

    func next() -> Int? {
        lock.withLock {
            guard nextIndex < count else { return nil }
            defer { nextIndex += 1 }
            return nextIndex
        }
    }
}
