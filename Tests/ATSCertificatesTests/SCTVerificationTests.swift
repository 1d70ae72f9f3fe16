import ATSTrustData
import AtscheckTestSupport
import Foundation
import Testing
@testable import ATSCertificates

/// SCT signatures checked with OpenSSL's CT code (``SCTVerifier``) against an independent
/// reading: `Tests/Corpus/sct/verify_scts.py` rebuilt every corpus leaf's precertificate entry
/// with pyca/cryptography and verified each embedded SCT with the snapshot's log keys.
@Suite("SCT signature verification")
struct SCTVerificationTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let file: String
        let index: Int
        let logID: String
        let timestampMillis: UInt64
        let result: String
        var testDescription: String { "\(file) #\(index)" }
    }

    static let rows: [Row] = {
        let url = RepositoryLayout.packageRoot.appendingPathComponent("Tests/Corpus/sct/signatures.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let f = line.split(separator: "\t").map(String.init)
            guard f.count == 5, let index = Int(f[1]), let millis = UInt64(f[3]) else { return nil }
            return Row(file: f[0], index: index, logID: f[2], timestampMillis: millis, result: f[4])
        }
    }()

    static func verifier() -> SCTVerifier { SCTVerifier.apple(.latest) }

    /// The corpus chain, its leaf and the issuer verify_scts.py used (the next certificate
    /// when it issued the leaf).
    static func chain(_ file: String) throws -> (leaf: Certificate, issuer: Certificate?) {
        let chain = try CertificateLoader.load(contentsOf: RepositoryLayout.corpusCerts.appendingPathComponent(file))
        let issuer = chain.count > 1 && chain[1].subject == chain[0].issuer ? chain[1] : nil
        return (chain[0], issuer)
    }

    @Test("the independent reading covers the corpus: 62 embedded SCTs in 24 chains, 37 of them verifiable and valid")
    func readingCoversCorpus() {
        #expect(Self.rows.count == 62)
        #expect(Set(Self.rows.map(\.file)).count == 24)
        #expect(Self.rows.filter { $0.result == "verified" }.count == 37)
        // Three live chains carry SCTs from logs newer than the newest snapshot.
        #expect(Corpus.chainsWithLogsNewerThanSnapshot == ["004", "009", "012"])
    }

    @Test("each embedded SCT: OpenSSL's verdict, log ID and timestamp match the independent reading", arguments: rows)
    func matchesIndependentReading(_ row: Row) throws {
        let (leaf, issuer) = try Self.chain(row.file)
        let sct = try #require(leaf.embeddedSCTs.indices.contains(row.index) ? leaf.embeddedSCTs[row.index] : nil)
        let check = try Self.verifier().check([SignedCertificateTimestamp(source: .embedded, bytes: sct.bytes)], leaf: leaf, issuer: issuer,
                                              at: leaf.notAfter)[0]
        #expect(check.logID == row.logID)
        #expect(UInt64((check.timestamp.timeIntervalSince1970 * 1000).rounded()) == row.timestampMillis)
        let expected: SCTCheck.Signature = switch row.result {
        case "verified": .verified
        case "invalid": .invalid
        case "no-issuer": .noIssuer
        default: .unknownLog
        }
        #expect(check.signature == expected)
        #expect((check.log != nil) == (row.result != "unknown-log"))
    }

    /// A verified SCT from the first chain, with one byte changed at `offset` from the end
    /// (negative) or the start.
    static func tampered(at offset: Int) throws -> (SCTCheck, SCTCheck) {
        let (leaf, issuer) = try chain("001-google.com-gts-wr2-chain-137-sans-sct.pem")
        let original = leaf.embeddedSCTs[0].bytes
        var forged = original
        let position = offset < 0 ? forged.count + offset : offset
        forged[position] ^= 0x01
        let checks = try verifier().check([SignedCertificateTimestamp(source: .embedded, bytes: original), SignedCertificateTimestamp(source: .embedded, bytes: forged)],
                                          leaf: leaf, issuer: issuer, at: leaf.notAfter)
        return (checks[0], checks[1])
    }

    @Test("a forged signature (last byte of the ECDSA signature flipped) does not verify; the original does")
    func forgedSignature() throws {
        let (original, forged) = try Self.tampered(at: -1)
        #expect(original.signature == .verified)
        #expect(forged.signature == .invalid)
        #expect(forged.log?.name == original.log?.name)
    }

    @Test("a changed timestamp breaks the signature: the log signed the timestamp")
    func forgedTimestamp() throws {
        let (original, forged) = try Self.tampered(at: 1 + 32 + 7)
        #expect(original.signature == .verified)
        #expect(forged.signature == .invalid)
        #expect(forged.timestamp != original.timestamp)
    }

    @Test("an SCT checked against another certificate does not verify")
    func wrongCertificate() throws {
        let (leaf, _) = try Self.chain("001-google.com-gts-wr2-chain-137-sans-sct.pem")
        let (other, otherIssuer) = try Self.chain("008-cloudflare.com-gts-we1-ecdsa-chain-sct.pem")
        let check = try Self.verifier().check([SignedCertificateTimestamp(source: .embedded, bytes: leaf.embeddedSCTs[0].bytes)],
                                              leaf: other, issuer: otherIssuer, at: other.notAfter)[0]
        #expect(check.signature == .invalid)
    }

    @Test("an embedded SCT needs the issuer: without it the precertificate cannot be rebuilt")
    func noIssuer() throws {
        let (leaf, _) = try Self.chain("001-google.com-gts-wr2-chain-137-sans-sct.pem")
        let check = try Self.verifier().check([SignedCertificateTimestamp(source: .embedded, bytes: leaf.embeddedSCTs[0].bytes)],
                                              leaf: leaf, issuer: nil, at: leaf.notAfter)[0]
        #expect(check.signature == .noIssuer)
    }

    @Test("an SCT dated after the evaluation time is refused before its signature is checked (trustd's order)")
    func futureTimestamp() throws {
        let (leaf, issuer) = try Self.chain("001-google.com-gts-wr2-chain-137-sans-sct.pem")
        let sct = leaf.embeddedSCTs[0]
        let check = try Self.verifier().check([SignedCertificateTimestamp(source: .embedded, bytes: sct.bytes)], leaf: leaf, issuer: issuer,
                                              at: sct.timestamp.addingTimeInterval(-1))[0]
        #expect(check.signature == .futureTimestamp)
    }

    @Test("truncated bytes, trailing bytes, an empty SCT and version 2 are refused without a crash")
    func malformed() throws {
        let (leaf, issuer) = try Self.chain("001-google.com-gts-wr2-chain-137-sans-sct.pem")
        let bytes = leaf.embeddedSCTs[0].bytes
        var version2 = bytes
        version2[0] = 1
        let inputs = [bytes.prefix(bytes.count - 1), bytes + Data([0]), Data(), Data(repeating: 0, count: 42), version2]
        let checks = try Self.verifier().check(inputs.map { SignedCertificateTimestamp(source: .embedded, bytes: Data($0)) },
                                               leaf: leaf, issuer: issuer, at: leaf.notAfter)
        #expect(checks.map(\.signature) == [.malformed, .malformed, .malformed, .malformed, .unsupportedVersion])
    }

    /// The two SCTs TestCerts/generate-scts.py signed with the test logs, split out of the
    /// SignedCertificateTimestampList (2-byte lengths, RFC 6962 §3.3).
    static func testLogSCTs() throws -> [Data] {
        let list = try Data(contentsOf: Fixtures.testCert("ct-test-logs-good-rsa.sctlist"))
        var scts: [Data] = []
        var position = list.startIndex + 2
        while position + 2 <= list.endIndex {
            let length = Int(list[position]) << 8 | Int(list[position + 1])
            scts.append(Data(list[(position + 2)..<(position + 2 + length)]))
            position += 2 + length
        }
        return scts
    }

    static func testLogVerifier() throws -> SCTVerifier {
        let json = try Data(contentsOf: Fixtures.testCert("ct-test-log-list.json"))
        return SCTVerifier(logList: try CTLogList(json: json, name: "test logs"))
    }

    @Test("SCTs from atscheck's test logs: verified against the test list, unknown to Apple's")
    func testLogs() throws {
        let leaf = try Fixtures.load("leaf-good-rsa.pem")[0]
        let scts = try Self.testLogSCTs().map { SignedCertificateTimestamp(source: .tlsExtension, bytes: $0) }
        #expect(scts.count == 2)
        let ours = try Self.testLogVerifier().check(scts, leaf: leaf, issuer: nil, at: Fixtures.testCertsTime)
        #expect(ours.map(\.signature) == [.verified, .verified])
        #expect(Set(ours.compactMap { $0.log?.name }) == ["atscheck test log A", "atscheck test log B"])
        let apple = try Self.verifier().check(scts, leaf: leaf, issuer: nil, at: Fixtures.testCertsTime)
        #expect(apple.map(\.signature) == [.unknownLog, .unknownLog])
        // The same SCTs for another certificate (delivered over TLS: an x509_entry) fail.
        let other = try Fixtures.load("leaf-good-ecdsa.pem")[0]
        #expect(try Self.testLogVerifier().check(scts, leaf: other, issuer: nil, at: Fixtures.testCertsTime).map(\.signature) == [.invalid, .invalid])
    }

    @Test("one verifier, logs named one at a time and from many threads at once: its store grows and every SCT still verifies")
    func storeGrows() async throws {
        let leaf = try Fixtures.load("leaf-good-rsa.pem")[0]
        let scts = try Self.testLogSCTs().map { SignedCertificateTimestamp(source: .tlsExtension, bytes: $0) }
        let verifier = try Self.testLogVerifier()
        #expect(try verifier.check([scts[0]], leaf: leaf, issuer: nil, at: Fixtures.testCertsTime).map(\.signature) == [.verified])
        #expect(try verifier.check([scts[1]], leaf: leaf, issuer: nil, at: Fixtures.testCertsTime).map(\.signature) == [.verified])
        let fresh = try Self.testLogVerifier()
        let results = try await withThrowingTaskGroup(of: [SCTCheck.Signature].self) { group in
            for index in 0..<16 {
                group.addTask { try fresh.check([scts[index % 2]], leaf: leaf, issuer: nil, at: Fixtures.testCertsTime).map(\.signature) }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(results == Array(repeating: .verified, count: 16))
    }
}
