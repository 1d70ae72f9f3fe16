/// Code-level evidence → atscheck reasons: the `errSSL*` stream code and the NSURLError code,
/// with the confidence the reference gives each mapping (docs/ats-rules.md#error-codes).
enum CodeCauses {
    /// A ranked list of reasons and how sure it is.
    struct Entry {
        let reasons: [String]
        let confidence: WhyConfidence
    }

    static let trustWhenATSEnforced = ["cert-untrusted", "cert-incomplete-chain", "cert-expired", "cert-hostname-mismatch",
                                       "cert-missing-san", "cert-validity-too-long", "ct-required",
                                       "cert-missing-server-auth-eku", "cert-weak-signature", "cert-weak-key", "pin-mismatch"]
    static let strictTrust = ["cert-untrusted", "cert-validity-too-long", "ct-required", "cert-incomplete-chain",
                              "cert-expired", "cert-hostname-mismatch", "cert-missing-san", "cert-missing-server-auth-eku",
                              "cert-weak-signature", "cert-weak-key", "pin-mismatch"]
    static let legacyFatalAlert = ["cert-weak-signature", "no-forward-secrecy", "tls-version-too-low", "cert-weak-key"]
    static let trustWithoutATS = ["cert-untrusted", "cert-incomplete-chain", "cert-hostname-mismatch", "cert-expired"]

    /// Reasons for an `errSSL*` code; nil when the code has no mapping (it is still named).
    static func entry(forSSL code: Int, facts: IncidentFacts) -> Entry? {
        switch code {
        case -9800: return Entry(reasons: ["connection-failed", "not-tls"], confidence: .fromFieldReports)
        case -9801: return Entry(reasons: ["tls-version-too-low", "cipher-suite-not-allowed", "no-forward-secrecy"], confidence: .fromFieldReports)
        case -9802:
            if facts.era == .secureTransport { return Entry(reasons: legacyFatalAlert, confidence: .fromFieldReports) }
            if facts.trustEvaluation?.kind == "strict" { return Entry(reasons: strictTrust, confidence: .fromFieldReports) }
            return Entry(reasons: trustWhenATSEnforced, confidence: .fromFieldReports)
        case -9805: return Entry(reasons: ["tls-version-too-low", "cipher-suite-not-allowed", "connection-failed"], confidence: .fromFieldReports)
        case -9806: return Entry(reasons: ["cipher-suite-not-allowed", "tls-version-too-low", "connection-failed", "not-tls"], confidence: .fromFieldReports)
        case -9807: return Entry(reasons: trustWithoutATS, confidence: .fromFieldReports)
        case -9808: return Entry(reasons: ["cert-untrusted"], confidence: .fromFieldReports)
        case -9809: return Entry(reasons: ["cert-untrusted"], confidence: .inferred)
        case -9812: return Entry(reasons: ["cert-untrusted"], confidence: .fromAppleCode)
        case -9813: return Entry(reasons: ["cert-untrusted", "cert-incomplete-chain"], confidence: .fromFieldReports)
        case -9814: return Entry(reasons: ["cert-expired"], confidence: .fromAppleCode)
        case -9815: return Entry(reasons: ["cert-not-yet-valid"], confidence: .fromAppleCode)
        case -9816:
            let cellular = facts.interfaces.contains { $0.hasPrefix("pdp_ip") }
            return Entry(reasons: cellular ? ["connection-failed", "tls-version-too-low", "cipher-suite-not-allowed"]
                                           : ["tls-version-too-low", "cipher-suite-not-allowed", "connection-failed"],
                         confidence: .fromFieldReports)
        case -9819, -9856, -9838, -9844, -9852, -9865: return Entry(reasons: ["connection-failed"], confidence: .fromAppleCode)
        case -9824: return Entry(reasons: ["cipher-suite-not-allowed", "no-forward-secrecy"], confidence: .fromFieldReports)
        case -9825, -9826, -9827, -9828, -9829, -9831, -9832, -9834, -9863: return Entry(reasons: [], confidence: .fromAppleCode)
        case -9836:
            if facts.boringNames.contains("WRONG_VERSION_NUMBER") { return Entry(reasons: ["not-tls"], confidence: .fromFieldReports) }
            return Entry(reasons: ["tls-version-too-low", "not-tls"], confidence: .fromFieldReports)
        case -9837, -9850: return Entry(reasons: ["cipher-suite-not-allowed"], confidence: .fromAppleCode)
        case -9843: return Entry(reasons: ["cert-hostname-mismatch", "cert-missing-san"], confidence: .fromAppleCode)
        case -9847, -9859: return Entry(reasons: ["not-tls"], confidence: .inferred)
        case -9853: return Entry(reasons: ["timeout"], confidence: .fromAppleCode)
        case -9858:
            if facts.boringNames.contains("WRONG_VERSION_NUMBER") || facts.hasAlert(.write, ["protocol version"]) {
                return Entry(reasons: ["not-tls"], confidence: .fromFieldReports)
            }
            return Entry(reasons: ["connection-failed", "not-tls"], confidence: .fromFieldReports)
        case -9880: return Entry(reasons: trustWhenATSEnforced, confidence: .inferred)
        case -9881: return Entry(reasons: ["tls-version-too-low"], confidence: .fromAppleCode)
        case -9882: return Entry(reasons: ["no-forward-secrecy", "cipher-suite-not-allowed"], confidence: .fromAppleCode)
        case -9883: return Entry(reasons: ["cert-weak-key"], confidence: .fromAppleCode)
        case -9884, -9885: return Entry(reasons: ["cert-weak-signature"], confidence: .fromAppleCode)
        case -9886: return Entry(reasons: ["pin-mismatch", "cert-untrusted"], confidence: .fromAppleCode)
        default: return nil
        }
    }

    /// Reasons for an NSURLError code; nil when the code has no mapping.
    static func entry(forURL code: Int) -> Entry? {
        switch code {
        case -1022: return Entry(reasons: ["insecure-http"], confidence: .fromAppleCode)
        case -1001: return Entry(reasons: ["timeout"], confidence: .fromFieldReports)
        case -1003, -1004, -1006: return Entry(reasons: ["connection-failed"], confidence: .fromFieldReports)
        case -1201: return Entry(reasons: ["cert-expired", "cert-not-yet-valid"], confidence: .fromAppleCode)
        case -1202: return Entry(reasons: trustWithoutATS, confidence: .fromFieldReports)
        case -1203: return Entry(reasons: ["cert-untrusted"], confidence: .fromAppleCode)
        case -1204: return Entry(reasons: ["cert-not-yet-valid"], confidence: .fromAppleCode)
        case -1200: return Entry(reasons: ["cert-untrusted", "tls-version-too-low", "cipher-suite-not-allowed", "not-tls"], confidence: .inferred)
        case -999, -1005, -1009, -1012, -1205, -1206: return Entry(reasons: [], confidence: .fromAppleCode)
        default: return nil
        }
    }

    /// Why the failure is not ATS's, for codes and shapes no atscheck check explains.
    static func notATS(_ facts: IncidentFacts) -> String? {
        if facts.hasAlert(.read, ["bad certificate", "certificate unknown", "unknown CA", "certificate expired",
                                  "certificate revoked", "unsupported certificate", "certificate required"]) {
            return "the server rejected or required the app's client certificate (mutual TLS); the server's own certificate is not in question"
        }
        switch facts.urlCode {
        case -999: return "the task was cancelled by the app itself, often by its own trust delegate (custom pinning) or a newer request"
        case -1003, -1006: return "the host name did not resolve (DNS)"
        case -1005: return "the connection dropped after the request went out; retry logic, not ATS"
        case -1009: return "the device is offline"
        case -1012: return "the app cancelled an authentication challenge (often its own trust handling)"
        case -1205, -1206: return "the server rejected or required the app's client certificate (mutual TLS)"
        default: break
        }
        if facts.cfNetworkCodes.contains(310) || facts.cfNetworkCodes.contains(311) { return "an HTTPS proxy failed" }
        if let ssl = facts.sslCode, [-9825, -9826, -9827, -9828, -9829, -9831, -9832, -9834, -9863].contains(ssl) {
            return "the server rejected or required the app's client certificate (mutual TLS)"
        }
        if facts.webKit.contains(where: { $0.domain == "WebKitErrorDomain" && $0.code == 102 }), facts.urlCode == nil {
            return "WebKit interrupted the frame load (policy change): not a network error"
        }
        return nil
    }
}
