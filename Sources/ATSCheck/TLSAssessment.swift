import ATSPolicy
import TLSProbe

/// Whether a URLSession client with given ATS requirements would complete a handshake with a
/// server of known capabilities, and if not, why (docs/ats-rules.md#ats-cipher-suites).
public enum TLSAssessment: Sendable, Hashable {
    /// A handshake would complete at this version.
    case passes(TLSProtocolVersion)
    /// It would fail; the code is a `ConnectionReasonCode`.
    case fails(ConnectionReasonCode, String)
    /// The observation cannot tell.
    case unknown(String)

    /// True for `.passes`.
    public var passed: Bool {
        if case .passes = self { return true }
        return false
    }

    /// Judges `capabilities` under ATS settings. `atsEnforced == false` models ATS switched off
    /// (arbitrary loads): any completed TLS version will do.
    public static func assess(_ capabilities: TLSCapabilities, atsEnforced: Bool, minimum: TLSVersion?,
                              requiresForwardSecrecy: Bool?) -> TLSAssessment {
        if let failure = capabilities.connectivityFailure {
            return .unknown(failure.message)
        }
        if !atsEnforced {
            if let version = capabilities.highestSupported { return .passes(version) }
            if capabilities.versions.values.contains(where: { $0 == nil }) {
                return .unknown("no TLS version could be confirmed")
            }
            return .fails(.cipherSuiteNotAllowed, "the server completed no TLS handshake with any version or suite offered")
        }
        let floor = protocolVersion(minimum ?? .tls12)
        let forwardSecrecy = requiresForwardSecrecy ?? true
        var suiteFailure: (ConnectionReasonCode, String)? = nil
        var undecided = false
        for version in TLSProtocolVersion.allCases.reversed() where version >= floor {
            switch capabilities.versions[version] ?? nil {
            case .some(true):
                switch suiteOutcome(capabilities, version: version, forwardSecrecy: forwardSecrecy) {
                case .some(true): return .passes(version)
                case .some(false):
                    suiteFailure = suiteFailure ?? suiteReason(capabilities, version: version, forwardSecrecy: forwardSecrecy)
                case .none: undecided = true
                }
            case .some(false): continue
            case .none: undecided = true
            }
        }
        if let suiteFailure { return .fails(suiteFailure.0, suiteFailure.1) }
        if undecided { return .unknown("a probe needed for the verdict did not complete (connection or timeout)") }
        let lower = TLSProtocolVersion.allCases.filter { $0 < floor && capabilities.versions[$0] == .some(true) }
        if !lower.isEmpty {
            let list = lower.map(\.rawValue).joined(separator: " and ")
            return .fails(.tlsVersionTooLow, "the server supports only \(list); ATS requires \(floor.rawValue) or later")
        }
        return .fails(.cipherSuiteNotAllowed, "the server completed no TLS handshake with any version or suite offered")
    }

    /// Whether a suite ATS accepts is available at `version`: nil when unknown.
    private static func suiteOutcome(_ capabilities: TLSCapabilities, version: TLSProtocolVersion, forwardSecrecy: Bool) -> Bool? {
        switch version {
        case .tls13:
            return true  // every TLS 1.3 suite is forward secret (docs/ats-rules.md#ats-cipher-suites)
        case .tls12:
            if capabilities.tls12ForwardSecret == true { return true }
            if !forwardSecrecy && capabilities.tls12StaticRSA == true { return true }
            if capabilities.tls12ForwardSecret == nil || (!forwardSecrecy && capabilities.tls12StaticRSA == nil) { return nil }
            return false
        case .tls10, .tls11:
            guard let suite = capabilities.suiteByVersion[version] else { return nil }
            switch ATSCipherSuites.classify(id: suite.id) {
            case .atsForwardSecret: return true
            case .atsStaticRSA: return !forwardSecrecy
            default: return false
            }
        }
    }

    private static func suiteReason(_ capabilities: TLSCapabilities, version: TLSProtocolVersion,
                                    forwardSecrecy: Bool) -> (ConnectionReasonCode, String) {
        let staticRSA: Bool
        if version == .tls12 {
            staticRSA = capabilities.tls12StaticRSA == true
        } else {
            staticRSA = capabilities.suiteByVersion[version].map { ATSCipherSuites.classify(id: $0.id) == .atsStaticRSA } ?? false
        }
        if forwardSecrecy && staticRSA {
            return (.noForwardSecrecy, "at \(version.rawValue) the server offers only static-RSA key exchange; ATS requires ECDHE forward secrecy")
        }
        let seen = capabilities.suiteByVersion[version].map { " (it chose \($0.ianaName))" } ?? ""
        return (.cipherSuiteNotAllowed, "at \(version.rawValue) the server accepts no ATS cipher suite (ECDHE or static RSA with AES)\(seen)")
    }

    static func protocolVersion(_ version: TLSVersion) -> TLSProtocolVersion {
        switch version {
        case .tls10: return .tls10
        case .tls11: return .tls11
        case .tls12: return .tls12
        case .tls13: return .tls13
        }
    }
}
