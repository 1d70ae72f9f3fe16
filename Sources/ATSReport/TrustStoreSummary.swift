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
        preinstalledRoots = store.anchors.filter { $0.origin == .system }.count
        userRoots = store.anchors.filter { $0.origin == .user }.count
        appAnchors = store.anchors.filter { $0.origin == .app }.count
    }
}
