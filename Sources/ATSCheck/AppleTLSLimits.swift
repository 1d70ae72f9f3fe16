import ATSVocabulary
import ATSPolicy

/// Limits of Apple's TLS client that are not ATS keys but still decide whether a handshake
/// completes.
public enum AppleTLSLimits {
    /// The largest Certificate handshake message (the server's whole certificate list) Apple's
    /// client accepts: 102,400 bytes, BoringSSL's `SSL_MAX_CERT_LIST_DEFAULT` (100 KiB, in
    /// BoringSSL's `include/openssl/ssl.h`), the TLS stack of the URL Loading System since
    /// iOS 11 / macOS 10.13. Apple does not publish its libboringssl source, so whether it
    /// changes the default is not known; atscheck assumes it does not (docs/ats-rules.md#chain-too-large).
    /// SecureTransport before it (apple-oss-distributions/coreTLS, `lib/sslHandshake.c`)
    /// reassembled handshake messages of any length the 24-bit header allows.
    public static let certificateMessageBytes = 102_400

    /// The limit for a target: BoringSSL's on iOS 11 and later, none before.
    public static func certificateMessageBytes(for target: TargetOS) -> Int? {
        target.iOSEquivalent >= 11 ? certificateMessageBytes : nil
    }
}
