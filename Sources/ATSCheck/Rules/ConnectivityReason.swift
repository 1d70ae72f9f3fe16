import ATSPolicy
import ATSCertificates
import ATSVocabulary
import ATSProbe

/// The reason a server could not be judged: no connection, a timeout, no TLS answer.
enum ConnectivityReason {
    /// The reason for `failure`, or a plain `connection-failed` with `message` when there is none.
    static func reason(_ failure: ProbeFailure?, message: String) -> CheckReason {
        let source = ReachableRule.source
        switch failure {
        case .timeout(let text)?:
            return CheckReason(code: .connection(.timeout), message: text, nsurlError: AppleError.URLDomain.timedOut,
                               secureTransportError: nil, source: source)
        case .notTLS(let text)?:
            return CheckReason(code: .connection(.notTLS), message: "the server did not answer with TLS: \(text)",
                               nsurlError: AppleError.URLDomain.secureConnectionFailed,
                               secureTransportError: AppleError.StreamDomain.sslClosedAbort, source: source)
        case .connectionFailed(let text)?:
            return CheckReason(code: .connection(.connectionFailed), message: text,
                               nsurlError: AppleError.URLDomain.cannotConnectToHost, secureTransportError: nil, source: source)
        default:
            return CheckReason(code: .connection(.connectionFailed), message: message,
                               nsurlError: AppleError.URLDomain.cannotConnectToHost, secureTransportError: nil, source: source)
        }
    }

    /// Why the app's own handshake (the `default` probe, or its retry) brought no chain when it
    /// timed out, met something that is not TLS or lost its connection; nil when it was refused
    /// by a TLS answer (that is a handshake failure, judged by the connection rules) or ran.
    static func appHandshakeFailure(_ observation: Observation, message: String) -> ProbeFailure? {
        let names = [ProbeName.appleDefault.rawValue, ProbeName.appleDefault.rawValue + ProbePlan.retrySuffix]
        for probe in names.compactMap({ observation.probe($0) }) {
            guard case .failed(let failure) = probe.outcome else { continue }
            let prefix = "\(message): the app's handshake (probe \(probe.spec.name))"
            switch failure {
            case .timeout: return .timeout("\(prefix) timed out (\(failure.message)) though other probes got a TLS answer")
            case .notTLS: return .notTLS("\(prefix): \(failure.message)")
            case .connectionFailed: return .connectionFailed("\(prefix) failed: \(failure.message)")
            case .handshakeFailed, .certificateListTooLarge: continue
            }
        }
        return nil
    }

    /// When some probes completed but one the verdict needs did not: that probe's failure
    /// (timeout, not TLS, connection failure), so the reason names what actually happened
    /// rather than defaulting to connection-failed.
    static func undecidedProbeFailure(_ observation: Observation, message: String) -> ProbeFailure? {
        for probe in observation.probes {
            guard case .failed(let failure) = probe.outcome else { continue }
            let text = "\(message); probe \(probe.spec.name): \(failure.message)"
            switch failure {
            case .timeout: return .timeout(text)
            case .notTLS: return .notTLS(text)
            case .connectionFailed: return .connectionFailed(text)
            case .handshakeFailed, .certificateListTooLarge: continue
            }
        }
        return nil
    }
}
