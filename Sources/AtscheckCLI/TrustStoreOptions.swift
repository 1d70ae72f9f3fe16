import ATSTrustData
import ArgumentParsing
import ATSPolicy
import ATSCertificates
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The trust-store options shared by commands that validate chains:
/// `--ca-file` (user-installed), `--app-anchor` (app-supplied), `--system-roots` and `--no-system-roots`.
struct TrustStoreOptions {
    let caFiles: [String]
    var appAnchorFiles: [String] = []
    let systemRootsFile: String?
    let useSystemRoots: Bool
    let command: String
    /// `--ct-log-list`: a log list JSON to judge SCTs against instead of the snapshot's.
    var ctLogListFile: String? = nil
    /// `--strict-ct`: SCTs from logs newer than the list count against the chain (`ct-required`)
    /// instead of leaving the outcome unknown (`ct-log-list-outdated`).
    var strictCT = false
}

extension TrustStoreOptions {
    /// The options, declared once for every command that validates chains.
    static let optionSpecs = [
        OptionSpec("ca-file", value: "PEM", help: "Trust these roots as user-installed roots.", repeatable: true),
        OptionSpec("app-anchor", value: "PEM",
                   help: "Trust these certificates as anchors the app sets itself (SecTrustSetAnchorCertificates): trustd's rules for other anchors apply.",
                   repeatable: true),
        OptionSpec("system-roots", value: "PEM",
                   help: "Use this bundle as the preinstalled (public) roots instead of Apple's snapshot."),
        OptionSpec("no-system-roots", help: "Do not trust any preinstalled roots (Apple's snapshot)."),
        OptionSpec("ct-log-list", value: "JSON",
                   help: "Judge SCTs against this CT log list (Apple's schema, e.g. a newer current_log_list.json) instead of the newest one atscheck has (atscheck update's, else the snapshot's)."),
        OptionSpec("strict-ct",
                   help: "Judge CT by the log list alone: SCTs from logs the list does not hold count as unknown logs (ct-required) instead of leaving the outcome unknown (ct-log-list-outdated)."),
    ]

    /// `--ca-file`, `--system-roots`, `--no-system-roots` from the command line.
    init(_ arguments: ParsedArguments, command: String) throws {
        let systemRootsFile = arguments.value("system-roots")
        let useSystemRoots = !arguments.flag("no-system-roots")
        if systemRootsFile != nil && !useSystemRoots {
            throw UsageError(command: command, message: "'--system-roots' and '--no-system-roots' contradict each other")
        }
        self.init(caFiles: arguments.values("ca-file"), systemRootsFile: systemRootsFile, useSystemRoots: useSystemRoots, command: command)
        appAnchorFiles = arguments.values("app-anchor")
        ctLogListFile = arguments.value("ct-log-list")
        strictCT = arguments.flag("strict-ct")
    }

    /// The store: `--system-roots` if given, else Apple's preinstalled roots from the snapshot
    /// for `target` (docs/ats-rules.md#apple-trust-store), unless `--no-system-roots`; the
    /// platform bundle's other roots and Apple's removed roots are kept to explain untrusted chains.
    func makeStore(target: TargetOS = .latest) throws -> TrustStore {
        let user = try caFiles.flatMap(InputFile.certificates)
        let app = try appAnchorFiles.flatMap(InputFile.certificates)
        var store: TrustStore
        var name: String? = nil
        var outside: OutsideRoots? = nil
        if let systemRootsFile {
            store = TrustStore(system: try InputFile.certificates(systemRootsFile), user: user, app: app)
            name = systemRootsFile
        } else if useSystemRoots {
            let snapshot = Self.snapshot(for: target)
            do {
                let shipped = try LazyRootSet.apple(snapshot)
                store = TrustStore(lazySystem: shipped, user: user, app: app)
                let bundlePath = TrustStore.defaultSystemBundlePath()
                // Both read only if a chain turns out untrusted. The removed list is part of the
                // snapshot read above, so it is there; if not, the explanation goes without it.
                outside = OutsideRoots(name: "the platform CA bundle" + (bundlePath.map { " (\($0))" } ?? ""),
                                       certificates: { (bundlePath.flatMap { try? InputFile.certificates($0) } ?? []).filter { !shipped.contains($0) } },
                                       removed: { (try? snapshot.removedRoots().mapValues(\.removedIn)) ?? [:] })
            } catch {
                throw InputError(description: "\(command): \(error)")
            }
            name = "Apple \(snapshot)"
        } else {
            store = TrustStore(user: user, app: app)
        }
        store.systemName = name
        store.outside = outside
        store.transparency = try logVerifier(target: target)
        store.strictTransparency = strictCT
        return store
    }

    /// `--ct-log-list` if given, else the newest list atscheck has: the one `atscheck update`
    /// cached when it is newer than the target's snapshot, else the snapshot's (whichever
    /// roots stand for the preinstalled ones). A cache that fails its checks is reported on
    /// standard error and left aside.
    func logVerifier(target: TargetOS) throws -> SCTVerifier {
        do {
            if let ctLogListFile {
                let json = try InputFile.read(ctLogListFile, limit: CTLogList.sizeLimit)
                return SCTVerifier(logList: try CTLogList(json: json, name: ctLogListFile))
            }
            return SCTVerifier.newest(Self.snapshot(for: target), cached: Self.cachedLogList(command: command))
        } catch let error as CTLogListError {
            throw InputError(description: "\(command): \(error)")
        }
    }

    /// The list `atscheck update` stored, nil when there is none or it is unusable (said on
    /// standard error, escaped).
    static func cachedLogList(command: String) -> CachedCTLogList? {
        guard let directory = CTLogListCache.directory(environment: ProcessInfo.processInfo.environment) else { return nil }
        do {
            return try CTLogListCache.load(directory: directory)
        } catch {
            CommandRunner.printError("\(command): warning: the cached CT log list is not used: \(CertTextRenderer.printable(error.description)); run `atscheck update`")
            return nil
        }
    }

    /// Apple's snapshot for a target OS.
    static func snapshot(for target: TargetOS) -> AppleTrustSnapshot {
        AppleTrustSnapshot.forIOSVersion(Int((target.iOSEquivalent * 100).rounded()))
    }
}
