import ATSVocabulary
import ATSPolicy
import ATSProbe

extension AppOffer {
    /// What the app offers under `requirements`: with ATS off, the system's suites from TLS 1.0.
    init(_ requirements: Requirements) {
        if requirements.atsEnforced {
            self.init(minimum: requirements.minimumTLSVersion ?? .tls12, suites: requirements.cipherSuitePolicy)
        } else {
            self.init(minimum: .tls10, suites: .unrestricted)
        }
    }
}

/// What the app's own handshake did: the Apple-like probe, which offers exactly what the app
/// offers under the resolved policy, and its retry when the first try got no TLS answer.
/// The verdict is that handshake's outcome; the other probes explain it.
enum AppHandshake {
    /// It completed (first try, or not retried).
    case completed(ProbeResult)
    /// The server answered it in TLS and refused it (an alert).
    case refused(ProbeResult, String)
    /// No TLS answer, twice: a reset or a close after the ClientHello, repeated.
    case droppedTwice(String)
    /// The first try and the retry ended differently: the server answers one offer two ways.
    case changed(String)
    /// It did not run or ended in a way that says nothing (deadline, not retried).
    case undetermined(String?)

    /// The outcome in `observation`, when its Apple-like probe offered what `expected` (the
    /// app's ClientHello under the policy being judged) offers; `.undetermined` when it offered
    /// something else (an observation made under another policy, judged again for a fix or
    /// for another URL of the same server): then the app's handshake was not observed.
    init(_ observation: Observation, expected: ProbeSpec) {
        guard let first = observation.probe(ProbeName.appleDefault), first.spec.offersTheSame(as: expected) else {
            self = .undetermined(nil)
            return
        }
        let retry = observation.probes.first { $0.spec.name == ProbeName.appleDefault.rawValue + ProbePlan.retrySuffix }
        switch (first.outcome, retry?.outcome) {
        case (.completed, _):
            self = .completed(first)
        case (.failed(let failure), nil):
            if first.serverAnsweredTLS, case .handshakeFailed(let text) = failure {
                self = .refused(first, text)
            } else {
                self = .undetermined(failure.message)
            }
        case (.failed(let failure), .completed?):
            self = .changed("the app's ClientHello got no TLS answer (\(failure.message)); sent again, it completed")
        case (.failed(let failure), .failed(let again)?):
            if retry?.serverAnsweredTLS == true, case .handshakeFailed(let text) = again {
                self = .refused(retry!, text)
            } else {
                self = .droppedTwice("the app's ClientHello got no TLS answer, twice (\(failure.message); then \(again.message))")
            }
        case (.failed(let failure), .notRun?):
            self = .undetermined(failure.message)
        case (.notRun(let text), _):
            self = .undetermined(text)
        }
    }

    /// What every other probe saw, for an `inconsistent-server` reason: "tls1.2 completed
    /// (TLS_…), tls1.3 refused (…), …".
    static func summary(_ observation: Observation) -> String {
        observation.probes.filter { !$0.spec.name.hasPrefix(ProbeName.appleDefault.rawValue) }.compactMap { probe in
            switch probe.outcome {
            case .completed: return "\(probe.spec.name) completed" + (probe.cipherSuite.map { " (\($0.ianaName))" } ?? "")
            case .failed(let failure): return "\(probe.spec.name) " + (probe.serverAnsweredTLS ? "refused" : "got no TLS answer") + " (\(failure.message))"
            case .notRun: return nil
            }
        }.joined(separator: "; ")
    }
}
