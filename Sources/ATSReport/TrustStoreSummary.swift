import ATSCertificates

/// Which anchors a store holds: `{preinstalled, preinstalledRoots, userRoots, appAnchors}`
/// (`validation.trustStore`).
public struct TrustStoreSummary: Codable, Sendable, Equatable {
    /// The preinstalled store's name, or nil without preinstalled roots.
    @EncodesNil public var preinstalled: String?
    public var preinstalledRoots: Int
    public var userRoots: Int
    public var appAnchors: Int

    public init(_ store: TrustStore) {
        preinstalled = store.systemName
        preinstalledRoots = store.count(of: .system)
        userRoots = store.count(of: .user)
        appAnchors = store.count(of: .app)
    }
}
