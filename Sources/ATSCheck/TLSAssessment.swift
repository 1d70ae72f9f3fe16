import ATSVocabulary
import ATSPolicy
import ATSProbe

/// Whether a URLSession client with given ATS requirements would complete a handshake with a
/// server of known capabilities, and if not, why (docs/ats-rules.md#ats-cipher-suites).
public enum TLSAssessment: Sendable, Hashable, Codable {
    /// A handshake would complete at this version.
    case passes(TLSVersion)
    /// It would fail; the code is a `ConnectionReasonCode`.
    case fails(ConnectionReasonCode, String)
    /// The observation cannot tell.
    case unknown(String)

    /// True for `.passes`.
    public var passed: Bool {
        if case .passes = self { return true }
        return false
    }

    /// Judges `capabilities` under ATS settings, with the suites of `group` (the target's
    /// release). `atsEnforced == false` models ATS switched off (arbitrary loads): any
    /// completed TLS version will do. `suites == .unrestricted` with ATS enforced (an entry
    /// allowing cleartext without forward secrecy) keeps the version floor but not the groups.
    public static func assess(_ capabilities: TLSCapabilities, atsEnforced: Bool, minimum: TLSVersion?,
                              suites: CipherSuitePolicy, group: ATSSuiteGroup) -> TLSAssessment {
        if let failure = capabilities.connectivityFailure {
            return .unknown(failure.message)
        }
        if !atsEnforced {
            if let version = capabilities.highestSupported(offering: group) { return .passes(version) }
            if capabilities.versions.values.contains(where: { $0 == nil }) {
                return .unknown("no TLS version could be confirmed")
            }
            return .fails(.cipherSuiteNotAllowed, "the server completed no TLS handshake with any version or suite offered")
        }
        let floor = minimum ?? .tls12
        var suiteFailure: (ConnectionReasonCode, String)? = nil
        var undecided = false
        for version in TLSVersion.allCases.reversed() where version >= floor {
            if version == .tls13 && group.tls13.isEmpty { continue }
            switch capabilities.versions[version] ?? nil {
            case .some(true):
                switch suiteOutcome(capabilities, version: version, suites: suites, group: group) {
                case .some(true): return .passes(version)
                case .some(false):
                    suiteFailure = suiteFailure ?? suiteReason(capabilities, version: version, suites: suites, group: group)
                case .none: undecided = true
                }
            case .some(false): continue
            case .none: undecided = true
            }
        }
        if let suiteFailure { return .fails(suiteFailure.0, suiteFailure.1) }
        if undecided { return .unknown("a probe needed for the verdict did not complete (connection or timeout)") }
        let lower = TLSVersion.allCases.filter { $0 < floor && capabilities.versions[$0] == .some(true) }
        if !lower.isEmpty {
            let list = lower.map(\.rawValue).joined(separator: " and ")
            return .fails(.tlsVersionTooLow, "the server supports only \(list); ATS requires \(floor.rawValue) or later")
        }
        if group.tls13.isEmpty && capabilities.versions[.tls13] == .some(true) {
            return .fails(.tlsVersionTooLow, "the server supports only TLSv1.3, which this target does not offer (\(group.name))")
        }
        return .fails(.cipherSuiteNotAllowed, "the server completed no TLS handshake with any version or suite offered")
    }

    /// Whether a suite the app offers and ATS accepts is available at `version`: nil when unknown.
    private static func suiteOutcome(_ capabilities: TLSCapabilities, version: TLSVersion, suites: CipherSuitePolicy,
                                     group: ATSSuiteGroup) -> Bool? {
        switch version {
        case .tls13:
            return true  // the tls1.3 probe offers exactly the release's TLS 1.3 suites
        case .tls12:
            if suites == .unrestricted { return true }
            if capabilities.tls12ForwardSecret == true { return true }
            let nonForwardSecret = suites == .atsAndNonForwardSecret
            if nonForwardSecret && capabilities.tls12StaticRSA == true { return true }
            if capabilities.tls12ForwardSecret == nil || (nonForwardSecret && capabilities.tls12StaticRSA == nil) { return nil }
            return false
        case .tls10, .tls11:
            if suites == .unrestricted { return true }
            guard let suite = capabilities.suiteByVersion[version] else { return nil }
            switch group.classify(id: suite.id) {
            case .atsForwardSecret: return true
            case .atsStaticRSA: return suites == .atsAndNonForwardSecret
            case .tls13, .other: return false
            }
        }
    }

    private static func suiteReason(_ capabilities: TLSCapabilities, version: TLSVersion, suites: CipherSuitePolicy,
                                    group: ATSSuiteGroup) -> (ConnectionReasonCode, String) {
        let staticRSA: Bool
        if version == .tls12 {
            staticRSA = capabilities.tls12StaticRSA == true
        } else {
            staticRSA = capabilities.suiteByVersion[version].map { group.classify(id: $0.id) == .atsStaticRSA } ?? false
        }
        if suites == .ats && staticRSA {
            return (.noForwardSecrecy, "at \(version.rawValue) the server offers only static-RSA key exchange; ATS requires ECDHE forward secrecy")
        }
        let chose = version == .tls12 ? capabilities.tls12OtherSuite : capabilities.suiteByVersion[version]
        let seen = chose.map { "; offered everything else, it chose \($0.ianaName)" } ?? ""
        let offered = suites == .atsAndNonForwardSecret ? "ATS or static-RSA suite" : "ATS suite"
        return (.cipherSuiteNotAllowed, "at \(version.rawValue) the server shares no \(offered) with this target's group (\(group.description))\(seen)")
    }
}
