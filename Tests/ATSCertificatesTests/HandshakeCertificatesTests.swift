import CATSOpenSSL
import Foundation
import Testing
@testable import ATSCertificates

// HandshakeCertificates: a certificate a handshake decoded is found again by its DER instead of
// being decoded a second time, reads exactly as a fresh decoding, and the store stays bounded.
// (ATSProbeTests checks that a real handshake's chain lands here.)

@Suite("Certificates kept from handshakes")
struct HandshakeCertificatesTests {
    /// Every certificate of a corpus file, each as a fresh OpenSSL decoding with its DER.
    static func decoded(_ file: URL) throws -> [(pointer: OpaquePointer, der: [UInt8])] {
        try CertificateLoader.load(contentsOf: file).map { certificate in
            let der = [UInt8](certificate.der)
            let pointer = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
                var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
                return d2i_X509(nil, &cursor, buffer.count)
            }
            return (try #require(pointer), der)
        }
    }

    /// Every decoded field by name (Certificate's == compares the DER alone).
    static func fields(_ certificate: Certificate) -> [String] {
        Mirror(reflecting: certificate).children.compactMap { child in
            child.label == "decoded" ? nil : "\(child.label ?? "?"): \(String(reflecting: child.value))"
        }
    }

    @Test("a kept certificate is found by its DER and reads as a fresh decoding does")
    func keptCertificateReadsTheSame() throws {
        let corpus = try Corpus.directory()
        let file = corpus.appendingPathComponent("005-apple.com-ev-ecdsa-chain-4-sct.pem")
        for (pointer, der) in try Self.decoded(file) {
            let fresh = Certificate(handle: X509Handle(owning: X509_dup(pointer)!))
            HandshakeCertificates.remember(pointer, der: der)
            X509_free(pointer)  // the store holds its own reference
            let kept = try #require(HandshakeCertificates.handle(for: der))
            #expect(Self.fields(Certificate(handle: kept)) == Self.fields(fresh))
            #expect(Self.fields(try Certificate(derEncoded: Data(der))) == Self.fields(fresh))
        }
    }

    @Test("bounded: the oldest certificates give way, the store never holds more than its capacity")
    func bounded() throws {
        let corpus = try Corpus.directory()
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { $0.hasSuffix(".pem") }.sorted()
        var kept: [[UInt8]] = []
        for name in files where kept.count <= HandshakeCertificates.capacity + 8 {
            guard let certificates = try? Self.decoded(corpus.appendingPathComponent(name)) else { continue }
            for (pointer, der) in certificates {
                if !kept.contains(der) {
                    HandshakeCertificates.remember(pointer, der: der)
                    kept.append(der)
                }
                X509_free(pointer)
            }
        }
        #expect(kept.count > HandshakeCertificates.capacity)
        #expect(HandshakeCertificates.count <= HandshakeCertificates.capacity)
        #expect(HandshakeCertificates.handle(for: kept[0]) == nil)
    }
}
