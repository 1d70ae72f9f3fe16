import CATSOpenSSL
import Foundation

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
    public let anchors: [Anchor]
    let native: NativeStore
    /// What the preinstalled anchors are, for reports ("Apple security_certificates-55349.0.11 (…)",
    /// "/etc/ssl/certs/ca-certificates.crt"); nil when not said.
    public var systemName: String? = nil
    /// Roots outside the store that explain an untrusted chain (nil: none kept).
    public var outside: OutsideRoots? = nil
    /// The CT log list SCTs are judged against (nil: Apple's newest snapshot).
    public var transparency: SCTVerifier? = nil

    /// A store from explicit system (public), user-installed and app-supplied anchors.
    public init(system: [Certificate] = [], user: [Certificate] = [], app: [Certificate] = []) {
        var seen = Set<Certificate>()
        var anchors: [Anchor] = []
        for (origin, certificates) in [(Origin.system, system), (.user, user), (.app, app)] {
            for certificate in certificates where seen.insert(certificate).inserted {
                anchors.append(Anchor(certificate: certificate, origin: origin))
            }
        }
        self.anchors = anchors
        self.native = NativeStore(anchors.map(\.certificate))
    }

    /// The origin of `certificate` if it is one of the anchors.
    public func origin(of certificate: Certificate) -> Origin? {
        anchors.first { $0.certificate == certificate }?.origin
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

/// An `X509_STORE` holding the anchors, built once per `TrustStore` and shared read-only:
/// OpenSSL allows concurrent verifications against one store once it is populated.
final class NativeStore: @unchecked Sendable {
    let pointer: OpaquePointer
    /// The anchors by their X509 object (the one the store holds).
    private let byObject: [OpaquePointer: Certificate]

    init(_ certificates: [Certificate]) {
        pointer = X509_STORE_new()
        for certificate in certificates {
            // X509_STORE_add_cert takes its own reference to the certificate's decoded X509.
            _ = X509_STORE_add_cert(pointer, certificate.decoded.pointer)
        }
        byObject = Dictionary(certificates.map { ($0.decoded.pointer, $0) }, uniquingKeysWith: { first, _ in first })
        ERR_clear_error()
    }

    /// The anchor whose X509 object this is, if any.
    func anchor(_ object: OpaquePointer) -> Certificate? { byObject[object] }

    deinit {
        X509_STORE_free(pointer)
    }
}
