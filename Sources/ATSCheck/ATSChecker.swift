import ATSVocabulary
import ATSCertificates
import ATSPolicy
import ATSProbe

/// The one call behind every command that judges a live load: probe the target with the
/// handshakes the verdict needs, validate the chain in the environment, and fold it all under the
/// app's policy, resolved for the environment's release, into a ``Verdict``.
///
/// ```swift
/// let checker = ATSChecker(environment: try TrustEnvironment(target: .latest))
/// let result = try checker.check(CheckTarget.parse("https://api.example.com/")!, options: CheckOptions(time: .now))
/// print(result.verdict.status, result.verdict.reasons.map(\.code))
/// ```
///
/// A checker holds no per-target state; one may judge many targets at once from many threads.
public struct ATSChecker: Sendable {
    /// The release, roots and CT log list every check of this checker is judged in.
    public let environment: TrustEnvironment
    /// The roots chains are judged against (the environment's).
    public var store: TrustStore { environment.store }
    /// caIssuers answers fetched so far, shared by every check of this checker (one run).
    public let issuerCache: IssuerFetchCache

    /// A checker judging in `environment`: policies resolved for its release, chains against its
    /// roots and CT log list, as the CLI does for the same `--target` and trust options
    /// (``TrustEnvironment/offline(target:)`` when no chain is judged).
    public init(environment: TrustEnvironment, issuerCache: IssuerFetchCache = IssuerFetchCache()) {
        self.environment = environment
        self.issuerCache = issuerCache
    }

    /// Probes and judges one target. Throws only when the URL cannot be resolved under the
    /// policy (no host, a scheme ATS does not cover); a server that cannot be reached gives an
    /// `unknown` verdict, not an error. Blocks the caller; the `async` ``check(_:options:)-9302s`` awaits instead.
    public func check(_ target: CheckTarget, options: CheckOptions) throws(ResolutionError) -> CheckResult {
        try check(target, options: options, probingWith: nil)
    }

    /// Probes and judges one target, running its handshakes on `loop` (shared with other
    /// callers, under its global bound) instead of on the calling thread; nil probes on the
    /// calling thread as ``check(_:options:)-5sl63`` does. Blocks the caller either way.
    public func check(_ target: CheckTarget, options: CheckOptions, probingWith loop: SharedProbeLoop?) throws(ResolutionError) -> CheckResult {
        // The policy first: a URL the resolver refuses throws before any connection, and the
        // probes are planned from the resolved requirements.
        let load = try resolve(target, options: options)
        let endpoint = Self.endpoint(target, options: options)
        guard target.scheme == .https else { return cleartext(target, load: load, options: options, endpoint: endpoint) }
        let plan = ProbePlan.standard(load.suiteGroup, offer: load.offer)
        let observation = loop?.observe(plan, against: endpoint) ?? Self.prober(timeout: options.timeout).runBlocking(plan, against: endpoint)
        let cipherSuites = options.enumerateCiphers
            ? Self.cipherLists(Self.cipherEnumerator(timeout: options.timeout).enumerateBlocking(endpoint)) : nil
        return judged(target, load: load, options: options, observation: observation, cipherSuites: cipherSuites, httpAnswer: nil)
    }

    /// Probes and judges one target as ``check(_:options:)-5sl63`` does, awaiting the handshakes
    /// (`TLSProber.run(_:against:)`) instead of blocking a thread on them. The
    /// plain-HTTP answer (`probeHTTP`) and caIssuers fetches still run on the calling task.
    public func check(_ target: CheckTarget, options: CheckOptions) async throws(ResolutionError) -> CheckResult {
        let load = try resolve(target, options: options)
        let endpoint = Self.endpoint(target, options: options)
        guard target.scheme == .https else { return cleartext(target, load: load, options: options, endpoint: endpoint) }
        let observation = await Self.prober(timeout: options.timeout).run(ProbePlan.standard(load.suiteGroup, offer: load.offer), against: endpoint)
        let cipherSuites = options.enumerateCiphers
            ? Self.cipherLists(await Self.cipherEnumerator(timeout: options.timeout).enumerate(endpoint)) : nil
        return judged(target, load: load, options: options, observation: observation, cipherSuites: cipherSuites, httpAnswer: nil)
    }

    /// An http:// target: judged by the policy alone, with the server's plain-HTTP answer when
    /// `probeHTTP` asks for it.
    private func cleartext(_ target: CheckTarget, load: ResolvedLoad, options: CheckOptions, endpoint: Endpoint) -> CheckResult {
        judged(target, load: load, options: options, observation: nil, cipherSuites: nil,
               httpAnswer: options.probeHTTP ? HTTPProbe.check(endpoint, timeout: options.timeout) : nil)
    }

    /// Judges an observation made elsewhere (or none, for a cleartext URL judged by the policy
    /// alone) without probing.
    /// `issuers` are certificates fetched from caIssuers URLs to complete the served chain.
    public func judge(_ target: CheckTarget, observation: Observation?, options: CheckOptions,
                      issuers: IssuerCompletion = .none) throws(ResolutionError) -> Verdict {
        let load = try resolve(target, options: options)
        return VerdictEvaluator.evaluate(input(target, load: load, observation: observation, options: options, issuers: issuers), load: load)
    }

    /// The URL read and resolved under the options' policy for the environment's release, before any connection.
    func resolve(_ target: CheckTarget, options: CheckOptions) throws(ResolutionError) -> ResolvedLoad {
        ResolvedLoad(url: try target.resolvable.get(), context: options.context, policyDocument: options.policyDocument,
                     options: options.resolution(for: environment.target))
    }

    /// Where the probes connect for `target`.
    static func endpoint(_ target: CheckTarget, options: CheckOptions) -> Endpoint {
        Endpoint(host: target.host, address: target.address, port: target.port, serverName: target.serverName,
                 publicAddressesOnly: options.publicAddressesOnly)
    }

    private func input(_ target: CheckTarget, load: ResolvedLoad, observation: Observation?, options: CheckOptions,
                       issuers: IssuerCompletion) -> VerdictInput {
        var input = VerdictInput(url: target.url, load: .success(load), context: options.context, policyDocument: options.policyDocument,
                                 options: options.resolution(for: environment.target), observation: observation,
                                 trustEvaluator: TrustEvaluator(store: store), time: options.time)
        input.extraPins = options.extraPins
        input.issuers = issuers
        return input
    }

    /// The verdict on what was observed, the served chain completed from caIssuers URLs and
    /// judged again when it was incomplete, and everything measured on the way.
    private func judged(_ target: CheckTarget, load: ResolvedLoad, options: CheckOptions, observation: Observation?,
                        cipherSuites: [TLSVersion: [CipherSuite]]?, httpAnswer: HTTPProbe.Answer?) -> CheckResult {
        func judging(_ issuers: IssuerCompletion) -> Verdict {
            VerdictEvaluator.evaluate(input(target, load: load, observation: observation, options: options, issuers: issuers), load: load)
        }
        var verdict = judging(.none)
        var issuers = IssuerCompletion.none
        // Only a chain judged incomplete is completed from the network (and judged again).
        if let observation, options.issuerFetch.enabled,
           verdict.trust?.reasons.contains(where: { $0.code == .certIncompleteChain }) == true {
            issuers = IssuerFetching.complete(ServedChainSource.servedChain(observation), evaluator: TrustEvaluator(store: store),
                                              host: target.host, at: options.time,
                                              options: options.issuerFetch.forServer(at: observation.connectedAddress), cache: issuerCache)
            if !issuers.fetches.isEmpty { verdict = judging(issuers) }
        }
        var result = CheckResult(target: target, options: options, verdict: verdict, observation: observation, cipherSuites: cipherSuites,
                                 group: load.suiteGroup, httpAnswer: httpAnswer, store: store)
        result.issuers = issuers
        return result
    }

    /// The prober `host` uses: connects within 5 s (or the whole deadline when shorter).
    static func prober(timeout: Double) -> TLSProber {
        TLSProber(configuration: probeConfiguration(timeout: timeout))
    }

    /// The deadlines and per-host bound `host` probes with, for a `--timeout` of `timeout`.
    public static func probeConfiguration(timeout: Double) -> TLSProber.Configuration {
        TLSProber.Configuration(connectTimeout: min(5, timeout), handshakeTimeout: timeout, hostTimeout: timeout)
    }

    /// The enumerator `--ciphers` uses: enumeration takes many handshakes, so its budget is six
    /// deadlines, at least a minute.
    static func cipherEnumerator(timeout: Double) -> CipherEnumerator {
        CipherEnumerator(prober: TLSProber(configuration: TLSProber.Configuration(
            connectTimeout: min(5, timeout), handshakeTimeout: timeout, hostTimeout: max(60, timeout * 6))))
    }

    /// Every accepted suite per version.
    static func cipherLists(_ enumeration: CipherEnumeration) -> [TLSVersion: [CipherSuite]] {
        var lists: [TLSVersion: [CipherSuite]] = [:]
        for version in enumeration.versions { lists[version.version] = version.accepted }
        return lists
    }
}
