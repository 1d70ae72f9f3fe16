import ATSCheck
import ATSPolicy
import AtscheckSystem
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// How the proxy judges a load: a CONNECT by probing (cached, bounded, shared), an http://
// request by the policy alone.
extension ProxyServer {
    /// A CONNECT's verdict, or why no probe could give one in time.
    enum TLSJudgement {
        case verdict(Verdict)
        /// No probe slot, or the shared probe did not finish: `reason` for the log, `why` for the client.
        case busy(reason: String, why: String)
    }

    /// The verdict for https://host:port/, from the cache when fresh, else from a probe
    /// (``maxProbesInFlight`` at once, waiting `timeout` for a slot at most) that CONNECTs to
    /// the same host:port share; one that waits for another's probe waits three times
    /// `timeout` at most (the slot, the handshakes' host deadline, an issuer fetch).
    func judgeTLS(host: String, port: UInt16) throws(ResolutionError) -> TLSJudgement {
        let key = "\(host.lowercased()):\(port)"
        let cached = { [self] in lock.withLock { cache.value(for: key, now: DispatchTime.now().uptimeNanoseconds) } }
        if let verdict = cached() { return .verdict(verdict) }
        var target = try CheckTarget(url: "https://\(Self.hostPort(host, port))/")
        target.address = configuration.resolve[key] ?? configuration.resolve["*:\(port)"]
        let timeout = configuration.timeout
        let admission = probes.outcome(for: key, slotDeadline: .after(seconds: timeout), outcomeDeadline: .after(seconds: 3 * timeout)) {
            [self, target] () -> Result<Verdict, ResolutionError> in
            if let verdict = cached() { return .success(verdict) }
            do throws(ResolutionError) {
                let verdict = try checker.check(target, options: checkOptions).verdict
                if verdict.status != .unknown {
                    lock.withLock { cache.insert(verdict, for: key, now: DispatchTime.now().uptimeNanoseconds) }
                }
                return .success(verdict)
            } catch {
                return .failure(error)
            }
        }
        switch admission {
        case .finished(let result, _): return .verdict(try result.get())
        case .noSlot:
            return .busy(reason: "probe-slots-busy", why: "\(Self.maxProbesInFlight) probes were already running and none finished within \(timeout) s; try again")
        case .waitedTooLong:
            return .busy(reason: "probe-wait-timeout", why: "the probe of \(Self.hostPort(host, port)) another client started did not finish in time; try again")
        }
    }

    /// What the CONNECT probes are doing now (for tests and diagnostics).
    package var probeActivity: ProxyProbeGate<Result<Verdict, ResolutionError>>.Activity { probes.now }

    /// The verdict for a cleartext URL, from the policy alone.
    func judgeCleartext(host: String, port: UInt16) throws(ResolutionError) -> Verdict {
        let target = try CheckTarget(url: "http://\(Self.hostPort(host, port))/")
        return try checker.judge(target, observation: nil, options: checkOptions)
    }

    /// The options of one check: the configured instant, or now when none was set.
    var checkOptions: CheckOptions {
        var options = CheckOptions(policyDocument: configuration.policyDocument, context: configuration.context,
                                   subdomainDepth: configuration.subdomainDepth, legacyKeys: configuration.legacyKeys, time: configuration.time ?? Date(), timeout: configuration.timeout)
        options.issuerFetch = configuration.issuerFetch
        return options
    }
}
