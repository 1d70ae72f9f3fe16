import ATSCheck
import Testing
import ATSProbe

/// The fold of probes into capabilities when the server never answers in TLS (issue 9: a
/// server that reset or closed after every ClientHello read as `BLOCKED
/// cipher-suite-not-allowed`, though nothing TLS ever came back).
@Suite("Capabilities: no TLS answer is unknown, one answer is enough")
struct NoTLSAnswerTests {
    static func observation(_ outcome: (ProbeSpec) -> (ProbeOutcome, Bool)) -> Observation {
        let probes = ProbePlan.standard().specs.map { spec -> ProbeResult in
            let (result, answered) = outcome(spec)
            return ProbeResult(spec: spec, outcome: result, serverAnsweredTLS: answered)
        }
        return Observation(endpoint: Endpoint(host: "good.atscheck.test"), connectedAddress: "127.0.0.1", probes: probes, milliseconds: 5)
    }

    @Test("every handshake reset without a TLS answer: a connectivity failure, so the assessment is unknown")
    func allResets() {
        let capabilities = TLSCapabilities(Self.observation { _ in
            (.failed(.handshakeFailed("the server reset the connection during the handshake (Connection reset by peer)")), false)
        })
        guard case .connectionFailed(let message)? = capabilities.connectivityFailure else {
            Issue.record("expected connectionFailed, got \(String(describing: capabilities.connectivityFailure))")
            return
        }
        #expect(message.hasPrefix("no handshake got a TLS answer"))
        guard case .unknown = TLSAssessment.assess(capabilities, atsEnforced: true, minimum: .tls12, suites: .ats, group: .latest) else {
            Issue.record("the assessment must be unknown")
            return
        }
    }

    @Test("one alert among the resets: the resets are refusals, the verdict is judged")
    func oneAlert() {
        let capabilities = TLSCapabilities(Self.observation { spec in
            spec.name == ProbeName.tls10.rawValue
                ? (.failed(.handshakeFailed("tlsv1 alert protocol version")), true)
                : (.failed(.handshakeFailed("the server reset the connection during the handshake")), false)
        })
        #expect(capabilities.connectivityFailure == nil)
        #expect(TLSAssessment.assess(capabilities, atsEnforced: true, minimum: .tls12, suites: .ats, group: .latest)
            == .fails(.cipherSuiteNotAllowed, "the server completed no TLS handshake with any version or suite offered"))
    }

    @Test("a certificate list beyond the probe's cap: the server negotiated, so versions read as supported")
    func oversizedList() {
        let capabilities = TLSCapabilities(Self.observation { _ in
            (.failed(.certificateListTooLarge("the server's certificate list is larger than 1048576 bytes")), true)
        })
        #expect(capabilities.certificateListBeyondProbeLimit)
        #expect(capabilities.connectivityFailure == nil)
        #expect(capabilities.versions[.tls12] == .some(true))
    }
}
