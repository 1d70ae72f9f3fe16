import ATSVocabulary
import AtscheckTestSupport
import Foundation
import Testing
@testable import ATSCertificates
@testable import ATSTrustData

/// Apple's trust snapshots (Sources/ATSTrustData/Snapshots, written by snapshot.sh from
/// apple-oss-distributions/security_certificates): what they hold, that they are the files the
/// index records, and real chains judged against Apple's roots instead of their own.
@Suite("Apple's trust snapshots")
struct AppleTrustSnapshotTests {
    /// The index snapshot.sh writes: tag, date, file, SHA-256, written/read.
    static func index() throws -> [(tag: String, file: String, sha256: String)] {
        let url = RepositoryLayout.packageRoot.appendingPathComponent("Sources/ATSTrustData/Snapshots/SNAPSHOTS.tsv")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t").map(String.init)
            guard fields.count == 5, fields[4] == "written" else { return nil }
            return (fields[0], fields[2], fields[3])
        }
    }

    @Test("every snapshot loads: roots parse, removed roots and the log list read, SHA-256 as the index records")
    func snapshotsLoad() throws {
        let index = try Self.index()
        #expect(index.count == AppleTrustSnapshot.all.count * 4)
        for snapshot in AppleTrustSnapshot.all {
            let roots = try CertificateLoader.parse(try snapshot.rootsPEM())
            #expect(roots.count > 150, "\(snapshot.tag)")
            let allCA = roots.allSatisfy { $0.isCA }
            #expect(allCA, "\(snapshot.tag)")
            let removed = try snapshot.removedRoots()
            #expect(removed.count > 250)
            let logList = try snapshot.logListJSON()
            #expect(logList.count > 50_000)
            for (name, data) in [("roots.pem", try snapshot.rootsPEM()), ("roots.index.tsv", try snapshot.rootsIndex()),
                                 ("log_list.json", try snapshot.logListJSON())] {
                let recorded = index.first { $0.tag == snapshot.tag && $0.file == "\(snapshot.tag)/\(name)" }?.sha256
                #expect(Digest.colonHex(Digest.sha256([UInt8](data))).replacingOccurrences(of: ":", with: "").lowercased() == recorded, "\(snapshot.tag)/\(name)")
            }
        }
    }

    @Test("a file a snapshot does not have is a thrown error naming it, not a crash")
    func missingFile() {
        #expect { try AppleTrustSnapshot.latest.file("nothing.pem") } throws: { error in
            (error as? AppleTrustDataError)?.description.contains("nothing.pem") == true
        }
    }

    @Test("targets pick their snapshot: iOS 17 (and older) the 17.6 one, 18 the 18.6 one, 26 the newest")
    func snapshotByTarget() {
        #expect(AppleTrustSnapshot.forIOSVersion(1000).tag == "security_certificates-55297.140.2")
        #expect(AppleTrustSnapshot.forIOSVersion(1706).tag == "security_certificates-55297.140.2")
        #expect(AppleTrustSnapshot.forIOSVersion(1804).tag == "security_certificates-55313.140.2")
        #expect(AppleTrustSnapshot.forIOSVersion(2604) == AppleTrustSnapshot.latest)
    }

    @Test("a root Apple removed is listed as removed and is not preinstalled (Baltimore CyberTrust Root, 2025)")
    func removedRoot() throws {
        let baltimore = "16af57a9f676b0ab126095aa5ebadef22ab31119d644ac95cd4b93dbf3f26aeb"
        let latest = AppleTrustSnapshot.latest
        let removed = try latest.removedRoots()
        #expect(removed[baltimore]?.subject.contains("Baltimore CyberTrust Root") == true)
        let roots = try CertificateLoader.parse(try latest.rootsPEM())
        #expect(!roots.contains { OutsideRoots.key($0) == baltimore })
        // Still shipped in the iOS 18 snapshot.
        let older = try CertificateLoader.parse(try AppleTrustSnapshot.forIOSVersion(1800).rootsPEM())
        #expect(older.contains { OutsideRoots.key($0) == baltimore })
    }

    /// Live chains captured by x509-limbo whose roots Apple ships.
    static let limboChains = ["001", "002", "003", "004", "005", "006", "007", "008", "009", "010", "011", "012"]

    @Test("the corpus's live chains, judged against Apple's roots at their validation time", arguments: limboChains)
    func limboChainsUnderApple(_ number: String) throws {
        let row = try Corpus.row(number)
        let chain = try Corpus.load(number)
        let time = try #require(Corpus.judgingTime(row, leaf: chain[0]))
        let host = try hostFromOpenSSL(#require(certificatePEMBlocks(in: Corpus.data(row)).first))
        let roots = try CertificateLoader.parse(try AppleTrustSnapshot.latest.rootsPEM())
        let evaluation = TrustEvaluator(store: TrustStore(system: roots)).evaluate(Array(chain.dropLast()), host: host, at: time)
        let expected: [ReasonCode] = Corpus.chainsWithLogsNewerThanSnapshot.contains(number) ? [.ctLogListOutdated] : []
        #expect(evaluation.reasons.map(\.code) == expected, "\(number): \(evaluation.reasons.map { "\($0.code.rawValue): \($0.message)" })")
        #expect(evaluation.path.anchorOrigin == .system, "\(number) should chain to a root Apple ships")
    }

    @Test("an untrusted chain that reaches a root outside Apple's store says so, and names when Apple removed it")
    func outsideRootExplained() throws {
        let root = try Fixtures.root()
        let apple = try CertificateLoader.parse(try AppleTrustSnapshot.latest.rootsPEM())
        let store = TrustStore(system: apple).configured(
            systemName: "Apple \(AppleTrustSnapshot.latest)",
            outside: OutsideRoots(name: "a test bundle", certificates: [root], removed: [OutsideRoots.key(root): "security_certificates-55349.0.11"]))
        let evaluation = TrustEvaluator(store: store).evaluate(try Fixtures.load("leaf-good-rsa.pem"), host: "good.atscheck.test", at: Fixtures.testCertsTime)
        let reason = try #require(evaluation.reasons.first { $0.code == .certUntrusted })
        #expect(reason.message.contains("it chains to CN=atscheck Test Root CA,O=atscheck tests in a test bundle, which Apple's store (Apple security_certificates-55349.0.11"), "\(reason.message)")
        #expect(reason.message.contains("Apple removed that root in security_certificates-55349.0.11"))
        // Without the outside roots the message is the plain one.
        let plain = TrustEvaluator(store: TrustStore(system: apple)).evaluate(try Fixtures.load("leaf-good-rsa.pem"), host: "good.atscheck.test", at: Fixtures.testCertsTime)
        #expect(plain.reasons.first { $0.code == .certUntrusted }?.message.contains("chains to") == false)
    }
}

/// Two real roots from Debian's CA bundle (Tests/Corpus/certs 061, 062): one Apple never
/// shipped, one Apple shipped through iOS 18.6 and then removed.
@Suite("Debian roots against Apple's snapshots")
struct DebianRootTests {
    static func store(_ snapshot: AppleTrustSnapshot, outside: [Certificate] = []) throws -> TrustStore {
        TrustStore(system: try CertificateLoader.parse(try snapshot.rootsPEM())).configured(
            systemName: "Apple \(snapshot)",
            outside: OutsideRoots(name: "Debian's CA bundle", certificates: outside,
                                  removed: try snapshot.removedRoots().mapValues(\.removedIn)))
    }

    static let time = instant("2026-06-01T00:00:00Z")

    @Test("061, D-TRUST BR Root CA 1 2020: in no snapshot; a chain to it is untrusted, saying Apple does not ship it")
    func debianOnlyRoot() throws {
        let root = try Corpus.load("061")[0]
        for snapshot in AppleTrustSnapshot.all {
            let store = try Self.store(snapshot, outside: [root])
            #expect(store.origin(of: root) == nil, "\(snapshot.tag)")
            let evaluation = TrustEvaluator(store: store).evaluate([root], host: nil, at: Self.time)
            let reason = try #require(evaluation.reasons.first { $0.code == .certUntrusted })
            #expect(reason.message.contains("in Debian's CA bundle, which Apple's store (Apple \(snapshot.tag)"), "\(reason.message)")
            #expect(!reason.message.contains("removed"))
        }
    }

    @Test("062, SecureTrust Secure Global CA: preinstalled for iOS 17 and 18, removed in security_certificates-55349.0.11 (iOS 26)")
    func removedRoot() throws {
        let root = try Corpus.load("062")[0]
        for snapshot in AppleTrustSnapshot.all.dropLast() {
            let evaluation = TrustEvaluator(store: try Self.store(snapshot)).evaluate([root], host: nil, at: Self.time)
            #expect(evaluation.path.anchorOrigin == .system, "\(snapshot.tag)")
            #expect(!evaluation.reasons.contains { $0.code == .certUntrusted }, "\(snapshot.tag)")
        }
        let latest = try Self.store(.latest, outside: [root])
        #expect(latest.origin(of: root) == nil)
        let evaluation = TrustEvaluator(store: latest).evaluate([root], host: nil, at: Self.time)
        let reason = try #require(evaluation.reasons.first { $0.code == .certUntrusted })
        #expect(reason.message.contains("Apple removed that root in security_certificates-55349.0.11"), "\(reason.message)")
        // Without Debian's copy at hand, the removed list alone still names it.
        let alone = TrustEvaluator(store: try Self.store(.latest)).evaluate([root], host: nil, at: Self.time)
        #expect(alone.reasons.first { $0.code == .certUntrusted }?.message
            .contains("a root Apple removed in security_certificates-55349.0.11") == true)
    }
}
