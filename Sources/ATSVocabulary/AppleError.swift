/// The error an app sees when a load fails, as its console prints it: an NSURLErrorDomain code
/// and, for TLS failures, the stream-domain (SecureTransport, domain 3) code beside it
/// (`-1200 [3:-9802]`). The one table of the codes atscheck names (docs/ats-rules.md#error-codes);
/// several may be likely for one reason, ranked by the check layer.
public struct AppleError: Sendable, Hashable, CustomStringConvertible {
    /// The NSURLErrorDomain code (-1022, -1200, -1202, ...).
    public let nsurlError: Int
    /// The stream-domain code (-9802, -9807, ...), when one comes with it.
    public let secureTransportError: Int?

    /// Creates a pair.
    public init(nsurlError: Int, secureTransportError: Int? = nil) {
        self.nsurlError = nsurlError
        self.secureTransportError = secureTransportError
    }

    /// The pair as console lines print it: `-1200 [3:-9802]`, or `-1022` alone.
    public var description: String {
        "\(nsurlError)" + (secureTransportError.map { " [3:\($0)]" } ?? "")
    }

    /// NSURLErrorDomain codes (Apple's `NSURLError.h`).
    public enum URLDomain {
        /// NSURLErrorTimedOut.
        public static let timedOut = -1001
        /// NSURLErrorCannotConnectToHost.
        public static let cannotConnectToHost = -1004
        /// NSURLErrorAppTransportSecurityRequiresSecureConnection.
        public static let appTransportSecurityRequiresSecureConnection = -1022
        /// NSURLErrorCancelled (a delegate refused the challenge, e.g. a pin mismatch).
        public static let cancelled = -999
        /// NSURLErrorSecureConnectionFailed.
        public static let secureConnectionFailed = -1200
        /// NSURLErrorServerCertificateHasBadDate.
        public static let serverCertificateHasBadDate = -1201
        /// NSURLErrorServerCertificateUntrusted.
        public static let serverCertificateUntrusted = -1202
        /// NSURLErrorServerCertificateHasUnknownRoot.
        public static let serverCertificateHasUnknownRoot = -1203
        /// NSURLErrorServerCertificateNotYetValid.
        public static let serverCertificateNotYetValid = -1204
    }

    /// Stream-domain (SecureTransport, `SecureTransport.h` and `SecBase.h`) codes.
    public enum StreamDomain {
        /// errSSLFatalAlert.
        public static let sslFatalAlert = -9802
        /// errSSLClosedAbort.
        public static let sslClosedAbort = -9806
        /// errSSLXCertChainInvalid.
        public static let sslXCertChainInvalid = -9807
        /// errSSLUnknownRootCert.
        public static let sslUnknownRootCert = -9812
        /// errSSLNoRootCert.
        public static let sslNoRootCert = -9813
        /// errSSLCertExpired.
        public static let sslCertExpired = -9814
        /// errSSLCertNotYetValid.
        public static let sslCertNotYetValid = -9815
        /// errSSLPeerProtocolVersion.
        public static let sslPeerProtocolVersion = -9836
        /// errSSLHostNameMismatch.
        public static let sslHostNameMismatch = -9843
        /// errSSLPeerHandshakeFail.
        public static let sslHandshakeFail = -9858
        /// errSSLATSMinimumVersionViolation.
        public static let atsMinimumVersionViolation = -9881
        /// errSSLATSCiphersuiteViolation.
        public static let atsCiphersuiteViolation = -9882
        /// errSSLATSMinimumKeySizeViolation.
        public static let atsMinimumKeySizeViolation = -9883
        /// errSSLATSLeafCertificateHashAlgorithmViolation.
        public static let atsLeafCertificateHashAlgorithmViolation = -9884
        /// errSSLATSCertificateHashAlgorithmViolation.
        public static let atsCertificateHashAlgorithmViolation = -9885
    }
}
