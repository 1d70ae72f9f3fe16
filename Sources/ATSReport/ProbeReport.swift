import ATSVocabulary
import ATSJSON
import ATSProbe
import ATSPolicy

/// One handshake of the probe plan (`probes[]` of the host document).
public struct ProbeReport: Codable, Sendable, Equatable {
    /// The probe's stable name (`default`, `tls1.0`, `tls1.2-static-rsa`, …).
    public var name: String
    /// `completed`, `failed` or `notRun`.
    public var outcome: String
    /// Why it failed or did not run.
    @EncodesNil public var detail: String?
    /// The lowest TLS version offered.
    public var minVersion: TLSVersion
    /// The highest TLS version offered.
    public var maxVersion: TLSVersion
    /// The negotiated TLS version; null unless the handshake completed.
    @EncodesNil public var version: TLSVersion?
    /// The negotiated cipher suite; null unless the handshake completed.
    @EncodesNil public var cipherSuite: SuiteReport?
    /// The negotiated key-exchange group (`X25519`, `P-256`, …); null when none.
    @EncodesNil public var group: String?
    /// How many certificates the server sent.
    public var chainLength: Int
    /// Wall time, to 0.01 ms.
    public var milliseconds: Double
    /// A ServerHello, an alert or a completed handshake came back.
    public var serverAnsweredTLS: Bool
    /// Size of the server's Certificate message body in bytes; null when none arrived.
    @EncodesNil public var certificateMessageBytes: Int?
    /// `serverHello` or `certificate`: where a completed probe ended its handshake early.
    @EncodesNil public var stoppedAfter: HandshakeStop?

    /// The report of `probe`, its suite classed under `suiteGroup`.
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
    /// How many handshakes ran (probes not run are not counted).
    public var handshakes: Int

    /// The timing of `observation`'s probes; nil (an http:// target) gives null and zero handshakes.
    public init(observation: Observation?) {
        probeMilliseconds = observation.map { ($0.milliseconds * 100).rounded() / 100 }
        handshakes = observation?.probes.filter { if case .notRun = $0.outcome { false } else { true } }.count ?? 0
    }
}
