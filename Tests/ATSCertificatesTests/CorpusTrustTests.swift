import ATSVocabulary
import Foundation
import Testing
@testable import ATSCertificates

// Trust evaluation of real chains from the corpus, with the chain's own root as the only
// preinstalled (system) root, at an instant SOURCES.tsv gives (the limbo validation_time) or
// one inside the validity it states.

/// A host the leaf covers, taken from what `openssl x509 -ext subjectAltName` prints: the first
/// DNS name, with a leading wildcard label replaced by a concrete one.
func hostFromOpenSSL(_ pem: String) throws -> String {
    let text = try OpenSSLCLI.x509(pem, ["-ext", "subjectAltName"]).text
    let entries = text.components(separatedBy: "\n").dropFirst().joined().components(separatedBy: ", ")
        .map { $0.trimmingCharacters(in: .whitespaces) }
    let dns = try #require(entries.first { $0.hasPrefix("DNS:") }, "no DNS SAN in \(text)").dropFirst(4)
    return dns.hasPrefix("*.") ? "wildcard-test" + dns.dropFirst() : String(dns)
}

/// Evaluates a corpus chain (leaf first) with its last certificate as the only system root.
func evaluateWithOwnRoot(_ number: String, at time: Date, host: String? = nil) throws -> (TrustEvaluation, [Certificate]) {
    let row = try Corpus.row(number)
    let chain = try Corpus.load(number)
    let root = try #require(chain.last)
    let name = try host ?? hostFromOpenSSL(#require(certificatePEMBlocks(in: Corpus.data(row)).first))
    let evaluation = TrustEvaluator(store: TrustStore(system: [root])).evaluate(chain, host: name, at: time)
    return (evaluation, chain)
}

@Suite("Real chains from the corpus")
struct CorpusTrustTests {
    /// Live chains captured by x509-limbo (001–012): leaf, intermediates, self-signed root.
    static let limboChains = ["001", "002", "003", "004", "005", "006", "007", "008", "009", "010", "011", "012"]

    @Test("limbo chains are trusted at their validation time under their own root (CT-qualified unless a log is newer than Apple's list)",
          arguments: limboChains)
    func limboChainTrusted(_ number: String) throws {
        let row = try Corpus.row(number)
        let leaf = try Corpus.load(number)[0]
        let time = try #require(Corpus.judgingTime(row, leaf: leaf), "no limbo validation_time in the note of \(row.file)")
        let (evaluation, chain) = try evaluateWithOwnRoot(number, at: time)
        let expected: [ReasonCode] = Corpus.chainsWithLogsNewerThanSnapshot.contains(number) ? [.ctLogListOutdated] : []
        #expect(evaluation.reasons.map(\.code) == expected, "\(evaluation.host ?? "-"): \(evaluation.reasons.map { "\($0.code.rawValue): \($0.message)" })")
        #expect(evaluation.path.anchorOrigin == .system)
        #expect(evaluation.path.chain.first == chain.first)
        #expect(evaluation.path.chain.last == chain.last)
        // The CT rule was applied to the SCTs the note counts.
        #expect(chain[0].embeddedSCTs.count == row.hasSCTs)
        #expect(evaluation.transparencyRequired)
        #expect(evaluation.transparency?.isCompliant == expected.isEmpty)
    }

    @Test("limbo chains are refused once the leaf has expired", arguments: limboChains)
    func limboChainExpired(_ number: String) throws {
        let row = try Corpus.row(number)
        // The note's "valid … -> <notAfter>": one day after it the leaf has expired.
        let notAfterText = try #require(captures(#"(?:^|; )valid .+? GMT -> (.+? GMT)"#, in: row.note)?.first ?? nil)
        let notAfter = try #require(parseOpenSSLDate(notAfterText))
        let (evaluation, _) = try evaluateWithOwnRoot(number, at: notAfter + 86_400)
        let expired = evaluation.reasons.filter { $0.code == .certExpired }
        #expect(expired.map(\.certificateIndex) == [0], "\(evaluation.reasons.map(\.message))")
    }

    @Test("limbo chains are refused for a host they do not cover", arguments: limboChains)
    func limboChainWrongHost(_ number: String) throws {
        let time = try #require(Corpus.judgingTime(try Corpus.row(number), leaf: try Corpus.load(number)[0]))
        let (evaluation, _) = try evaluateWithOwnRoot(number, at: time, host: "not-covered.atscheck.test")
        let ct: [ReasonCode] = Corpus.chainsWithLogsNewerThanSnapshot.contains(number) ? [.ctLogListOutdated] : []
        #expect(evaluation.reasons.map(\.code) == [.certHostnameMismatch] + ct)
    }

    @Test("limbo chains with only a user-installed root skip the CT and 398-day rules", arguments: limboChains)
    func limboChainUserRoot(_ number: String) throws {
        let row = try Corpus.row(number)
        let time = try #require(row.limboValidationTime)
        let chain = try Corpus.load(number)
        let host = try hostFromOpenSSL(#require(certificatePEMBlocks(in: Corpus.data(row)).first))
        // A user-installed root is judged without the CT and 398-day rules (docs/ats-rules.md#apple-validity-period,
        // docs/ats-rules.md#apple-certificate-transparency); these chains meet them anyway, so the verdict is the same, with origin .user.
        let evaluation = TrustEvaluator(store: TrustStore(user: [try #require(chain.last)])).evaluate(chain, host: host, at: time)
        #expect(evaluation.reasons.isEmpty, "\(evaluation.reasons.map(\.message))")
        #expect(evaluation.path.anchorOrigin == .user)
    }

    @Test("013 (Let's Encrypt R3 → ISRG Root X1, 2023) builds on 2023-07-01; its logs are rejected in Apple's lists now, so CT fails")
    func letsEncrypt2023() throws {
        let chain = try Corpus.load("013")
        #expect(chain.last?.subject.commonName == "ISRG Root X1")
        let (evaluation, _) = try evaluateWithOwnRoot("013", at: instant("2023-07-01T00:00:00Z"), host: "cryptography.io")
        #expect(evaluation.reasons.map(\.code) == [.ctRequired], "\(evaluation.reasons.map(\.message))")
        #expect(evaluation.path.chain.count == 3)
        // Oak2023 and Nimbus 2023 were rejected on 2024-01-20: both SCTs verify and neither counts.
        let scts = try #require(evaluation.transparency?.scts)
        #expect(scts.map(\.check.signature) == [.verified, .verified])
        #expect(scts.allSatisfy { $0.check.log?.state == .rejected && $0.note?.contains("after the evaluation time") == true })
    }

    @Test("052: the tampered outer signature algorithm breaks the leaf's signature")
    func tamperedSignature() throws {
        // Same chain as 013, but the leaf's outer signatureAlgorithm says sha512 (note: the
        // leaf → intermediate link fails with "certificate signature failure").
        let (evaluation, _) = try evaluateWithOwnRoot("052", at: instant("2023-07-01T00:00:00Z"), host: "cryptography.io")
        let untrusted = evaluation.reasons.filter { $0.code == .certUntrusted }
        #expect(untrusted.map(\.certificateIndex) == [0], "\(evaluation.reasons.map(\.message))")
        #expect(untrusted.first?.message.contains("signature") == true)
    }

    @Test("029 (www.google.com 2014): SHA-1 leaf and intermediate")
    func sha1Google2014() throws {
        // Valid Mar 12 2014 → Jun 10 2014 (note); SHA-1 signed leaf & intermediate, GeoTrust root.
        let (evaluation, chain) = try evaluateWithOwnRoot("029", at: instant("2014-04-01T00:00:00Z"), host: "www.google.com")
        #expect(chain.count == 3)
        let weak = evaluation.reasons.filter { $0.code == .certWeakSignature }
        #expect(weak.map(\.certificateIndex) == [0, 1])
        #expect(weak.map(\.secureTransportError) == [-9884, -9885])
        #expect(Set(evaluation.reasons.map(\.code)) == [.certWeakSignature], "\(evaluation.reasons.map(\.message))")
    }

    @Test("031 and 039: all-SHA-1 chains report every certificate below the root",
          arguments: [("031", "2014-01-01T00:00:00Z", "www.credit-suisse.com"), ("039", "2014-01-01T00:00:00Z", "secure.iddl.vt.edu")])
    func sha1Chains(number: String, time: String, host: String) throws {
        let (evaluation, chain) = try evaluateWithOwnRoot(number, at: instant(time), host: host)
        let weak = evaluation.reasons.filter { $0.code == .certWeakSignature }
        // SOURCES: all SHA-1; the root's self-signature is not judged.
        #expect(weak.compactMap(\.certificateIndex) == Array(0..<(chain.count - 1)))
        #expect(Set(evaluation.reasons.map(\.code)) == [.certWeakSignature], "\(evaluation.reasons.map(\.message))")
    }

    @Test("042 (2013 EV chain via a SHA-384 Comodo CA to AddTrust) is trusted in 2014")
    func sha384Chain() throws {
        let (evaluation, chain) = try evaluateWithOwnRoot("042", at: instant("2014-01-01T00:00:00Z"), host: "api.moip.com.br")
        #expect(chain.count == 4)
        // The AddTrust root is SHA-1 self-signed, but a root's own signature is not judged.
        #expect(chain.last?.signature.hash == .sha1)
        #expect(evaluation.reasons.isEmpty, "\(evaluation.reasons.map(\.message))")
    }

    @Test("034: 512-bit RSA, MD5, self-issued device certificate with an empty store")
    func weakDeviceCertificate() throws {
        let certificate = try #require(try Corpus.load("034").first)
        // Valid Jun 30 2011 → Jun 26 2021 (note); IP SAN 207.62.80.50.
        let evaluation = TrustEvaluator(store: TrustStore())
            .evaluate([certificate], host: "207.62.80.50", at: instant("2015-01-01T00:00:00Z"))
        let codes = Set(evaluation.reasons.map(\.code))
        #expect(codes.contains(.certWeakKey))
        #expect(codes.contains(.certWeakSignature))
        #expect(codes.contains(.certUntrusted))
        #expect(!codes.contains(.certHostnameMismatch), "the IP SAN covers the host")
        #expect(evaluation.reasons.first { $0.code == .certWeakKey }?.message.contains("512") == true)
        #expect(evaluation.reasons.first { $0.code == .certWeakSignature }?.message.contains("MD5") == true)
    }
}
