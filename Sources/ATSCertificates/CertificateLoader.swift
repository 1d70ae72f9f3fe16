import AtscheckSystem
import CATSOpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads certificates from PEM (one or many blocks, text between blocks ignored) or DER
/// (one certificate or several concatenated), in file order.
public enum CertificateLoader {
    /// The largest certificate file read (a PEM bundle of every public root is about 0.2 MB).
    public static let maximumFileBytes = 16 << 20

    /// Loads every certificate in a file: a regular file of at most ``maximumFileBytes``.
    public static func load(contentsOf url: URL) throws(CertificateLoadError) -> [Certificate] {
        try load(atPath: url.path)
    }

    /// Loads every certificate from the regular file at `path` (PEM or DER), with the same
    /// limits as ``load(contentsOf:)``.
    public static func load(atPath path: String) throws(CertificateLoadError) -> [Certificate] {
        let data: Data
        do {
            data = try RegularFile.read(atPath: path, limit: maximumFileBytes)
        } catch {
            switch error {
            case .tooLarge(let size, let limit): throw .tooLarge(size: size, limit: limit)
            case .system(let message): throw .unreadable(message)
            case .directory: throw .unreadable("Is a directory")
            case .notRegular(let kind): throw .unreadable("not a regular file: \(kind)")
            }
        }
        return try parse(data)
    }

    /// The certificates of an answer at a caIssuers URL: one DER certificate, a DER PKCS#7
    /// certs-only bundle, or PEM (RFC 5280 §4.2.2.1 names the first two; some CAs serve PEM).
    /// Empty when the bytes are none of these.
    public static func parseIssuers(_ data: Data) -> [Certificate] {
        if let certificates = try? parse(data), !certificates.isEmpty { return certificates }
        return CMSSignedContent.certificates(of: data)
    }

    /// Parses PEM or DER bytes.
    public static func parse(_ data: Data) throws(CertificateLoadError) -> [Certificate] {
        let bytes = [UInt8](data)
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { throw .empty }
        if containsPEMMarker(bytes) { return try parsePEM(bytes) }
        return try parseDER(bytes)
    }

    private static func containsPEMMarker(_ bytes: [UInt8]) -> Bool {
        let marker = Array("-----BEGIN ".utf8)
        guard bytes.count >= marker.count else { return false }
        return (0...(bytes.count - marker.count)).contains { start in
            bytes[start] == 0x2D && Array(bytes[start..<(start + marker.count)]) == marker
        }
    }

    private static func parsePEM(_ bytes: [UInt8]) throws(CertificateLoadError) -> [Certificate] {
        let blocks = try pemBlocks(bytes)
        var certificates: [Certificate] = []
        for (index, block) in blocks.enumerated() where certificateLabels.contains(block.label) {
            switch decodeOne(block.der, trusted: block.label == "TRUSTED CERTIFICATE") {
            case .success(let certificate): certificates.append(certificate)
            case .failure(let failure): throw .invalidCertificateInPEM(blockIndex: index, reason: failure.reason)
            }
        }
        if certificates.isEmpty { throw .noCertificateInPEM(foundLabels: blocks.map(\.label)) }
        return certificates
    }

    private static let certificateLabels: Set<String> = ["CERTIFICATE", "X509 CERTIFICATE", "TRUSTED CERTIFICATE"]

    /// Every PEM block: its label and its decoded base64 body.
    private static func pemBlocks(_ bytes: [UInt8]) throws(CertificateLoadError) -> [(label: String, der: [UInt8])] {
        let result: Result<[(label: String, der: [UInt8])], CertificateLoadError>? = withMemoryBIO(bytes) { bio in
            var blocks: [(label: String, der: [UInt8])] = []
            ERR_clear_error()
            while true {
                var name: UnsafeMutablePointer<CChar>? = nil
                var header: UnsafeMutablePointer<CChar>? = nil
                var body: UnsafeMutablePointer<UInt8>? = nil
                var length = 0
                let ok = PEM_read_bio_ex(bio, &name, &header, &body, &length, UInt32(PEM_FLAG_ONLY_B64))
                defer {
                    CRYPTO_free(name, #fileID, #line)
                    CRYPTO_free(header, #fileID, #line)
                    CRYPTO_free(body, #fileID, #line)
                }
                if ok != 1 {
                    let error = ERR_peek_last_error()
                    if ERR_GET_LIB(error) == ERR_LIB_PEM && ERR_GET_REASON(error) == PEM_R_NO_START_LINE {
                        ERR_clear_error()
                        break
                    }
                    return .failure(.malformedPEM(blockIndex: blocks.count, reason: drainOpenSSLErrors() ?? "unreadable block"))
                }
                let label = name.map { String(cString: $0) } ?? ""
                let der = body.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
                blocks.append((label, der))
            }
            return .success(blocks)
        }
        guard let result else { throw .unreadable("out of memory") }
        return try result.get()
    }

    private static func decodeOne(_ der: [UInt8], trusted: Bool) -> Result<Certificate, CertificateDecodingFailure> {
        guard trusted else { return X509Handle.decode(der: der).map(Certificate.init(handle:)) }
        // TRUSTED CERTIFICATE = certificate followed by OpenSSL's trust settings.
        ERR_clear_error()
        let pointer: OpaquePointer? = der.withUnsafeBufferPointer { buffer in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            return d2i_X509_AUX(nil, &cursor, buffer.count)
        }
        guard let pointer else { return .failure(CertificateDecodingFailure(reason: drainOpenSSLErrors() ?? "not a certificate")) }
        let handle = X509Handle(owning: pointer)
        return X509Handle.decode(der: handle.der).map(Certificate.init(handle:))
    }

    private static func parseDER(_ bytes: [UInt8]) throws(CertificateLoadError) -> [Certificate] {
        var certificates: [Certificate] = []
        var offset = 0
        while offset < bytes.count {
            ERR_clear_error()
            let (pointer, consumed): (OpaquePointer?, Int) = bytes.withUnsafeBufferPointer { buffer in
                let start = buffer.baseAddress! + offset
                var cursor: UnsafePointer<UInt8>? = start
                let decoded = d2i_X509(nil, &cursor, buffer.count - offset)
                return (decoded, cursor.map { $0 - start } ?? 0)
            }
            guard let pointer, consumed > 0 else {
                let reason = drainOpenSSLErrors() ?? "not an X.509 certificate"
                if certificates.isEmpty { throw .notACertificate(reason) }
                throw .notACertificate("trailing bytes after certificate \(certificates.count): \(reason)")
            }
            // DER as OpenSSL re-encodes it, so fingerprints match `openssl x509 -fingerprint`.
            certificates.append(Certificate(handle: X509Handle(owning: pointer)))
            offset += consumed
        }
        return certificates
    }
}
