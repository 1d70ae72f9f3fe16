import ATSVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// The suites one endpoint accepted for one protocol version.
public struct VersionCipherSuites: Sendable, Hashable, Codable {
    /// Why the enumeration of a version stopped.
    public enum Stop: String, Sendable, Hashable, Codable {
        /// The server refused a handshake offering every suite not yet seen: the list is complete.
        case serverRefusedRest
        /// Every suite OpenSSL can offer for the version was accepted: the list is complete.
        case everythingAccepted
        /// The per-version handshake limit was reached: the list may be incomplete.
        case limitReached
        /// The last probe did not complete for a reason other than a refusal (timeout, not TLS,
        /// connection failure, not run): the list may be incomplete.
        case probeFailed
    }

    /// The protocol version.
    public let version: TLSVersion
    /// The suites the server chose, in the order it chose them. When the server enforces its own
    /// preference this is that preference; otherwise it follows OpenSSL's offer order.
    public let accepted: [CipherSuite]
    /// Why the enumeration stopped.
    public let stop: Stop
    /// Every handshake of the enumeration, in order.
    public let probes: [ProbeResult]

    /// Creates a result.
    public init(version: TLSVersion, accepted: [CipherSuite], stop: Stop, probes: [ProbeResult]) {
        self.version = version
        self.accepted = accepted
        self.stop = stop
        self.probes = probes
    }

    /// True when `accepted` is known to be the full list.
    public var isComplete: Bool { stop == .serverRefusedRest || stop == .everythingAccepted }

    /// Whether the server speaks this version: true when a suite was accepted, false when the
    /// server refused everything, nil when that is unknown (the probe failed otherwise).
    public var supported: Bool? {
        if !accepted.isEmpty { return true }
        return isComplete ? false : nil
    }
}

/// The result of a cipher enumeration of one endpoint.
public struct CipherEnumeration: Sendable, Hashable, Codable {
    /// The endpoint enumerated.
    public let endpoint: Endpoint
    /// The address dialled, when a connect succeeded.
    public let connectedAddress: String?
    /// One entry per version asked for, in the order asked.
    public let versions: [VersionCipherSuites]
    /// Wall time, milliseconds.
    public let milliseconds: Double

    /// Creates a result.
    public init(endpoint: Endpoint, connectedAddress: String?, versions: [VersionCipherSuites], milliseconds: Double) {
        self.endpoint = endpoint
        self.connectedAddress = connectedAddress
        self.versions = versions
        self.milliseconds = milliseconds
    }

    /// The entry for one version.
    public func suites(for version: TLSVersion) -> VersionCipherSuites? {
        versions.first { $0.version == version }
    }
}

/// Lists every suite a server accepts, per version, sslscan-style: offer everything, remove the
/// suite the server chose, repeat until the server refuses (one handshake per accepted suite plus
/// one, not one per candidate). Versions run side by side; the handshakes of one version run one
/// after another because each depends on the previous answer.
public struct CipherEnumerator: Sendable {
    /// The prober whose deadlines and concurrency bound apply (its host timeout bounds the
    /// whole enumeration).
    public let prober: TLSProber
    /// The versions to enumerate.
    public let versions: [TLSVersion]
    /// Most handshakes per version (a guard against a server that never refuses).
    public let maxHandshakesPerVersion: Int

    /// Creates an enumerator. The default configuration allows two minutes per endpoint.
    public init(prober: TLSProber = TLSProber(configuration: .init(hostTimeout: 120)),
                versions: [TLSVersion] = TLSVersion.allCases, maxHandshakesPerVersion: Int = 200) {
        self.prober = prober
        self.versions = versions
        self.maxHandshakesPerVersion = maxHandshakesPerVersion
    }

    /// Enumerates on a dedicated thread. Cancelling stops the run (the lists become incomplete).
    public func enumerate(_ endpoint: Endpoint) async -> CipherEnumeration {
        let flag = CancellationFlag()
        return await withTaskCancellationHandler {
            await onDedicatedThread { enumerateBlocking(endpoint, cancellation: flag) }
        } onCancel: {
            flag.cancel()
        }
    }

    /// Enumerates on the calling thread. Do not call from a Swift-concurrency task.
    public func enumerateBlocking(_ endpoint: Endpoint) -> CipherEnumeration {
        enumerateBlocking(endpoint, cancellation: nil)
    }

    func enumerateBlocking(_ endpoint: Endpoint, cancellation: CancellationFlag?) -> CipherEnumeration {
        let start = Monotonic.now()
        let session = HostSession(endpoint: endpoint, configuration: prober.configuration, start: start,
                                  cancellation: cancellation)
        let wanted = versions.reduce(into: [TLSVersion]()) { if !$0.contains($1) { $0.append($1) } }
        var accepted: [TLSVersion: [CipherSuite]] = [:]
        var exhausted = Set<TLSVersion>()
        let limit = max(1, maxHandshakesPerVersion)
        let initial = wanted.compactMap { Self.spec(for: $0, excluding: [], round: 1) }
        let results = session.run(initial) { spec, result in
            let version = spec.minVersion
            guard result.completed, let suite = result.cipherSuite,
                  !(accepted[version] ?? []).contains(where: { $0.id == suite.id }) else { return [] }
            accepted[version, default: []].append(suite)
            let done = accepted[version]!
            guard done.count < limit else { return [] }
            guard let next = Self.spec(for: version, excluding: done, round: done.count + 1) else {
                exhausted.insert(version)
                return []
            }
            return [next]
        }
        let folded = wanted.map { version in
            Self.fold(version: version, probes: results.filter { $0.spec.minVersion == version },
                      exhausted: exhausted.contains(version), limit: limit)
        }
        return CipherEnumeration(endpoint: endpoint, connectedAddress: session.connectedAddress, versions: folded,
                                 milliseconds: (Monotonic.now() - start) * 1000)
    }

    // MARK: - Planning and folding (no network)

    /// The next handshake for `version`: every suite OpenSSL can offer for that version except
    /// `excluded`. Nil when nothing is left to offer.
    public static func spec(for version: TLSVersion, excluding excluded: [CipherSuite], round: Int = 1) -> ProbeSpec? {
        let name = "ciphers-\(version.rawValue.lowercased().replacingEvery("v", with: ""))-\(round)"
        let spec: ProbeSpec
        if version == .tls13 {
            let remaining = ATSCipherSuites.tls13.filter { suite in !excluded.contains { $0.id == suite.id } }
            guard !remaining.isEmpty else { return nil }
            // A TLS 1.3 ServerHello may be a HelloRetryRequest; the Certificate follows only a real one.
            spec = ProbeSpec(name: name, minVersion: .tls13, maxVersion: .tls13, cipherList: nil,
                             cipherSuites: ATSCipherSuites.cipherString(remaining), stopAfter: .certificate)
        } else {
            // The suite is in the ServerHello: nothing after it is needed.
            spec = ProbeSpec(name: name, minVersion: version, maxVersion: version,
                             cipherList: ProbePlan.cipherList(excluding: excluded), stopAfter: .serverHello)
        }
        // Ask OpenSSL what that ClientHello would carry; nothing means nothing left.
        guard case .success(let offered) = OpenSSLClient.offeredSuites(spec), !offered.isEmpty else { return nil }
        return spec
    }

    /// Folds one version's handshakes into the accepted list and the reason it stopped.
    public static func fold(version: TLSVersion, probes: [ProbeResult], exhausted: Bool, limit: Int) -> VersionCipherSuites {
        var accepted: [CipherSuite] = []
        for probe in probes where probe.completed {
            if let suite = probe.cipherSuite, !accepted.contains(where: { $0.id == suite.id }) { accepted.append(suite) }
        }
        let stop: VersionCipherSuites.Stop
        switch probes.last?.outcome {
        case .failed(.handshakeFailed):
            stop = .serverRefusedRest
        case .completed:
            stop = exhausted ? .everythingAccepted : (accepted.count >= limit ? .limitReached : .probeFailed)
        default:
            stop = .probeFailed
        }
        return VersionCipherSuites(version: version, accepted: accepted, stop: stop, probes: probes)
    }
}
