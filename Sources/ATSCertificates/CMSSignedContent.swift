import CATSOpenSSL
import CATSOpenSSLShims
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The content a CMS SignedData carries: how an `embedded.mobileprovision` (a plist signed by
/// Apple) is opened. OpenSSL's CMS decoder reads the DER; the signature is not checked (the
/// profile's entitlements are read to find endpoints, not trusted).
public enum CMSSignedContent {
    /// The encapsulated content of the DER `ContentInfo` in `der`, or nil when it is not CMS
    /// SignedData with attached content, or the content is larger than `limit` bytes.
    public static func content(of der: Data, limit: Int = 1 << 20) -> Data? {
        ERR_clear_error()
        defer { ERR_clear_error() }
        return der.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Data? in
            guard let base = buffer.bindMemory(to: UInt8.self).baseAddress, buffer.count > 0 else { return nil }
            var cursor: UnsafePointer<UInt8>? = base
            guard let cms = d2i_CMS_ContentInfo(nil, &cursor, buffer.count) else { return nil }
            defer { CMS_ContentInfo_free(cms) }
            guard OBJ_obj2nid(CMS_get0_type(cms)) == NID_pkcs7_signed,
                  let slot = CMS_get0_content(cms), let octets = slot.pointee else { return nil }
            let length = Int(ASN1_STRING_length(octets))
            guard length >= 0, length <= limit, let bytes = ASN1_STRING_get0_data(octets) else { return nil }
            return Data(bytes: bytes, count: length)
        }
    }

    /// The certificates a DER CMS / PKCS#7 SignedData carries (a "certs-only" `.p7c`, as CAs
    /// publish at caIssuers URLs); empty when `der` is not SignedData or carries none.
    public static func certificates(of der: Data) -> [Certificate] {
        ERR_clear_error()
        defer { ERR_clear_error() }
        return der.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> [Certificate] in
            guard let base = buffer.bindMemory(to: UInt8.self).baseAddress, buffer.count > 0 else { return [] }
            var cursor: UnsafePointer<UInt8>? = base
            guard let cms = d2i_CMS_ContentInfo(nil, &cursor, buffer.count) else { return [] }
            defer { CMS_ContentInfo_free(cms) }
            guard OBJ_obj2nid(CMS_get0_type(cms)) == NID_pkcs7_signed, let stack = CMS_get1_certs(cms) else { return [] }
            defer { ats_x509_stack_free_all(stack) }
            var certificates: [Certificate] = []
            for index in 0..<ats_x509_stack_count(stack) {
                guard let certificate = ats_x509_stack_at(stack, index), X509_up_ref(certificate) == 1 else { continue }
                certificates.append(Certificate(handle: X509Handle(owning: certificate)))
            }
            return certificates
        }
    }
}
