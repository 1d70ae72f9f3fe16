import ATSVocabulary
import ATSCertificates
import ATSPolicy
import ATSProbe
import ATSTrustData
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything the trust half of a verdict depends on, derived from the target release in one
/// place, so that the CLI, a library client, the proxy and the scan engine asking about the
/// same release judge alike: Apple's root snapshot for the release, the newest CT log list
/// (`atscheck update`'s cache when newer than the snapshot's), the release's suite group, the
/// Public Suffix List snapshot compiled in, and the explicit overrides (`--ca-file`,
/// `--app-anchor`, `--system-roots`, `--no-system-roots`, `--ct-log-list`, `--strict-ct`,
/// `--public-suffix-list`).
///
/// ```swift
/// let environment = try TrustEnvironment(target: TargetOS(.iOS, 16, 0))
/// let checker = ATSChecker(environment: environment)
/// ```
public struct TrustEnvironment: Sendable {
    /// What replaces or adds to the release's defaults.
    public struct Overrides: Sendable {
        /// Preinstalled roots to use instead of Apple's snapshot, with a name for reports.
        public var systemRoots: (name: String, certificates: [Certificate])? = nil
        /// Trust no preinstalled roots at all.
        public var noSystemRoots = false
        /// User-installed roots (`--ca-file`).
        public var userRoots: [Certificate] = []
        /// Anchors the app sets itself (`--app-anchor`).
        public var appAnchors: [Certificate] = []
        /// A CT log list to judge SCTs against instead of the newest one (`--ct-log-list`).
        public var ctLogList: CTLogList? = nil
        /// Where the cached list comes from: the per-user cache by default; nil reads none.
        public var cacheDirectory: String? = CTLogListCache.directory(environment: ProcessInfo.processInfo.environment)
        /// Judge CT by the list alone (`--strict-ct`).
        public var strictTransparency = false
        /// The Public Suffix List for wildcard names (`--public-suffix-list`; the snapshot
        /// compiled into atscheck by default, so a verdict does not depend on the machine).
        public var publicSuffixes: PublicSuffixSource = .snapshot
        /// A platform CA bundle whose other roots explain untrusted chains (nil: none).
        public var explainingBundlePath: String? = TrustStore.defaultSystemBundlePath()

        /// No overrides: the release's defaults.
        public init() {}
    }

    /// The release judged: the policy is resolved for it, its suites offered, its roots loaded.
    public private(set) var target: TargetOS
    /// Apple's snapshot for the release, when its preinstalled roots are Apple's.
    public let snapshot: AppleTrustSnapshot
    /// The roots, their origins, and the CT log list in use.
    public let store: TrustStore
    /// The release's TLS suite groups (what the app offers); computed when asked for (a check
    /// computes its own once per verdict).
    public var suiteGroup: ATSSuiteGroup { ATSSuiteGroup.forTarget(target) }
    /// A problem with the cached CT log list (it was left aside), for the caller to report.
    public let cacheProblem: String?

    /// The environment for `target` with `overrides`.
    public init(target: TargetOS = .latest, overrides: Overrides = Overrides()) throws(TrustEnvironmentError) {
        let snapshot = Self.snapshot(for: target)
        var store: TrustStore
        var name: String? = nil
        var outside: OutsideRoots? = nil
        if let system = overrides.systemRoots {
            store = TrustStore(system: system.certificates, user: overrides.userRoots, app: overrides.appAnchors)
            name = system.name
        } else if !overrides.noSystemRoots {
            let shipped: LazyRootSet
            do {
                shipped = try LazyRootSet.apple(snapshot)
            } catch {
                throw TrustEnvironmentError(description: "\(error)")
            }
            store = TrustStore(lazySystem: shipped, user: overrides.userRoots, app: overrides.appAnchors)
            let bundlePath = overrides.explainingBundlePath
            // Both read only if a chain turns out untrusted.
            outside = OutsideRoots(name: "the platform CA bundle" + (bundlePath.map { " (\($0))" } ?? ""),
                                   certificates: { (bundlePath.flatMap { try? CertificateLoader.load(atPath: $0) } ?? []).filter { !shipped.contains($0) } },
                                   removed: { (try? snapshot.removedRoots().mapValues(\.removedIn)) ?? [:] })
            name = "Apple \(snapshot)"
        } else {
            store = TrustStore(user: overrides.userRoots, app: overrides.appAnchors)
        }
        var cacheProblem: String? = nil
        let verifier: SCTVerifier
        if let list = overrides.ctLogList {
            verifier = SCTVerifier(logList: list)
        } else {
            var cached: CachedCTLogList? = nil
            if let directory = overrides.cacheDirectory {
                do { cached = try CTLogListCache.load(directory: directory) } catch { cacheProblem = error.description }
            }
            verifier = SCTVerifier.newest(snapshot, cached: cached)
        }
        self.target = target
        self.snapshot = snapshot
        self.store = store.configured(systemName: name, outside: outside, transparency: verifier,
                                      strictTransparency: overrides.strictTransparency, publicSuffixes: overrides.publicSuffixes)
        self.cacheProblem = cacheProblem
    }

    /// The environment for `target` over roots set up by hand (`TrustStore(system:user:app:)`: a
    /// test CA as the only root, a client's own store); the CT log list is the store's.
    public init(target: TargetOS = .latest, store: TrustStore) {
        self.target = target
        self.snapshot = Self.snapshot(for: target)
        self.store = store
        self.cacheProblem = nil
    }

    /// The environment of a check that judges no chain (`atscheck app` without `--probe`): the
    /// release decides the policy, and no roots or CT log list are loaded.
    public static func offline(target: TargetOS = .latest) -> TrustEnvironment {
        TrustEnvironment(target: target, store: TrustStore(system: [], user: []))
    }

    /// The same roots and CT log list judging for `target` (an app's unit on another platform,
    /// judged at that platform's release); the snapshot stays the one the roots came from.
    public func retargeted(to target: TargetOS) -> TrustEnvironment {
        var environment = self
        environment.target = target
        return environment
    }

    /// Apple's snapshot for a release.
    public static func snapshot(for target: TargetOS) -> AppleTrustSnapshot {
        AppleTrustSnapshot.forIOSVersion(Int((target.iOSEquivalent * 100).rounded()))
    }
}

/// Why an environment could not be set up. `description` is one line.
public struct TrustEnvironmentError: Error, Sendable, CustomStringConvertible {
    /// The reason, in one line, for a person to read.
    public let description: String
}
