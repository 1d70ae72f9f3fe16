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
    /// resolved for that release: `options.resolution.target` is set to `environment.target`,
    /// so the scan, `ATSChecker(environment:)` and the CLI judge alike.
    public convenience init(environment: TrustEnvironment, options: CheckOptions, concurrency: Int = ScanEngine.defaultConcurrency,
                            upgrade: Bool = false, issuerCache: IssuerFetchCache = IssuerFetchCache()) {
        var options = options
        options.resolution.target = environment.target
        self.init(checker: ATSChecker(environment: environment, issuerCache: issuerCache), options: options,
                  concurrency: concurrency, upgrade: upgrade)
    }

    /// Handshakes in flight by default: enough to keep eight endpoints busy at `host`'s
    /// per-host bound of eight, which waits on the network rather than the CPU, and within what
    /// one small server (the lab allows 64 connections) accepts at once.
    public static let defaultConcurrency = 64

    /// The entries grouped by endpoint, in the order each endpoint first appears.
    public static func group(_ entries: [ScanEntry]) -> [(endpoint: ScanEndpoint, entries: [ScanEntry])] {
        var order: [ScanEndpoint] = []
        var groups: [ScanEndpoint: [ScanEntry]] = [:]
        for entry in entries {
            let endpoint = ScanEndpoint(entry.target)
            if groups[endpoint] == nil { order.append(endpoint) }
            groups[endpoint, default: []].append(entry)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }

    /// Judges every entry and hands each result to `deliver` as soon as its endpoint is done;
    /// `deliver` is called on one thread at a time. Returns when every entry was delivered.
    /// An entry the policy cannot resolve (no host, say) is delivered as an error instead.
    public func run(_ entries: [ScanEntry], deliver: @escaping @Sendable (Result<ScanResult, ScanEntryError>) -> Void) {
        let groups = Self.group(entries)
        let loop = SharedProbeLoop(configuration: ATSChecker.probeConfiguration(timeout: options.timeout), maxHandshakes: concurrency)
        let queue = WorkQueue(count: groups.count)
        let delivery = Lock()
        let workers = min(concurrency, groups.count)
        let done = DispatchGroup()
        for _ in 0..<workers {
            done.enter()
            DetachedThread.startOrRunHere { [self] in
                while let index = queue.next() {
                    let results = judge(groups[index].endpoint, groups[index].entries, loop: loop)
                    delivery.withLock { results.forEach(deliver) }
                }
                done.leave()
            }
        }
        done.wait()
    }

    /// One endpoint's URLs: one probe for the https:// ones, the policy alone for http://.
    func judge(_ endpoint: ScanEndpoint, _ entries: [ScanEntry], loop: SharedProbeLoop) -> [Result<ScanResult, ScanEntryError>] {
        var probed: CheckResult? = nil
        var probeFailure: String? = nil
        var twins: [ScanEndpoint: CheckResult] = [:]
        // With probeHTTP, the endpoint of http:// URLs is asked once whether it answers.
        var httpAnswer: HTTPProbe.Answer? = nil
        if options.probeHTTP, let first = entries.first(where: { $0.target.scheme == .http }) {
            httpAnswer = try? checker.check(first.target, options: options, probingWith: loop).httpAnswer
        }
        if let first = entries.first(where: { $0.target.scheme == .https }) {
            do {
                probed = try checker.check(first.target, options: options, probingWith: loop)
            } catch {
                probeFailure = error.description
            }
        }
        return entries.map { entry in
            do {
                if entry.target.scheme == .http {
                    let verdict = try checker.judge(entry.target, observation: nil, options: options)
                    var result = ScanResult(entry: entry, endpoint: endpoint, verdict: verdict, probeMilliseconds: nil)
                    result.httpAnswer = httpAnswer
                    if upgrade, verdict.status == .blocked {
                        if let probed, ScanEndpoint(probed.target) == entry.target.httpsTwin.map(ScanEndpoint.init) { twins[endpoint] = probed }
                        result.upgrade = twin(of: entry.target, cache: &twins, loop: loop)
                    }
                    return .success(result)
                }
                guard let probed else {
                    return .failure(ScanEntryError(entry: entry, message: probeFailure ?? "not probed"))
                }
                let verdict = entry.target == probed.target
                    ? probed.verdict : try checker.judge(entry.target, observation: probed.observation, options: options, issuers: probed.issuers)
                return .success(ScanResult(entry: entry, endpoint: endpoint, verdict: verdict,
                                           probeMilliseconds: probed.observation?.milliseconds))
            } catch {
                return .failure(ScanEntryError(entry: entry, message: "\(error)"))
            }
        }
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
