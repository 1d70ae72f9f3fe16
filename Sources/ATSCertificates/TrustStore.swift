import AtscheckSystem
import CATSOpenSSL
import CATSOpenSSLShims
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The roots a chain may end at, each marked with where it came from. The origin matters:
/// trustd applies the strict EKU, 398-day and Certificate Transparency rules to chains
/// anchored at roots preinstalled in the OS (`.system`), skips the strict EKU check and some
/// exemptions for user- or MDM-installed roots (`.user`), and has a third rule set for
/// anchors an app supplies itself (`.app`; docs/ats-rules.md#trust-rules).
public struct TrustStore: Sendable {
    /// Where a trust anchor came from.
    public enum Origin: String, Sendable, Codable {
        /// Preinstalled (public) roots: the system bundle or `--system-roots`.
        case system
        /// User- or administrator-installed roots: `--ca-file`.
        case user
        /// Anchors the app sets on its own trust evaluation (`SecTrustSetAnchorCertificates`):
        /// `--app-anchor`.
        case app

        /// How reports name the kind: "a system (preinstalled) root", ...
        public var label: String {
            switch self {
            case .system: return "a system (preinstalled) root"
            case .user: return "a user-installed root"
            case .app: return "an app-supplied anchor"
            }
        }
    }

    /// One trusted root.
    public struct Anchor: Sendable, Hashable {
        /// The root certificate.
        public let certificate: Certificate
        /// Where it came from.
        public let origin: Origin
    }

    /// Every anchor; a certificate present in several sets counts as `.system`, then `.user`.
    /// Preinstalled roots held as a ``LazyRootSet`` are decoded here, on first use: verification
    /// and ``origin(of:)`` never need this list.
    public var anchors: [Anchor] {
        (lazySystem?.certificates.map { Anchor(certificate: $0, origin: .system) } ?? []) + listedAnchors
    }
    /// The anchors given as certificates (all of them, unless the system roots are lazy).
    private let listedAnchors: [Anchor]
    /// The preinstalled roots when they stay undecoded until needed (Apple's snapshot).
    private let lazySystem: LazyRootSet?
    let native: NativeStore
    /// What the preinstalled anchors are, for reports ("Apple security_certificates-55349.0.11 (…)",
    /// "/etc/ssl/certs/ca-certificates.crt"); nil when not said.
    public private(set) var systemName: String? = nil
    /// Roots outside the store that explain an untrusted chain (nil: none kept).
    public private(set) var outside: OutsideRoots? = nil
    /// The CT log list SCTs are judged against (nil: Apple's newest snapshot).
    public private(set) var transparency: SCTVerifier? = nil
    /// `--strict-ct`: judge CT by the list alone, so SCTs from logs newer than the list give
    /// `ct-required` rather than `ct-log-list-outdated`.
    public private(set) var strictTransparency = false
    /// The Public Suffix List that decides which wildcard names are too broad (the snapshot
    /// compiled into atscheck unless a list is given), so that verdicts do not depend on the
    /// machine's installed list.
    public private(set) var publicSuffixes: PublicSuffixSource = .snapshot

    /// This store with its report name, the roots that explain untrusted chains, the CT log
    /// list, the CT strictness and the Public Suffix List set: a store is a value, set up once (``TrustEnvironment``
    /// in ATSCheck does it for a target release) and never changed afterwards.
    public func configured(systemName: String? = nil, outside: OutsideRoots? = nil, transparency: SCTVerifier? = nil,
                           strictTransparency: Bool = false, publicSuffixes: PublicSuffixSource = .snapshot) -> TrustStore {
        var copy = self
        copy.publicSuffixes = publicSuffixes
        copy.systemName = systemName
        copy.outside = outside
        copy.transparency = transparency
        copy.strictTransparency = strictTransparency
        return copy
    }

    /// A store from explicit system (public), user-installed and app-supplied anchors.
    public init(system: [Certificate] = [], user: [Certificate] = [], app: [Certificate] = []) {
        listedAnchors = Self.deduplicated([(.system, system), (.user, user), (.app, app)])
        lazySystem = nil
        native = NativeStore(listedAnchors.map(\.certificate))
    }

    /// A store whose preinstalled roots stay undecoded until a chain names one; user-installed
    /// and app-supplied anchors that are also preinstalled count as preinstalled.
    public init(lazySystem: LazyRootSet, user: [Certificate] = [], app: [Certificate] = []) {
        listedAnchors = Self.deduplicated([(.user, user.filter { !lazySystem.contains($0) }),
                                           (.app, app.filter { !lazySystem.contains($0) })])
        self.lazySystem = lazySystem
        // A subject already in the store hides the lazy roots of that subject from OpenSSL's
        // lookups, so those are decoded now.
        let sameSubject = listedAnchors.flatMap { lazySystem.roots(withSubjectOf: $0.certificate) }
        native = NativeStore(sameSubject + listedAnchors.map(\.certificate), lazy: lazySystem)
    }

    private static func deduplicated(_ sets: [(Origin, [Certificate])]) -> [Anchor] {
        var seen = Set<Certificate>()
        var anchors: [Anchor] = []
        for (origin, certificates) in sets {
            for certificate in certificates where seen.insert(certificate).inserted {
                anchors.append(Anchor(certificate: certificate, origin: origin))
            }
        }
        return anchors
    }

    /// How many anchors of an origin (without decoding lazy roots).
    public func count(of origin: Origin) -> Int {
        listedAnchors.filter { $0.origin == origin }.count + (origin == .system ? lazySystem?.count ?? 0 : 0)
    }

    /// The origin of `certificate` if it is one of the anchors.
    public func origin(of certificate: Certificate) -> Origin? {
        if lazySystem?.contains(certificate) == true { return .system }
        return listedAnchors.first { $0.certificate == certificate }?.origin
    }

    /// The anchors whose subject is `certificate`'s issuer, preinstalled first.
    func anchors(issuing certificate: Certificate) -> [Certificate] {
        (lazySystem?.roots(issuing: certificate) ?? [])
            + listedAnchors.map(\.certificate).filter { $0.subject == certificate.issuer }
    }

    /// Places where Linux distributions and macOS keep the system CA bundle, in search order.
    public static let systemBundleCandidates = [
        "/etc/ssl/certs/ca-certificates.crt",  // Debian, Ubuntu, Alpine
        "/etc/pki/tls/certs/ca-bundle.crt",    // Fedora, RHEL
        "/etc/ssl/ca-bundle.pem",              // openSUSE
        "/etc/ssl/cert.pem",                   // macOS, BSDs
    ]

    /// The path of the first system bundle that exists, or nil.
    public static func defaultSystemBundlePath() -> String? {
        systemBundleCandidates.first { FileManager.default.isReadableFile(atPath: $0) }
    }
}

/// An `X509_STORE` holding the anchors, built once per `TrustStore` and shared: OpenSSL allows
/// concurrent verifications against one store, and the lazy roots' lookup adds certificates
/// under the store's own lock, as OpenSSL's hashed-directory lookup does.
final class NativeStore: @unchecked Sendable {
    let pointer: OpaquePointer
    /// The anchors by their X509 object (the one the store holds).
    private let byObject: [OpaquePointer: Certificate]

    /// A store of `certificates`, plus `lazy`'s roots found by subject when a chain needs them
    /// (or all added now, if OpenSSL refused the lookup).
    init(_ certificates: [Certificate], lazy: LazyRootSet? = nil) {
        pointer = X509_STORE_new()
        var certificates = certificates
        if let lazy, !lazy.installLookup(in: pointer) { certificates = lazy.certificates + certificates }
        for certificate in certificates {
            // X509_STORE_add_cert takes its own reference to the certificate's decoded X509.
            _ = X509_STORE_add_cert(pointer, certificate.decoded.pointer)
        }
        byObject = Dictionary(certificates.map { ($0.decoded.pointer, $0) }, uniquingKeysWith: { first, _ in first })
        ERR_clear_error()
    }

    /// How many certificates the `X509_STORE` holds now (lazy roots count once loaded).
    var objectCount: Int { Int(ats_store_object_count(pointer)) }

    /// The anchor whose X509 object this is, if any.
    func anchor(_ object: OpaquePointer) -> Certificate? { byObject[object] }

    deinit {
        X509_STORE_free(pointer)
    }
}
