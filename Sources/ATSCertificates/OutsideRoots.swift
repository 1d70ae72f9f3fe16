#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// Roots a chain may reach that are *not* anchors of the store, kept to explain an untrusted
/// chain: a platform bundle's roots that Apple does not ship, and the roots Apple removed
/// (docs/ats-rules.md#apple-trust-store).
public final class OutsideRoots: Sendable {
    /// Where the roots come from, for messages ("Debian's CA bundle (/etc/ssl/certs/ca-certificates.crt)").
    public let name: String
    /// Reads the roots; called at most once, when an untrusted chain first needs them.
    private let load: @Sendable () -> [Certificate]
    private let lock = Lock()
    nonisolated(unsafe) private var cached: TrustStore?
    private let loadRemoved: @Sendable () -> [String: String]
    nonisolated(unsafe) private var cachedRemoved: [String: String]?

    /// Roots from `name`, read by `certificates` when first needed, and Apple's removed roots
    /// (`sha256 → release`), read by `removed` when first needed.
    public init(name: String, certificates: @escaping @Sendable () -> [Certificate],
                removed: @escaping @Sendable () -> [String: String]) {
        self.name = name
        self.load = certificates
        self.loadRemoved = removed
    }

    /// Roots from `name`, read by `certificates` when first needed, and Apple's removed roots.
    public convenience init(name: String, certificates: @escaping @Sendable () -> [Certificate], removed: [String: String]) {
        self.init(name: name, certificates: certificates, removed: { removed })
    }

    /// Roots Apple removed: SHA-256 of the DER (lower-case hex, no colons) → the release that removed it.
    public var removed: [String: String] {
        lock.lock()
        defer { lock.unlock() }
        if let cachedRemoved { return cachedRemoved }
        let removed = loadRemoved()
        cachedRemoved = removed
        return removed
    }

    /// Roots from `name`, already read.
    public convenience init(name: String, certificates: [Certificate], removed: [String: String]) {
        self.init(name: name, certificates: { certificates }, removed: removed)
    }

    /// The roots as a store of their own, built on first use.
    var store: TrustStore {
        lock.lock()
        defer { lock.unlock() }
        if let cached { return cached }
        let store = TrustStore(system: load())
        cached = store
        return store
    }

    /// The SHA-256 of a certificate's DER as `removed` keys it.
    static func key(_ certificate: Certificate) -> String {
        certificate.sha256Fingerprint.replacingEvery(":", with: "").lowercased()
    }

    /// Why an untrusted chain is untrusted, when these roots tell: it reaches one of them, or
    /// it holds a root Apple removed. Nil when they say nothing.
    func explanation(for presented: [Certificate], at time: Date, storeName: String?) -> String? {
        let apple = storeName.map { "Apple's store (\($0))" } ?? "the trust store"
        let path = PathValidator.validate(presented, store: store, at: time)
        let removed = removed
        if path.anchorOrigin != nil, let root = path.chain.last {
            var text = "it chains to \(root.subject.rfc4514) in \(name), which \(apple) does not ship"
            if let release = removed[Self.key(root)] { text += "; Apple removed that root in \(release)" }
            return text
        }
        if let removedRoot = (path.chain + presented).first(where: { removed[Self.key($0)] != nil }) {
            return "it holds \(removedRoot.subject.rfc4514), a root Apple removed in \(removed[Self.key(removedRoot)]!)"
        }
        return nil
    }
}
