import ATSVocabulary
import ATSJSON
import ATSProbe
import ATSPolicy

/// One handshake of the probe plan (`probes[]` of the host document).
public struct ProbeReport: Codable, Sendable, Equatable {
    public var name: String
    /// `completed`, `failed` or `notRun`.
    public var outcome: String
    /// Why it failed or did not run.
    @EncodesNil public var detail: String?
    public var minVersion: TLSVersion
    public var maxVersion: TLSVersion
    @EncodesNil public var version: TLSVersion?
    @EncodesNil public var cipherSuite: SuiteReport?
    @EncodesNil public var group: String?
    public var chainLength: Int
    /// Wall time, to 0.01 ms.
    public var milliseconds: Double
    /// A ServerHello, an alert or a completed handshake came back.
    public var serverAnsweredTLS: Bool
    @EncodesNil public var certificateMessageBytes: Int?
    /// `serverHello` or `certificate`: where a completed probe ended its handshake early.
    @EncodesNil public var stoppedAfter: HandshakeStop?

    public init(probe: ProbeResult, suiteGroup: ATSSuiteGroup) {
        name = probe.spec.name
        switch probe.outcome {
        case .completed: (outcome, detail) = ("completed", nil)
        case .failed(let failure): (outcome, detail) = ("failed", failure.message)
        case .notRun(let why): (outcome, detail) = ("notRun", why)
        }
        minVersion = probe.spec.minVersion
        maxVersion = probe.spec.maxVersion
        version = probe.version
        cipherSuite = probe.cipherSuite.map { SuiteReport(suite: $0, group: suiteGroup) }
        group = probe.group
        chainLength = probe.peerChain.count
        milliseconds = (probe.milliseconds * 100).rounded() / 100
        serverAnsweredTLS = probe.serverAnsweredTLS
        certificateMessageBytes = probe.certificateMessageBytes
        stoppedAfter = probe.stoppedAfter
    }
}

/// How long probing took and how many handshakes it made (`timing`).
public struct TimingReport: Codable, Sendable, Equatable {
    /// Null when nothing was probed (an http:// target).
    @EncodesNil public var probeMilliseconds: Double?
    public var handshakes: Int

    public init(observation: Observation?) {
        probeMilliseconds = observation.map { ($0.milliseconds * 100).rounded() / 100 }
        handshakes = observation?.probes.filter { if case .notRun = $0.outcome { false } else { true } }.count ?? 0
    }
}
