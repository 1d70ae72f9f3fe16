import ATSTrustData
import CATSOpenSSL
import CATSOpenSSLShims
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// Preinstalled roots kept as PEM text until something needs them decoded. OpenSSL 3 decodes a
/// certificate's public key through its provider machinery, 0.15–0.3 ms a root here, so a store
/// that decoded all of Apple's ~150 roots up front spent most of a `host` run doing it to use
/// one or two (and base64-decoding the whole bundle first cost ~2 ms more). The verification
/// store finds roots by subject hash (`lazy_roots.c`, like OpenSSL's hashed directories);
/// membership is answered from the index without decoding.
///
/// The index is a TSV written with the bundle (`ATSTrustData/snapshot.sh`): a header, then one
/// row per certificate block in bundle order, its DER's SHA-256 and its subject hash
/// (`openssl x509 -subject_hash`).
public final class LazyRootSet: @unchecked Sendable {
    private let pem: [UInt8]
    /// Each root's PEM block: from its BEGIN line to the next one (or the end).
    private let blocks: [Range<Int>]
    private let subjectHashes: [UInt]
    private let positionBySHA256: [String: Int]
    private let lock = Lock()
    // Guarded by lock.
    private var decoded: [Int: Certificate] = [:]

    /// The roots of `pem`, a bundle of CERTIFICATE blocks, with their `index`; throws when the
    /// two do not describe the same number of certificates. That they are the same certificates
    /// in the same order is checked when one is decoded (and by LazyRootSetTests for the
    /// bundles shipped).
    public init(pem: Data, index: Data) throws(CertificateLoadError) {
        let text = [UInt8](pem)
        let blocks = Self.certificateBlocks(text)
        guard !blocks.isEmpty else { throw .noCertificateInPEM(foundLabels: []) }
        let rows = [UInt8](index).split(separator: UInt8(ascii: "\n")).dropFirst()
        guard rows.count == blocks.count else {
            throw .unreadable("the roots index has \(rows.count) rows for \(blocks.count) certificates")
        }
        var hashes: [UInt] = []
        var positions: [String: Int] = [:]
        for (position, row) in rows.enumerated() {
            let fields = row.split(separator: UInt8(ascii: "\t"))
            guard fields.count == 2, fields[0].count == 64,
                  let hash = UInt(String(decoding: fields[1], as: UTF8.self), radix: 16) else {
                throw .unreadable("the roots index's row \(position + 2) is not SHA-256<TAB>subject hash")
            }
            hashes.append(hash)
            positions[String(decoding: fields[0], as: UTF8.self).lowercased()] = position
        }
        self.pem = text
        self.blocks = blocks
        self.subjectHashes = hashes
        self.positionBySHA256 = positions
    }

    /// Where each "-----BEGIN CERTIFICATE-----" line starts, as ranges up to the next one. Only
    /// a split: OpenSSL's PEM reader decodes each range when it is needed.
    private static func certificateBlocks(_ text: [UInt8]) -> [Range<Int>] {
        let marker = Array("-----BEGIN CERTIFICATE-----".utf8)
        var starts: [Int] = []
        var index = 0
        while index + marker.count <= text.count {
            if text[index] == marker[0] && text[index..<(index + marker.count)].elementsEqual(marker) {
                starts.append(index)
                index += marker.count
            } else {
                index += 1
            }
        }
        return starts.indices.map { starts[$0]..<(($0 + 1 < starts.count) ? starts[$0 + 1] : text.count) }
    }

    /// The preinstalled roots of one of Apple's snapshots (the newest by default):
    /// `TrustStore(lazySystem: try .apple())`.
    public static func apple(_ snapshot: AppleTrustSnapshot = .latest) throws -> LazyRootSet {
        try LazyRootSet(pem: try snapshot.rootsPEM(), index: try snapshot.rootsIndex())
    }

    /// How many roots.
    public var count: Int { blocks.count }

    /// Whether `certificate` is one of the roots (by the SHA-256 of its DER).
    public func contains(_ certificate: Certificate) -> Bool {
        positionBySHA256[OutsideRoots.key(certificate)] != nil
    }

    /// Every root, decoded (once) in bundle order: for listings, not for verification.
    public var certificates: [Certificate] {
        blocks.indices.compactMap(certificate(at:))
    }

    /// The roots whose subject is `certificate`'s issuer, decoded (once).
    func roots(issuing certificate: Certificate) -> [Certificate] {
        roots(subjectHash: UInt(ats_x509_name_hash(X509_get_issuer_name(certificate.decoded.pointer))))
            .filter { $0.subject == certificate.issuer }
    }

    /// The roots with `certificate`'s subject, decoded (once).
    func roots(withSubjectOf certificate: Certificate) -> [Certificate] {
        roots(subjectHash: Self.subjectHash(of: certificate))
            .filter { $0.subject == certificate.subject }
    }

    private func roots(subjectHash hash: UInt) -> [Certificate] {
        subjectHashes.indices.filter { subjectHashes[$0] == hash }.compactMap(certificate(at:))
    }

    /// Adds the verification lookup to an `X509_STORE`; false if OpenSSL refused it.
    func installLookup(in store: OpaquePointer) -> Bool {
        ats_store_add_lazy_roots(store, pem, Int32(pem.count), blocks.map { Int32($0.lowerBound) },
                                 blocks.map { Int32($0.count) }, subjectHashes, Int32(blocks.count)) == 1
    }

    /// Root `position`, decoded once; nil if its block is not the certificate the index names.
    private func certificate(at position: Int) -> Certificate? {
        lock.lock()
        defer { lock.unlock() }
        if let known = decoded[position] { return known }
        guard let certificate = try? CertificateLoader.parse(Data(pem[blocks[position]])).first,
              positionBySHA256[OutsideRoots.key(certificate)] == position else { return nil }
        decoded[position] = certificate
        return certificate
    }

    /// The subject hash the index records for a certificate (`openssl x509 -subject_hash`).
    static func subjectHash(of certificate: Certificate) -> UInt {
        UInt(ats_x509_name_hash(X509_get_subject_name(certificate.decoded.pointer)))
    }
}
