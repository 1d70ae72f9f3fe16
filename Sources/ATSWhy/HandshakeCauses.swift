/// TLS-engine evidence → atscheck reasons: BoringSSL error-queue reasons read together with the
/// direction of the fatal alert (docs/ats-rules.md#error-codes). Direction decides whose fault it
/// is: a written alert is the app's verdict, a read one the server's.
enum HandshakeCauses {
    static let appRejectedCertificate = ["cert-incomplete-chain", "cert-untrusted", "cert-hostname-mismatch", "cert-expired", "pin-mismatch"]

    /// Reasons with the evidence sentence, nil when the alerts and reasons say nothing decisive.
    static func entry(_ facts: IncidentFacts) -> (reasons: [String], evidence: String)? {
        let names = Set(facts.boringNames)
        if names.contains("EXCESSIVE_MESSAGE_SIZE") {
            return (["chain-too-large"], "BoringSSL EXCESSIVE_MESSAGE_SIZE: the server's Certificate message is over 100 KiB")
        }
        if names.contains("WRONG_VERSION_NUMBER") {
            return (["not-tls"], "BoringSSL WRONG_VERSION_NUMBER: the bytes received are not TLS")
        }
        if names.contains("UNSUPPORTED_PROTOCOL") {
            return (["tls-version-too-low"], "BoringSSL UNSUPPORTED_PROTOCOL: the server chose a version below the app's minimum")
        }
        if facts.hasAlert(.read, ["bad certificate", "certificate unknown", "unknown CA", "certificate expired",
                                  "certificate revoked", "unsupported certificate", "certificate required"]) {
            return ([], "a certificate alert read from the server: it refused the app's client certificate")
        }
        if names.contains("CERTIFICATE_VERIFY_FAILED")
            || facts.hasAlert(.write, ["certificate unknown", "bad certificate"])
            || facts.hasAlert(.unknown, ["certificate unknown", "bad certificate"]) {
            return (appRejectedCertificate, "the app wrote a certificate alert: its TLS stack rejected the server certificate")
        }
        if facts.hasAlert(.read, ["protocol version"]) || names.contains("TLSV1_ALERT_PROTOCOL_VERSION") {
            return (["tls-version-too-low"], "the server sent protocol_version: it supports none of the offered TLS versions")
        }
        if facts.hasAlert(.write, ["protocol version"]) {
            return (["not-tls"], "the app wrote protocol_version: what came back was not an acceptable TLS record")
        }
        if facts.hasAlert(.read, ["handshake failure"]) || names.contains("SSLV3_ALERT_HANDSHAKE_FAILURE") {
            return (["cipher-suite-not-allowed", "no-forward-secrecy"], "the server sent handshake_failure: nothing acceptable in the ClientHello")
        }
        if facts.hasAlert(.read, ["unrecognized name", "internal error", "access denied"])
            || names.contains("TLSV1_ALERT_UNRECOGNIZED_NAME") || names.contains("TLSV1_ALERT_INTERNAL_ERROR") {
            return (["connection-failed"], "the server refused the handshake (unrecognized name, internal error or access denied)")
        }
        if facts.hasAlert(.read, ["close notify"]) {
            return (["tls-version-too-low", "cipher-suite-not-allowed", "connection-failed"], "the server closed during the handshake")
        }
        if names.contains("SSL_HANDSHAKE_FAILURE") {
            return (["connection-failed"], "BoringSSL SSL_HANDSHAKE_FAILURE: a generic handshake failure")
        }
        return nil
    }
}
