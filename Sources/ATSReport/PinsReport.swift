import ATSVocabulary
import ATSCertificates
import ATSJSON
import ATSPinning
import ATSPinningOpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `atscheck pins --format json` document: one pin per certificate of the chain, plus the
/// anchor the validator chose (docs/json-schema.md, "atscheck pins").
public struct PinsReport: Codable, Sendable, Equatable {
    /// Where the chain came from: a file, or a server's handshake.
    public struct Source: Codable, Sendable, Equatable {
        /// A file read from disk, or the chain a server sent.
        public enum Kind: String, Codable, Sendable {
            /// `file`: read from disk; `server`: sent by a server in its handshake.
            case file, server
        }
        /// `file` or `server`.
        public var kind: Kind
        /// The file's path; null for a server.
        @EncodesNil public var file: String?
        /// The server's port; null for a file.
        @EncodesNil public var port: Int?

        /// A chain read from the file at `path`.
        public static func file(_ path: String) -> Source { Source(kind: .file, file: path, port: nil) }
        /// A chain a server sent on `port`.
        public static func server(port: UInt16) -> Source { Source(kind: .server, file: nil, port: Int(port)) }
    }

    /// The certificate's place in the chain.
    public enum Role: String, Codable, Sendable {
        /// `leaf` (first), `intermediate`, or `root` (the anchor, or any self-signed certificate).
        case leaf, intermediate, root
    }

    /// One certificate and its pin.
    public struct Entry: Codable, Sendable, Equatable {
        /// Position in the served/file chain; nil for an anchor that was not in it.
        @EncodesNil public var index: Int?
        /// `leaf`, `intermediate` or `root`.
        public var role: Role
        /// The trust-store origin when this certificate is the anchor.
        @EncodesNil public var origin: TrustStore.Origin?
        /// The certificate's distinguished name, RFC 4514.
        public var subject: String
        /// End of the certificate's validity period.
        public var notAfter: Date
        /// The pin: base64 SHA-256 of the SubjectPublicKeyInfo.
        public var spkiSHA256: String
        /// The pin in OkHttp's `CertificatePinner` form (`sha256/<base64>`).
        public var okHttp: String
        /// The pin in HPKP's `Public-Key-Pins` header form (`pin-sha256="<base64>"`).
        public var hpkp: String

        init(index: Int?, role: Role, certificate: Certificate, origin: TrustStore.Origin?) throws {
            let pin = try Pin(certificate: certificate)
            self.index = index
            self.role = role
            self.origin = origin
            subject = certificate.subject.rfc4514
            notAfter = certificate.notAfter
            spkiSHA256 = pin.base64
            okHttp = pin.okHttpForm
            hpkp = pin.hpkpForm
        }
    }

    /// Encoded as `schemaVersion`: the document's schema version (``SchemaVersion/current``).
    public var schemaVersion = SchemaVersion.current
    /// Where the chain came from.
    public var source: Source
    /// The host to pin: the target's host, or for a file the leaf's first DNS SAN (else IP SAN,
    /// else common name); nil when the leaf names none.
    @EncodesNil public var host: String?
    /// The instant the chain was validated at: `--at`, or the current time.
    public var evaluatedAt: Date
    /// Every certificate sent or read, leaf first, then any fetched to complete the chain.
    public var certificates: [Entry]
    /// The anchor the validator chose (also when it is one of `certificates`), or nil.
    @EncodesNil public var anchor: Entry?
    /// True when the path validated without any error at `evaluatedAt`.
    public var trusted: Bool
    /// OpenSSL's path errors, one line each.
    public var problems: [String]
    /// caIssuers URLs the chain was completed from (the server sent it incomplete; iOS fetches
    /// the missing intermediate the same way), in fetch order; empty when nothing was fetched.
    public var fetchedFrom: [String] = []

    /// The pins of `chain` (non-empty) read from `source`; `host` is the server's name (nil for a file).
    public init(chain: [Certificate], validation: PathValidation, source: Source, host: String?, time: Date) throws {
        self.source = source
        evaluatedAt = time
        let leaf = chain[0]
        self.host = host ?? leaf.subjectAlternativeNames.dns.first ?? leaf.subjectAlternativeNames.ip.first ?? leaf.subject.commonName
        let anchorCertificate = validation.anchorOrigin == nil ? nil : validation.chain.last
        let anchorIndex = anchorCertificate.flatMap { anchor in
            chain.firstIndex { $0.der == anchor.der || ($0.spkiSHA256 == anchor.spkiSHA256 && $0.subject == anchor.subject) }
        }
        certificates = try chain.enumerated().map { index, certificate in
            let role: Role = index == 0 ? .leaf : (index == anchorIndex || certificate.isSelfSigned ? .root : .intermediate)
            return try Entry(index: index, role: role, certificate: certificate, origin: index == anchorIndex ? validation.anchorOrigin : nil)
        }
        anchor = try anchorCertificate.map { try Entry(index: anchorIndex, role: .root, certificate: $0, origin: validation.anchorOrigin) }
        trusted = validation.isTrusted
        problems = validation.failures.map { "\($0.description) (certificate #\($0.depth))" }
    }

    /// The anchor when it was not sent / not in the file.
    public var extraAnchor: Entry? { anchor.flatMap { $0.index == nil ? $0 : nil } }

    /// The CA pins to pin on: every non-leaf certificate of the chain, then the anchor, each key once.
    public var caEntries: [Entry] {
        var seen = Set<String>()
        return (certificates.dropFirst() + (extraAnchor.map { [$0] } ?? [])).filter { seen.insert($0.spkiSHA256).inserted }
    }
}
