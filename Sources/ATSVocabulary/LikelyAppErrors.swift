/// The errors an app would most likely log for a reason, most likely first, by the target's
/// era and by whether ATS enforces system trust for the host (docs/ats-rules.md#error-codes).
///
/// The ranking follows public logs first, then Apple's published code, then Apple's headers.
/// Codes that exist only in Apple's headers and in no public log (`errSSLATS*`, -9881 … -9885)
/// are listed last, and only for the releases whose headers have them (iOS 13 on), with
/// evidence saying so: a reader who sees one still finds it, and nobody is told to expect it.
public enum LikelyAppErrors {
    /// The ranked list for a reason (never empty). `atsEnforcesTrust` is false when the
    /// resolved policy lets the app loosen server trust for the host (arbitrary loads, an
    /// exception allowing insecure HTTP loads, a local-name exemption:
    /// `Requirements.delegateMayLoosenTrust`); a failed chain then ends as -1202, not -1200.
    /// `certificateIndex` tells a weak leaf signature from a weak CA signature.
    public static func list(for code: CheckReasonCode, certificateIndex: Int? = nil, target: TargetOS,
                            atsEnforcesTrust: Bool) -> [LikelyAppError] {
        let era = ErrorCodeEra(target)
        let ranked: [LikelyAppError]
        switch code {
        case .certificate(let reason):
            ranked = trustFailure(reason, certificateIndex: certificateIndex, era: era, enforced: atsEnforcesTrust)
        case .connection(let reason):
            ranked = connectionFailure(reason, era: era)
        }
        var seen: Set<String> = []
        return ranked.filter { seen.insert($0.description).inserted }
    }

    // MARK: Trust failures

    /// ATS enforces the host and the chain fails system trust: -1200 with -9802.
    private static func atsTrustFailure(_ era: ErrorCodeEra) -> LikelyAppError {
        switch era {
        case .iOS9And10:
            return LikelyAppError(nsurlError: -1200, secureTransportError: -9802,
                                  evidence: "iOS 9 logs show ATS refusals as a fatal alert (-9802)")
        case .iOS11And12, .iOS13AndLater:
            return LikelyAppError(nsurlError: -1200, secureTransportError: -9802,
                                  evidence: "seen in public logs from iOS 11 on when ATS enforces the host (\"ATS failed system trust\")")
        }
    }

    private static let atsIOS9SignatureFailure = LikelyAppError(nsurlError: -1200, secureTransportError: -9802,
                                                                 evidence: "seen in iOS 9 logs for a SHA-1-signed leaf under ATS")

    /// The trust failure when ATS leaves trust to the default evaluation: -1202 with -9807 or -9813.
    private static func defaultTrustFailure(_ reason: ReasonCode, era: ErrorCodeEra) -> [LikelyAppError] {
        let chainInvalid: LikelyAppError
        switch era {
        case .iOS9And10:
            chainInvalid = LikelyAppError(nsurlError: -1202, secureTransportError: -9807,
                                          evidence: "SecureTransport's trust-failure code in Apple's published code")
        case .iOS11And12:
            chainInvalid = LikelyAppError(nsurlError: -1202, secureTransportError: -9807,
                                          evidence: "seen in iOS 11 logs when ATS does not enforce the host (\"TIC SSL Trust Error\")")
        case .iOS13AndLater:
            chainInvalid = LikelyAppError(nsurlError: -1202, secureTransportError: -9807,
                                          evidence: "seen in public logs from iOS 13 on when ATS does not enforce the host (\"default TLS Trust evaluation failed\")")
        }
        let noRoot = LikelyAppError(nsurlError: -1202, secureTransportError: -9813,
                                    evidence: "seen in public logs from iOS 9 to iOS 16 for a chain without a trusted root")
        switch reason {
        case .certUntrusted, .certIncompleteChain:
            return era == .iOS13AndLater ? [chainInvalid, noRoot] : [noRoot, chainInvalid]
        default:
            return [chainInvalid]
        }
    }

    /// The per-reason code of the SecureTransport era (an expired certificate as -9814, ...),
    /// nil when that era reported the reason as any trust failure.
    private static func secureTransportCode(_ reason: ReasonCode) -> LikelyAppError? {
        switch reason {
        case .certExpired:
            return LikelyAppError(nsurlError: -1201, secureTransportError: -9814, evidence: "-9814 seen in iOS 9–10 logs")
        case .certNotYetValid:
            return LikelyAppError(nsurlError: -1204, secureTransportError: -9815, evidence: "Apple's headers; no public log shows it")
        case .certHostnameMismatch, .certMissingSAN:
            return LikelyAppError(nsurlError: -1202, secureTransportError: -9843, evidence: "seen in iOS 9-era logs")
        default:
            return nil
        }
    }

    /// The `errSSLATS*` code Apple's headers name for the reason (iOS 13 on); none is in a public log.
    private static func headerOnlyATSCode(_ reason: ReasonCode, certificateIndex: Int?) -> LikelyAppError? {
        let evidence = "Apple's headers from iOS 13; no public log shows it"
        switch reason {
        case .certWeakKey:
            return LikelyAppError(nsurlError: -1200, secureTransportError: -9883, evidence: evidence)
        case .certWeakSignature:
            return LikelyAppError(nsurlError: -1200, secureTransportError: certificateIndex == 0 || certificateIndex == nil ? -9884 : -9885,
                                  evidence: evidence)
        default:
            return nil
        }
    }

    private static func trustFailure(_ reason: ReasonCode, certificateIndex: Int?, era: ErrorCodeEra, enforced: Bool) -> [LikelyAppError] {
        let specific = secureTransportCode(reason)
        let untrusted = defaultTrustFailure(reason, era: era)
        switch era {
        case .iOS9And10:
            // iOS 9 refused a SHA-1 leaf under ATS with a fatal alert; CFNetwork reported the
            // other reasons by their own code whether or not ATS applied.
            if enforced && (reason == .certWeakSignature || reason == .certWeakKey) {
                return [atsIOS9SignatureFailure] + untrusted
            }
            return [specific].compactMap { $0 } + untrusted + (enforced ? [atsTrustFailure(era)] : [])
        case .iOS11And12:
            return (enforced ? [atsTrustFailure(era)] : []) + untrusted + [specific].compactMap { $0 }
        case .iOS13AndLater:
            return (enforced ? [atsTrustFailure(era)] : []) + untrusted + [specific, headerOnlyATSCode(reason, certificateIndex: certificateIndex)].compactMap { $0 }
        }
    }

    // MARK: Connection failures

    private static func connectionFailure(_ reason: ConnectionReasonCode, era: ErrorCodeEra) -> [LikelyAppError] {
        func ssl(_ code: Int, _ evidence: String) -> LikelyAppError {
            LikelyAppError(nsurlError: -1200, secureTransportError: code, evidence: evidence)
        }
        let closed = ssl(-9816, "seen in iOS 12 logs: the server closed the connection during the handshake")
        let alertAsFatal = ssl(-9802, "iOS 11 logs report a fatal alert from the server as -9802")
        let closedByError = ssl(-9806, "seen in iOS 9 logs: the connection closed by error in the handshake")
        let handshakeFailure = ssl(-9824, "inferred: the server's handshake_failure alert (no ATS suite in common), as iOS 9–10 logs show it")
        func headerOnly(_ code: Int) -> LikelyAppError { ssl(code, "Apple's headers from iOS 13; no public log shows it") }
        switch reason {
        case .insecureHTTP:
            return [LikelyAppError(nsurlError: -1022, secureTransportError: nil,
                                   evidence: "seen in public logs from iOS 9 on (\"App Transport Security has blocked a cleartext HTTP load\")")]
        case .timeout:
            return [LikelyAppError(nsurlError: -1001, secureTransportError: nil, evidence: "seen in public logs (\"The request timed out.\")")]
        case .connectionFailed:
            return [LikelyAppError(nsurlError: -1004, secureTransportError: nil,
                                   evidence: "seen in public logs with a refused or unreachable port"),
                    LikelyAppError(nsurlError: -1003, secureTransportError: nil,
                                   evidence: "Apple's headers: the host name does not resolve")]
        case .tlsVersionTooLow:
            switch era {
            case .iOS9And10:
                return [ssl(-9801, "seen in iOS 9–10 logs for a TLS 1.0-only server"),
                        ssl(-9824, "seen in iOS 10 logs (\"tls_handshake_process: [-9824]\")"),
                        closedByError]
            case .iOS11And12:
                return [ssl(-9836, "inferred: the server's protocol_version alert to the TLS 1.2+ offer; no public log of this era"),
                        closed, alertAsFatal]
            case .iOS13AndLater:
                return [ssl(-9836, "inferred: the server's protocol_version alert to the TLS 1.2+ offer, as iOS 16+ logs show -9836"), closed,
                        headerOnly(-9881)]
            }
        case .noForwardSecrecy, .cipherSuiteNotAllowed:
            switch era {
            case .iOS9And10:
                return [ssl(-9824, "seen in iOS 9–10 logs: the server's handshake_failure alert"),
                        ssl(-9801, "seen in iOS 9–10 logs (no common cipher suite)"),
                        closedByError]
            case .iOS11And12:
                return [handshakeFailure, closed, alertAsFatal]
            case .iOS13AndLater:
                return [handshakeFailure, closed, headerOnly(-9882)]
            }
        case .pinMismatch:
            return [ssl(-9802, "stated by Apple (Developer Technical Support) for NSPinnedDomains failures")]
        case .notTLS:
            switch era {
            case .iOS9And10:
                return [ssl(-9806, "SecureTransport closes the handshake by error (an inference; no public log found)")]
            case .iOS11And12, .iOS13AndLater:
                return [ssl(-9836, "seen in a 2023 log with WRONG_VERSION_NUMBER (the port speaks plain HTTP)"),
                        ssl(-9858, "seen in a 2020 log with WRONG_VERSION_NUMBER (the port speaks plain HTTP)")]
            }
        case .chainTooLarge:
            return [LikelyAppError(nsurlError: -1200, secureTransportError: nil,
                                   evidence: "the TLS client refuses the certificate message; no public log shows the stream code")]
        case .inconsistentServer:
            return [LikelyAppError(nsurlError: -1200, secureTransportError: nil,
                                   evidence: "the code depends on how the server answers each attempt")]
        }
    }
}
