/// For each atscheck reason code, the log signature that points at it, or why no log can:
/// the reverse of the decoder's tables, for documentation and for a test that keeps the two in step.
public enum ReasonSignatures {
    /// What a log shows for one reason.
    public enum Signature: Sendable, Hashable {
        /// A text to look for in the console, with a sample line the decoder maps to the reason.
        case log(pattern: String, sample: String)
        /// No log line names this reason; the text says why.
        case noLog(why: String)
    }

    /// The signature of `reason` (a raw reason code), nil for a code atscheck does not have.
    public static func signature(for reason: String) -> Signature? {
        switch reason {
        case "insecure-http": .log(pattern: "-1022 / App Transport Security has blocked a cleartext HTTP",
                                   sample: "Task <A>.<1> finished with error [-1022] Error Domain=NSURLErrorDomain Code=-1022 \"x\" UserInfo={NSErrorFailingURLStringKey=http://h.example/}")
        case "tls-version-too-low": .log(pattern: "read alert … protocol version / -9836 / -9801 (iOS 9-10)",
                                         sample: "[boringssl] boringssl_context_handle_fatal_alert(1991) [C1:1][0x1] read alert, level: fatal, description: protocol version")
        case "no-forward-secrecy": .log(pattern: "-9882 errSSLATSCiphersuiteViolation / read alert handshake failure",
                                        sample: "Connection 1: encountered error(3:-9882)")
        case "cipher-suite-not-allowed": .log(pattern: "-9824 / read alert handshake failure",
                                              sample: "Task <A>.<1> HTTP load failed, 0/0 bytes (error code: -1200 [3:-9824])")
        case "pin-mismatch": .log(pattern: "Trust evaluate failure: [leaf LeafSPKISHA256] / -9886",
                                  sample: "Trust evaluate failure: [leaf LeafSPKISHA256]")
        case "connection-failed": .log(pattern: "-1004 [1:61]", sample: "Task <A>.<1> finished with error [-1004] Error Domain=NSURLErrorDomain Code=-1004 \"x\"")
        case "timeout": .log(pattern: "-1001 / Operation timed out", sample: "Task <A>.<1> finished with error [-1001] Error Domain=NSURLErrorDomain Code=-1001 \"x\"")
        case "not-tls": .log(pattern: "WRONG_VERSION_NUMBER",
                             sample: "Error: 1:error:100000f7:SSL routines:OPENSSL_internal:WRONG_VERSION_NUMBER:/x/ssl/tls_record.cc:242:")
        case "chain-too-large": .log(pattern: "EXCESSIVE_MESSAGE_SIZE",
                                     sample: "Error: 1:error:10000096:SSL routines:OPENSSL_internal:EXCESSIVE_MESSAGE_SIZE:/x/ssl/s3_both.cc:434:")
        case "inconsistent-server": .noLog(why: "it is atscheck's judgement across several probes of one server; one failed load cannot show it")
        case "cert-expired": .log(pattern: "-67818 / -9814", sample: "NSURLSession/NSURLConnection HTTP load failed (kCFStreamErrorDomainSSL, -9814)")
        case "cert-not-yet-valid": .log(pattern: "-9815 / -1204", sample: "NSURLSession/NSURLConnection HTTP load failed (kCFStreamErrorDomainSSL, -9815)")
        case "cert-untrusted": .log(pattern: "-67843 / -9813 / Trust evaluate failure: [root AnchorTrusted]", sample: "Trust evaluate failure: [root AnchorTrusted]")
        case "cert-incomplete-chain": .log(pattern: "-25318 / MissingIntermediate", sample: "Trust evaluate failure: [leaf MissingIntermediate]")
        case "cert-hostname-mismatch": .log(pattern: "-67602 / -9843 / SSLHostname", sample: "Trust evaluate failure: [leaf SSLHostname]")
        case "cert-missing-san": .log(pattern: "SSLHostname (with a leaf that has no SAN) / -9843",
                                      sample: "NSURLSession/NSURLConnection HTTP load failed (kCFStreamErrorDomainSSL, -9843)")
        case "cert-weak-signature": .log(pattern: "-67815 / -9884 / -9885", sample: "Trust evaluate failure: [leaf WeakSignature]")
        case "cert-weak-key": .log(pattern: "-67735 / -9883", sample: "Trust evaluate failure: [leaf KeySize]")
        case "cert-missing-server-auth-eku": .log(pattern: "-67609 / ExtendedKeyUsage", sample: "Trust evaluate failure: [leaf ExtendedKeyUsage]")
        case "cert-validity-too-long": .log(pattern: "-67901 / SystemTrustValidityPeriod", sample: "Trust evaluate failure: [leaf SystemTrustValidityPeriod]")
        case "ct-required": .log(pattern: "-67825 / SystemTrustedCTRequired", sample: "Trust evaluate failure: [leaf SystemTrustedCTRequired]")
        case "ct-log-list-outdated": .noLog(why: "it says atscheck's own CT log list is older than the certificate's logs; a device log never shows it")
        case "cert-revoked": .log(pattern: "-67820 / Revocation", sample: "Trust evaluate failure: [leaf Revocation]")
        case "cert-wrong-order": .noLog(why: "a device logs the checks that failed on certificate 0 (SSLHostname, MissingSubjectAltName …); that they share one cause, the order, is atscheck's reading of the chain")
        default: nil
        }
    }
}
