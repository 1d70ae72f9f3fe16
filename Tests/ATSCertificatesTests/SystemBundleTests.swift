import ATSVocabulary
import Foundation
import Testing
@testable import ATSCertificates

// The distribution's CA bundle, found by TrustStore.defaultSystemBundlePath(), loaded whole.
// Expected counts and fingerprints come from the file's text and from the openssl CLI.

@Suite("System CA bundle")
struct SystemBundleTests {
    static func bundle() throws -> (path: String, data: Data, certificates: [Certificate]) {
        let path = try #require(TrustStore.defaultSystemBundlePath(), "no system CA bundle at any of \(TrustStore.systemBundleCandidates)")
        let data = try #require(FileManager.default.contents(atPath: path))
        return (path, data, try CertificateLoader.load(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("the default bundle path is a readable candidate")
    func defaultPath() throws {
        let path = try #require(TrustStore.defaultSystemBundlePath())
        #expect(TrustStore.systemBundleCandidates.contains(path))
        #expect(FileManager.default.isReadableFile(atPath: path))
        // The first candidate that exists wins.
        let earlier = TrustStore.systemBundleCandidates.prefix { $0 != path }
        #expect(earlier.allSatisfy { !FileManager.default.isReadableFile(atPath: $0) })
    }

    @Test("every certificate block of the bundle loads")
    func loadsEveryCertificate() throws {
        let (path, data, certificates) = try Self.bundle()
        let blocks = beginCertificateLineCount(in: data)
        #expect(blocks > 0)
        #expect(certificates.count == blocks, "\(path): \(blocks) BEGIN CERTIFICATE lines")
        // openssl storeutl counts the certificates independently.
        let storeutl = try OpenSSLCLI.succeed(["storeutl", "-noout", "-certs", path])
        #expect(storeutl.stderr.contains("Total found: \(certificates.count)") || storeutl.text.contains("Total found: \(certificates.count)"),
                "storeutl: \(storeutl.text.suffix(80)) \(storeutl.stderr.suffix(80))")
    }

    @Test("every root has a subject, a 32-byte SPKI pin and is a CA or self-signed")
    func everyRootDecodes() throws {
        let (_, _, certificates) = try Self.bundle()
        for certificate in certificates {
            let name = certificate.subject.rfc4514
            #expect(!name.isEmpty, "empty subject: \(certificate.sha256Fingerprint)")
            #expect(Data(base64Encoded: certificate.spkiSHA256)?.count == 32, "\(name)")
            #expect(certificate.sha256Fingerprint.count == 32 * 3 - 1, "\(name)")
            #expect(certificate.isSelfSigned || certificate.isCA, "\(name) is neither self-signed nor a CA")
            #expect(certificate.notBefore < certificate.notAfter, "\(name)")
        }
    }

    @Test("subjects and fingerprints agree with openssl for every root")
    func agreesWithOpenSSL() throws {
        let (_, data, certificates) = try Self.bundle()
        let blocks = certificatePEMBlocks(in: data)
        try #require(blocks.count == certificates.count)
        for (block, certificate) in zip(blocks, certificates) {
            let output = try OpenSSLCLI.x509(block, ["-subject", "-fingerprint", "-sha256", "-nameopt", "RFC2253,-esc_msb"])
            #expect(certificate.subject.rfc4514 == output.value("subject"))
            #expect(certificate.sha256Fingerprint == output.value("sha256 Fingerprint"))
        }
    }

    @Test("a TrustStore built from the bundle holds every distinct root as a system anchor")
    func trustStoreFromBundle() throws {
        let (_, _, certificates) = try Self.bundle()
        let store = TrustStore(system: certificates)
        #expect(store.anchors.count == Set(certificates).count)
        #expect(store.anchors.allSatisfy { $0.origin == .system })
        #expect(certificates.allSatisfy { store.origin(of: $0) == .system })
    }

    @Test("limbo chains whose root is in the bundle are trusted without sending the root")
    func limboChainsAgainstTheBundle() throws {
        let (_, _, certificates) = try Self.bundle()
        let store = TrustStore(system: certificates)
        var checked: [String] = []
        for number in CorpusTrustTests.limboChains {
            let row = try Corpus.row(number)
            let chain = try Corpus.load(number)
            guard let root = chain.last, store.origin(of: root) == .system else { continue }
            let time = try #require(Corpus.judgingTime(row, leaf: chain[0]))
            let host = try hostFromOpenSSL(#require(certificatePEMBlocks(in: Corpus.data(row)).first))
            // What a server sends: leaf and intermediates, not the root.
            let evaluation = TrustEvaluator(store: store).evaluate(Array(chain.dropLast()), host: host, at: time)
            let expected: [ReasonCode] = Corpus.chainsWithLogsNewerThanSnapshot.contains(number) ? [.ctLogListOutdated] : []
            #expect(evaluation.reasons.map(\.code) == expected, "\(row.file): \(evaluation.reasons.map(\.message))")
            #expect(evaluation.path.chain.last == root, "\(row.file)")
            checked.append(number)
        }
        // ISRG-, DigiCert-, GTS-, Amazon- and GlobalSign-rooted chains are all in the corpus;
        // a Mozilla-derived bundle holds at least some of these roots.
        #expect(!checked.isEmpty, "no limbo root found in the system bundle")
    }
}
