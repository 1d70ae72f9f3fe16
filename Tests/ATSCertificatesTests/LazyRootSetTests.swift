import ATSTrustData
import Foundation
import Testing
@testable import ATSCertificates

/// Apple's roots kept as DER until a chain names one (LazyRootSet, lazy_roots.c): the index
/// agrees with the bundle, and a store built that way judges exactly as one that decoded every
/// root, while decoding only what the chain needed.
@Suite("Lazily decoded preinstalled roots")
struct LazyRootSetTests {
    static func lazy(_ snapshot: AppleTrustSnapshot = .latest) throws -> LazyRootSet {
        try LazyRootSet.apple(snapshot)
    }

    @Test("every snapshot's index names each root of its bundle, in order, by SHA-256 and subject hash")
    func indexMatchesBundle() throws {
        for snapshot in AppleTrustSnapshot.all {
            let roots = try CertificateLoader.parse(try snapshot.rootsPEM())
            let rows = String(decoding: try snapshot.rootsIndex(), as: UTF8.self).split(separator: "\n").dropFirst()
            #expect(rows.count == roots.count, "\(snapshot.tag)")
            for (root, row) in zip(roots, rows) {
                let fields = row.split(separator: "\t").map(String.init)
                #expect(fields.first == OutsideRoots.key(root), "\(snapshot.tag): \(root.subject.rfc4514)")
                #expect(UInt(fields.last ?? "", radix: 16) == LazyRootSet.subjectHash(of: root), "\(snapshot.tag): \(root.subject.rfc4514)")
            }
            let set = try Self.lazy(snapshot)
            #expect(set.count == roots.count)
            #expect(roots.allSatisfy(set.contains), "\(snapshot.tag)")
            #expect(set.certificates == roots, "\(snapshot.tag)")
        }
    }

    @Test("the corpus's live chains: the lazy store's evaluation equals the eager one's, and loads only the roots the chain names",
          arguments: AppleTrustSnapshotTests.limboChains)
    func sameEvaluation(_ number: String) throws {
        let row = try Corpus.row(number)
        let chain = try Corpus.load(number)
        let time = try #require(Corpus.judgingTime(row, leaf: chain[0]))
        let host = try hostFromOpenSSL(#require(certificatePEMBlocks(in: Corpus.data(row)).first))
        let presented = Array(chain.dropLast())
        let eagerStore = TrustStore(system: try CertificateLoader.parse(try AppleTrustSnapshot.latest.rootsPEM()))
        let set = try Self.lazy()
        let lazyStore = TrustStore(lazySystem: set)
        #expect(lazyStore.native.objectCount == 0)

        let eager = TrustEvaluator(store: eagerStore).evaluate(presented, host: host, at: time)
        let lazy = TrustEvaluator(store: lazyStore).evaluate(presented, host: host, at: time)
        #expect(lazy.reasons.map(\.code) == eager.reasons.map(\.code), "\(number)")
        #expect(lazy.reasons.map(\.message) == eager.reasons.map(\.message), "\(number)")
        #expect(lazy.path.chain == eager.path.chain, "\(number)")
        #expect(lazy.path.anchorOrigin == .system, "\(number)")
        #expect(lazy.path.failures == eager.path.failures, "\(number)")
        // The eager store holds every root; the lazy one only those with the subjects asked for.
        #expect(eagerStore.native.objectCount == set.count)
        #expect((1...3).contains(lazyStore.native.objectCount), "\(number): \(lazyStore.native.objectCount) roots loaded")
    }

    @Test("a user-installed root that Apple ships counts as preinstalled, once; counts need no decoding")
    func userCopyOfPreinstalledRoot() throws {
        let set = try Self.lazy()
        let shipped = try #require(set.certificates.first)
        let store = TrustStore(lazySystem: try Self.lazy(), user: [shipped, try Fixtures.root()])
        #expect(store.origin(of: shipped) == .system)
        #expect(store.origin(of: try Fixtures.root()) == .user)
        #expect(store.count(of: .system) == set.count)
        #expect(store.count(of: .user) == 1)
        #expect(store.anchors.count == set.count + 1)
        #expect(store.anchors.filter { $0.origin == .system }.count == set.count)
    }

    /// Two roots with one subject (hash a3418fda): Apple ships the first in every snapshot, the
    /// second only in security_certificates-55297.140.2.
    static let sameSubject = ("349dfa4058c5e263123b398ae795573c4e1313c83fe68f93556cd5e8031b3c7d",
                              "71cca5391f9e794b04802530b363e121da8a3043bb26662fea4dca7fc951a4bd")

    @Test("roots that share a subject are all found: both from the set, and Apple's beside a user root of that subject")
    func rootsSharingASubject() throws {
        let oldest = try Self.lazy(AppleTrustSnapshot.all[0])
        let both = oldest.certificates.filter { [Self.sameSubject.0, Self.sameSubject.1].contains(OutsideRoots.key($0)) }
        try #require(both.count == 2)
        #expect(both[0].subject == both[1].subject)
        let time = DebianRootTests.time
        for root in both {
            let evaluation = TrustEvaluator(store: TrustStore(lazySystem: try Self.lazy(AppleTrustSnapshot.all[0]))).evaluate([root], host: nil, at: time)
            #expect(evaluation.path.anchorOrigin == .system, "\(root.subject.rfc4514)")
        }
        // The newest snapshot has only the first; a user root with the same subject is already in
        // the store when a chain asks for that subject, which hides the lookup, so Apple's copy
        // must be loaded with it.
        let latest = try Self.lazy()
        let shipped = try #require(both.first { latest.contains($0) })
        let userOnly = try #require(both.first { !latest.contains($0) })
        let store = TrustStore(lazySystem: latest, user: [userOnly])
        let evaluation = TrustEvaluator(store: store).evaluate([shipped], host: nil, at: time)
        #expect(evaluation.path.anchorOrigin == .system)
        #expect(!evaluation.reasons.contains { $0.code == .certUntrusted })
        #expect(TrustEvaluator(store: store).evaluate([userOnly], host: nil, at: time).path.anchorOrigin == .user)
    }

    @Test("a root presented alone is found among the lazy roots (062, preinstalled until iOS 18)")
    func presentedRoot() throws {
        let root = try Corpus.load("062")[0]
        let older = try Self.lazy(.forIOSVersion(1800))
        #expect(older.contains(root))
        let evaluation = TrustEvaluator(store: TrustStore(lazySystem: older)).evaluate([root], host: nil, at: DebianRootTests.time)
        #expect(evaluation.path.anchorOrigin == .system)
        #expect(!evaluation.reasons.contains { $0.code == .certUntrusted })
        let latest = TrustStore(lazySystem: try Self.lazy())
        #expect(TrustEvaluator(store: latest).evaluate([root], host: nil, at: DebianRootTests.time).reasons.contains { $0.code == .certUntrusted })
    }

    @Test("an index that does not describe the bundle is refused with its reason")
    func mismatchedIndex() throws {
        let pem = try AppleTrustSnapshot.latest.rootsPEM()
        let index = try AppleTrustSnapshot.latest.rootsIndex()
        let short = Data(String(decoding: index, as: UTF8.self).split(separator: "\n").dropLast().joined(separator: "\n").utf8)
        #expect(throws: CertificateLoadError.self) { try LazyRootSet(pem: pem, index: short) }
        let garbled = Data(String(decoding: index, as: UTF8.self).replacingOccurrences(of: "\t", with: " ").utf8)
        #expect(throws: CertificateLoadError.self) { try LazyRootSet(pem: pem, index: garbled) }
        #expect(throws: CertificateLoadError.self) { try LazyRootSet(pem: Data("not pem".utf8), index: index) }
    }

    @Test("concurrent evaluations against one lazy store agree (the lookup adds roots while others read)")
    func concurrentEvaluations() async throws {
        let store = TrustStore(lazySystem: try Self.lazy())
        var cases: [([Certificate], String?, Date)] = []
        for number in AppleTrustSnapshotTests.limboChains {
            let row = try Corpus.row(number)
            let chain = try Corpus.load(number)
            let host = try hostFromOpenSSL(#require(certificatePEMBlocks(in: Corpus.data(row)).first))
            cases.append((Array(chain.dropLast()), host, try #require(Corpus.judgingTime(row, leaf: chain[0]))))
        }
        let jobs = cases
        let origins = await withTaskGroup(of: TrustStore.Origin?.self) { group in
            for _ in 0..<4 {
                for (presented, host, time) in jobs {
                    group.addTask { TrustEvaluator(store: store).evaluate(presented, host: host, at: time).path.anchorOrigin }
                }
            }
            var all: [TrustStore.Origin?] = []
            for await origin in group { all.append(origin) }
            return all
        }
        #expect(origins.count == jobs.count * 4)
        #expect(origins.allSatisfy { $0 == .system })
    }
}
