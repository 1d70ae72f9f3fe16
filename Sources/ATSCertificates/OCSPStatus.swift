import CATSOpenSSL
import CATSOpenSSLShims
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a (stapled) OCSP response says about one certificate, as decoded by OpenSSL.
public struct OCSPStatus: Sendable, Hashable, Codable {
    /// The certificate status inside the response.
    public enum Status: String, Sendable, Codable {
        /// The responder's `good`, `revoked` or `unknown` for the certificate.
        case good, revoked, unknown
        /// The response could not be decoded or does not cover this certificate.
        case unusable
    }

    /// The status for the certificate asked about.
    public let status: Status
    /// True when the response's signature verifies against the issuer or the trust store.
    public let signatureVerified: Bool
    /// When the certificate was revoked (for `.revoked`).
    public let revocationTime: Date?
    /// thisUpdate of the single response.
    public let thisUpdate: Date?
    /// nextUpdate of the single response, when present.
    public let nextUpdate: Date?

    /// Decodes a DER OCSPResponse and looks up `certificate`, issued by `issuer`.
    public static func check(response: Data, certificate: Certificate, issuer: Certificate?, store: TrustStore) -> OCSPStatus {
        let leaf = certificate.decoded
        guard let issuerHandle = issuer?.decoded else {
            return OCSPStatus(status: .unusable, signatureVerified: false, revocationTime: nil, thisUpdate: nil, nextUpdate: nil)
        }
        var responseStatus: Int32 = 0
        var verified: Int32 = 0
        var revoked: Int64 = 0, thisUpdate: Int64 = 0, nextUpdate: Int64 = 0
        let bytes = [UInt8](response)
        let status = bytes.withUnsafeBufferPointer { buffer in
            ats_ocsp_status(buffer.baseAddress, buffer.count, leaf.pointer, issuerHandle.pointer, store.native.pointer,
                            &responseStatus, &verified, &revoked, &thisUpdate, &nextUpdate)
        }
        func date(_ seconds: Int64) -> Date? { seconds == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(seconds)) }
        let decoded: Status
        switch status {
        case V_OCSP_CERTSTATUS_GOOD: decoded = .good
        case V_OCSP_CERTSTATUS_REVOKED: decoded = .revoked
        case V_OCSP_CERTSTATUS_UNKNOWN: decoded = .unknown
        default: decoded = .unusable
        }
        return OCSPStatus(status: decoded, signatureVerified: verified == 1, revocationTime: date(revoked),
                          thisUpdate: date(thisUpdate), nextUpdate: date(nextUpdate))
    }
}
