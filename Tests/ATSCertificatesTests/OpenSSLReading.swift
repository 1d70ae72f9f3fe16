import CATSOpenSSL
import Foundation
import Testing

/// Everything OpenSSLFieldTests compares, from ONE `openssl x509` run per certificate:
///
///     openssl x509 -nameopt RFC2253,-esc_msb -subject -issuer -serial -startdate -enddate
///                  -fingerprint -sha256 -text -pubkey
///
/// which prints, in that order, the `key=value` lines, the `-text` dump, the public key as
/// OpenSSL re-encodes it (PEM), and the certificate itself (PEM, the DER `-outform DER` would
/// write). The subjectAltName extension is cut out of the `-text` dump (`-ext` would also
/// restrict `-text` to that one extension). SHA-1 and SHA-256 of those
/// bytes are taken with libcrypto's `EVP_Digest`, the code `openssl dgst` runs.
struct OpenSSLReading: Sendable {
    /// The whole stdout.
    let output: OpenSSLOutput
    /// The subjectAltName extension as `-ext subjectAltName` prints it (a header line, then the
    /// value lines indented by four spaces), raw bytes; empty when the certificate has none.
    let subjectAltName: Data
    /// The `-text` part.
    let text: OpenSSLText
    /// The SubjectPublicKeyInfo as OpenSSL re-encodes it (`openssl pkey -pubin -outform der`),
    /// nil when openssl printed no public key.
    let reencodedPublicKey: Data?
    /// The certificate's DER, as OpenSSL writes it.
    let der: Data

    /// The `key=` value of the first line starting with it.
    func value(_ key: String) -> String? { output.value(key) }

    static let arguments = ["x509", "-nameopt", "RFC2253,-esc_msb", "-subject", "-issuer", "-serial", "-startdate", "-enddate",
                            "-fingerprint", "-sha256", "-text", "-pubkey"]

    /// Every sample's reading, made once (in parallel) the first time any test asks.
    private static let readings: [String: Result<OpenSSLReading, FixtureError>] = {
        let samples = CertificateSample.all.filter { $0.index >= 0 }
        let results = ReadingSlots(count: samples.count)
        DispatchQueue.concurrentPerform(iterations: samples.count) { index in
            results.set(index, Result { () throws(FixtureError) in try read(samples[index].pem) })
        }
        return Dictionary(uniqueKeysWithValues: zip(samples.map(\.testDescription), results.values))
    }()

    /// The reading of `sample`.
    static func of(_ sample: CertificateSample) throws -> OpenSSLReading {
        guard let result = readings[sample.testDescription] else {
            throw FixtureError(description: "no openssl reading for \(sample.testDescription)")
        }
        return try result.get()
    }

    private static func read(_ pem: String) throws(FixtureError) -> OpenSSLReading {
        let output: OpenSSLOutput
        do { output = try OpenSSLCLI.succeed(arguments, input: Data(pem.utf8)) } catch let error as FixtureError { throw error } catch {
            throw FixtureError(description: "openssl: \(error)")
        }
        let lines = output.stdout.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        func index(_ line: String) -> Int? { lines.firstIndex { $0.elementsEqual(line.utf8) } }
        guard let fingerprint = lines.firstIndex(where: { $0.starts(with: "sha256 Fingerprint=".utf8) }),
              let textStart = index("Certificate:"), let certificateStart = index("-----BEGIN CERTIFICATE-----"),
              fingerprint < textStart else {
            throw FixtureError(description: "unexpected openssl x509 output layout: \(output.text.prefix(300))")
        }
        let keyStart = index("-----BEGIN PUBLIC KEY-----")
        let textEnd = keyStart ?? certificateStart
        func joined(_ range: Range<Int>) -> Data { Data(lines[range].joined(separator: [UInt8(ascii: "\n")])) }
        guard let der = pemBody(joined(certificateStart..<lines.count)) else {
            throw FixtureError(description: "openssl printed no readable certificate PEM")
        }
        return OpenSSLReading(output: output, subjectAltName: subjectAltName(Array(lines[textStart..<textEnd])),
                              text: OpenSSLText(String(decoding: joined(textStart..<textEnd), as: UTF8.self)),
                              reencodedPublicKey: keyStart.flatMap { pemBody(joined($0..<certificateStart)) }, der: der)
    }

    /// The subjectAltName extension of a `-text` dump (header at 12 spaces, values at 16), in
    /// the form `-ext subjectAltName` prints.
    private static func subjectAltName(_ lines: [Data.SubSequence]) -> Data {
        let header = Array("            X509v3 Subject Alternative Name:".utf8)
        guard let start = lines.firstIndex(where: { $0.starts(with: header) }) else { return Data() }
        var out = Data(lines[start].dropFirst(12))
        for line in lines[(start + 1)...] {
            guard line.starts(with: Array(repeating: UInt8(ascii: " "), count: 16)) else { break }
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: Array(repeating: UInt8(ascii: " "), count: 4))
            out.append(contentsOf: line.dropFirst(16))
        }
        return out
    }

    /// The base64 body of the first PEM block in `data`.
    private static func pemBody(_ data: Data) -> Data? {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard let end = lines.firstIndex(where: { $0.hasPrefix("-----END ") }), end > 0 else { return nil }
        return Data(base64Encoded: lines[1..<end].joined())
    }
}

/// Results written by concurrent workers, one slot each.
private final class ReadingSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<OpenSSLReading, FixtureError>?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Result<OpenSSLReading, FixtureError>) { lock.lock(); slots[index] = value; lock.unlock() }
    var values: [Result<OpenSSLReading, FixtureError>] {
        lock.lock(); defer { lock.unlock() }
        return slots.map { $0 ?? .failure(FixtureError(description: "not read")) }
    }
}

/// libcrypto digests (what `openssl dgst` computes), independent of the library's own code.
enum LibcryptoDigest {
    static func sha256(_ data: Data) -> Data { digest(data, EVP_sha256()) }
    static func sha1(_ data: Data) -> Data { digest(data, EVP_sha1()) }

    /// `AA:BB:…` uppercase, as `openssl x509 -fingerprint` prints.
    static func colonHex(_ data: Data) -> String {
        data.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: ":")
    }

    private static func digest(_ data: Data, _ type: OpaquePointer?) -> Data {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = data.withUnsafeBytes { EVP_Digest($0.baseAddress, $0.count, &out, &length, type, nil) }
        precondition(ok == 1, "EVP_Digest failed")
        return Data(out.prefix(Int(length)))
    }
}
