import ATSVocabulary

/// The fold of a ``ProbePlan/standard(_:)`` observation, next to the plan it reads.
///
/// What the probes established about a server's TLS, as tri-state facts: `true` (a probe
/// completed), `false` (the server refused the offer), `nil` (unknown: the probe could not
/// connect, timed out or did not run). Unknown never reads as supported or as refused.
public struct TLSCapabilities: Sendable, Hashable, Codable {
    /// Support per protocol version (from the `tls1.x` probes).
    public let versions: [TLSVersion: Bool?]
    /// The suite negotiated by each version probe.
    public let suiteByVersion: [TLSVersion: CipherSuite]
    /// TLS 1.2 offering exactly the release's `ats` group (`tls1.2-ats-fs`).
    public let tls12ForwardSecret: Bool?
    /// TLS 1.2 offering exactly the release's `ats_compatibility` group (`tls1.2-static-rsa`).
    public let tls12StaticRSA: Bool?
    /// TLS 1.2 offering everything outside both groups (`tls1.2-other`).
    public let tls12Other: Bool?
    /// The suite the server chose when offered everything outside both groups.
    public let tls12OtherSuite: CipherSuite?
    /// The first failure that says the endpoint could not be reached at all, when no probe
    /// completed; also when every handshake failed without the server ever answering in TLS
    /// (it closed or reset each connection after the ClientHello): such a server is not
    /// refusing ATS's offers, it is not a TLS server, so the verdict is unknown.
    public let connectivityFailure: ProbeFailure?
    /// The size of the server's certificate list (Certificate message body), when known:
    /// the largest a probe saw, (see `certificateListBeyondProbeLimit` for lists beyond the probe's cap).
    public let certificateMessageBytes: Int?
    /// A probe could not read the chain because it exceeded the probe's own cap.
    public let certificateListBeyondProbeLimit: Bool

    /// Folds an observation made with `ProbePlan.standard(_:)`.
    public init(_ observation: Observation) {
        let completedVersions = Set(observation.probes.filter(\.completed).compactMap(\.version))
        func state(_ name: ProbeName) -> Bool? {
            guard let probe = observation.probe(name) else { return nil }
            switch probe.outcome {
            case .completed: return true
            // The server negotiated; only the size of its certificate list stopped the probe.
            case .failed(.certificateListTooLarge): return true
            // A reset or close with no TLS answer is not a refusal of the offer when the same
            // server completed another handshake at that version: it says nothing.
            case .failed(.handshakeFailed) where !probe.serverAnsweredTLS && completedVersions.contains(probe.spec.maxVersion):
                return nil
            case .failed(.handshakeFailed): return false
            case .failed, .notRun: return nil
            }
        }
        var versions: [TLSVersion: Bool?] = [:]
        var suites: [TLSVersion: CipherSuite] = [:]
        for version in TLSVersion.allCases {
            let name = ProbeName.only(version)
            versions[version] = state(name)
            if let suite = observation.probe(name)?.cipherSuite { suites[version] = suite }
        }
        self.versions = versions
        suiteByVersion = suites
        tls12ForwardSecret = state(ProbeName.tls12ATSForwardSecret)
        tls12StaticRSA = state(ProbeName.tls12StaticRSA)
        tls12Other = state(ProbeName.tls12Other)
        tls12OtherSuite = observation.probe(ProbeName.tls12Other)?.cipherSuite
        certificateMessageBytes = observation.probes.compactMap(\.certificateMessageBytes).max()
        certificateListBeyondProbeLimit = observation.probes.contains {
            if case .failed(.certificateListTooLarge) = $0.outcome { return true }
            return false
        }
        if observation.probes.contains(where: \.completed) || certificateListBeyondProbeLimit {
            connectivityFailure = nil
        } else if let failure = observation.probes.lazy.compactMap({ probe -> ProbeFailure? in
            if case .failed(let failure) = probe.outcome, !Self.isHandshakeFailure(failure) { return failure }
            return nil
        }).first {
            connectivityFailure = failure
        } else if !observation.probes.contains(where: \.serverAnsweredTLS),
                  let first = observation.probes.lazy.compactMap({ probe -> String? in
                      if case .failed(let failure) = probe.outcome { return "probe \(probe.spec.name): \(failure.message)" }
                      return nil
                  }).first {
            connectivityFailure = .connectionFailed("no handshake got a TLS answer (no ServerHello, no alert) from the server: \(first)")
        } else {
            connectivityFailure = nil
        }
    }

    private static func isHandshakeFailure(_ failure: ProbeFailure) -> Bool {
        switch failure {
        case .handshakeFailed, .certificateListTooLarge: return true
        default: return false
        }
    }

    /// The highest version the server supports that a client of `group`'s release offers
    /// (no TLS 1.3 before iOS 12).
    public func highestSupported(offering group: ATSSuiteGroup) -> TLSVersion? {
        TLSVersion.allCases.last { versions[$0] == .some(true) && ($0 != .tls13 || !group.tls13.isEmpty) }
    }
}
