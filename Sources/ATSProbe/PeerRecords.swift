import ATSCertificates
import CATSOpenSSL
import CATSOpenSSLShims
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// What a finished handshake received from the server: its certificate chain and the SCTs
// it delivered outside the certificate.
extension OpenSSLClient {
    /// The certificates the server sent, leaf first: DER, and the handshake's own `X509`
    /// objects read into ``Certificate`` values, so that nothing decodes them again.
    static func peerChain(_ ssl: OpaquePointer) -> ServedChain {
        var objects: [OpaquePointer] = []
        // Client side: SSL_get_peer_cert_chain includes the leaf, in the order sent.
        if let stack = SSL_get_peer_cert_chain(ssl) {
            for position in 0..<ats_x509_stack_count(stack) {
                if let certificate = ats_x509_stack_at(stack, position) { objects.append(certificate) }
            }
        }
        if objects.isEmpty, let leaf = SSL_get0_peer_certificate(ssl) { objects.append(leaf) }
        var der: [Data] = []
        var certificates: [Certificate] = []
        var notes: [ProbeNote] = []
        for object in objects {
            do {
                let certificate = try Certificate(handshakeCertificate: object)
                der.append(certificate.der)
                certificates.append(certificate)
            } catch {
                notes.append(.undecodableCertificate(index: der.count + notes.count, reason: error.description))
            }
        }
        return ServedChain(der: der, certificates: certificates, notes: notes)
    }

    /// The SCTs the server delivered in the TLS extension or in stapled OCSP (embedded ones are
    /// read from the certificate).
    static func deliveredSCTs(_ ssl: OpaquePointer) -> [SignedCertificateTimestamp] {
        var scts: [SignedCertificateTimestamp] = []
        for position in 0..<ats_probe_peer_sct_count(ssl) {
            var logID: UnsafePointer<UInt8>?
            var logIDLength = 0
            var timestamp: UInt64 = 0
            let source = ats_probe_peer_sct_at(ssl, position, &logID, &logIDLength, &timestamp)
            let kind: SCTSource
            switch source {
            case Int32(ATS_PROBE_SCT_SOURCE_TLS_EXTENSION.rawValue): kind = .tlsExtension
            case Int32(ATS_PROBE_SCT_SOURCE_OCSP.rawValue): kind = .ocspResponse
            default: continue  // embedded SCTs are the certificate's business
            }
            let id = logID.map { Data(bytes: $0, count: logIDLength).base64EncodedString() } ?? ""
            var encoded: UnsafeMutablePointer<UInt8>?
            let encodedLength = ats_probe_peer_sct_serialize(ssl, position, &encoded)
            let bytes = encoded.map { Data(bytes: $0, count: encodedLength) } ?? Data()
            ats_openssl_free(encoded)
            scts.append(SignedCertificateTimestamp(source: kind, logID: id,
                                                   timestamp: Date(timeIntervalSince1970: Double(timestamp) / 1000), bytes: bytes))
        }
        return scts
    }
}
