import CATSOpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Owns one OpenSSL `X509*`. Never escapes this module. Shared read-only across threads once
/// made (OpenSSL 3 locks the lazily cached extension data of an `X509`).
final class X509Handle: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Takes ownership of an `X509*` that has one reference for us.
    init(owning pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Decodes DER; nil (with the OpenSSL reason) when it is not a certificate.
    static func decode(der: [UInt8]) -> Result<X509Handle, CertificateDecodingFailure> {
        ERR_clear_error()
        let decoded: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_X509(nil, &cursor, buffer.count)
        }
        guard let decoded else {
            return .failure(CertificateDecodingFailure(reason: drainOpenSSLErrors() ?? "not an X.509 certificate"))
        }
        return .success(X509Handle(owning: decoded))
    }

    /// DER encoding of the certificate.
    var der: [UInt8] {
        let length = i2d_X509(pointer, nil)
        guard length > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
            _ = i2d_X509(pointer, &cursor)
        }
        return bytes
    }

    deinit {
        X509_free(pointer)
    }
}

/// Why OpenSSL refused a DER blob as a certificate.
struct CertificateDecodingFailure: Error {
    let reason: String
}
