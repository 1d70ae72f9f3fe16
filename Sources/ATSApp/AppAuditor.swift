import ATSArchive
import ATSCheck
import ATSLint
import ATSPolicy
import ATSScan
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// How `atscheck app` judges what it found.
public struct AppAuditOptions: Sendable {
    /// Release, subdomain depth, legacy keys.
    public var resolution: ResolutionOptions
    /// When certificates are judged.
    public var time: Date
    /// Per-host probe deadline, seconds.
    public var timeout: Double
    /// Judge by the policy alone: http:// URLs get their verdict, https:// ones are not probed.
    public var offline: Bool
    /// Judge the URLs the filter would drop too (XML namespaces, placeholders...).
    public var all: Bool
    /// Handshakes in flight across all endpoints.
    public var concurrency: Int
    /// Applied to every target before it is judged (`--resolve` mapping names to addresses).
    public var mapTarget: @Sendable (CheckTarget) -> CheckTarget
    /// The linter the policy sources are checked with (its target OS and Public Suffix List).
    public var linter: Linter = Linter()

    /// Options judging at `time`.
    public init(resolution: ResolutionOptions = ResolutionOptions(), time: Date, timeout: Double = 10, offline: Bool = false,
                all: Bool = false, concurrency: Int = ScanEngine.defaultConcurrency, mapTarget: @escaping @Sendable (CheckTarget) -> CheckTarget = { $0 }) {
        self.resolution = resolution
        self.time = time
        self.timeout = timeout
        self.offline = offline
        self.all = all
        self.concurrency = concurrency
        self.mapTarget = mapTarget
    }
}

/// One URL as judged for one bundle.
public struct AuditedEndpoint: Sendable {
    public let url: String
    /// The context its places imply: `webView` for HTML and JavaScript, `media` for a media
    /// file's URL, `urlSession` otherwise.
    public let context: LoadContext
    /// Where it was found in this bundle (and its frameworks).
    public let places: [FoundAt]
    /// The filter rule that dropped it (not judged), when one did and `--all` was not given.
    public let filtered: String?
    /// The verdict; nil when filtered or when the URL could not be judged (`error`).
    public let verdict: Verdict?
    /// Why it could not be judged.
    public let error: String?
}

/// A bundle that sets policy, its lint findings, and every URL found in it and in its frameworks.
public struct AuditedBundle: Sendable {
    public let bundle: AppBundle
    /// Lint findings on its Info.plist.
    public let findings: [Finding]
    /// Whether the Info.plist has an NSAppTransportSecurity dictionary at all (without one, ATS's
    /// defaults apply).
    public let hasATSDictionary: Bool
    public let endpoints: [AuditedEndpoint]
    /// Frameworks and resource bundles inside it (listed; their Info.plists set no policy).
    public let frameworks: [AppBundle]
}

/// The audit of one input.
public struct AppAudit: Sendable {
    public let path: String
    public let kind: AppInputKind
    public let bundles: [AuditedBundle]
    /// What the walk could not read.
    public let walk: ArchiveReadSummary
}


/// Judges an inventory: every URL under the policy of the bundle it was found in (an
/// extension's own, a framework's URLs under the app's), with the context its places imply,
/// through the scan engine (one probe per endpoint per bundle) or, offline, the policy alone.
public enum AppAuditor {
    /// Media file extensions: a URL ending in one is loaded as media (AVFoundation).
    static let mediaExtensions: Set<String> = ["mp4", "m4v", "mov", "m3u8", "mp3", "m4a", "aac", "wav", "ts", "webm", "mpd"]

    public static func audit(_ inventory: AppInventory, files: AppFiles, checker: ATSChecker, options: AppAuditOptions) -> AppAudit {
        let policyBundles = inventory.bundles.filter { $0.kind.setsPolicy }
        // A file belongs to the innermost policy source around it (an extension inside the app
        // owns its own files); one outside all of them (a Flutter project's lib/, an .ipa's
        // top level) to the outermost, the app's.
        let outermost = policyBundles.min { $0.path.count < $1.path.count }
        func owner(_ file: String) -> String? {
            policyBundles.filter { $0.contains(file) }.max { $0.path.count < $1.path.count }?.policyFile ?? outermost?.policyFile
        }
        var audited: [AuditedBundle] = []
        for bundle in policyBundles {
            let owns: (String) -> Bool = { file in owner(file) == bundle.policyFile }
            var urls: [(url: String, places: [FoundAt], web: Bool)] = []
            for found in inventory.urls {
                let places = found.places.filter { owns($0.file) }
                guard !places.isEmpty else { continue }
                let web = places.contains { FileRole.isWebContent($0.file, project: files.isProject) }
                urls.append((found.url, places, web))
            }
            let document = try? bundle.document.get()
            let endpoints = judge(urls, document: document, checker: checker, options: options)
            let findings = bundle.lint(with: options.linter).findings
            let hasATS = document?.root.value.entry("NSAppTransportSecurity") != nil
            let frameworks = inventory.bundles.filter { !$0.kind.setsPolicy && owns($0.policyFile) }
            audited.append(AuditedBundle(bundle: bundle, findings: findings, hasATSDictionary: hasATS, endpoints: endpoints, frameworks: frameworks))
        }
        return AppAudit(path: files.path, kind: files.kind, bundles: audited, walk: inventory.walk)
    }

    static func context(url: String, web: Bool) -> LoadContext {
        if web { return .webView }
        let path = url.split(separator: "?").first.map(String.init) ?? url
        let ext = PathText.pathExtension(path).lowercased()
        return mediaExtensions.contains(ext) ? .media : .urlSession
    }

    private static func judge(_ urls: [(url: String, places: [FoundAt], web: Bool)], document: PlistDocument?,
                              checker: ATSChecker, options: AppAuditOptions) -> [AuditedEndpoint] {
        var endpoints: [AuditedEndpoint] = []
        var byContext: [LoadContext: [(ScanEntry, [FoundAt])]] = [:]
        for (url, places, web) in urls {
            let context = context(url: url, web: web)
            guard let parsed = CheckTarget.parse(url) else {
                endpoints.append(AuditedEndpoint(url: url, context: context, places: places, filtered: nil, verdict: nil,
                                                 error: "not a URL atscheck can judge"))
                continue
            }
            if !options.all, let rule = EndpointFilter.reason(url: url, host: parsed.host.lowercased()) {
                endpoints.append(AuditedEndpoint(url: url, context: context, places: places, filtered: rule, verdict: nil, error: nil))
                continue
            }
            let origin = ScanOrigin(file: places[0].file, line: places[0].line)
            byContext[context, default: []].append((ScanEntry(target: options.mapTarget(parsed), origin: origin), places))
        }
        for context in [LoadContext.urlSession, .webView, .media] {
            guard let group = byContext[context], !group.isEmpty else { continue }
            let checkOptions = CheckOptions(policyDocument: document, context: context, resolution: options.resolution,
                                            time: options.time, timeout: options.timeout)
            var results: [String: Result<Verdict, ScanEntryError>] = [:]
            if options.offline {
                for (entry, _) in group {
                    do {
                        results[entry.target.url] = .success(try checker.judge(entry.target, observation: nil, options: checkOptions))
                    } catch {
                        results[entry.target.url] = .failure(ScanEntryError(entry: entry, message: error.description))
                    }
                }
            } else {
                let collected = Collected()
                ScanEngine(checker: checker, options: checkOptions, concurrency: options.concurrency).run(group.map(\.0)) { collected.add($0) }
                results = collected.results
            }
            for (entry, places) in group {
                let url = entry.target.url
                switch results[url] {
                case .success(let verdict)?:
                    endpoints.append(AuditedEndpoint(url: url, context: context, places: places, filtered: nil, verdict: verdict, error: nil))
                case .failure(let failure)?:
                    endpoints.append(AuditedEndpoint(url: url, context: context, places: places, filtered: nil, verdict: nil, error: failure.message))
                case nil:
                    endpoints.append(AuditedEndpoint(url: url, context: context, places: places, filtered: nil, verdict: nil, error: "not judged"))
                }
            }
        }
        return endpoints
    }
}

/// Results from the scan engine's delivery thread, by URL.
private final class Collected: @unchecked Sendable {
    private let lock = Lock()
    private var byURL: [String: Result<Verdict, ScanEntryError>] = [:]

    func add(_ result: Result<ScanResult, ScanEntryError>) {
        lock.lock()
        defer { lock.unlock() }
        switch result {
        case .success(let value): byURL[value.entry.target.url] = .success(value.verdict)
        case .failure(let failure): byURL[failure.entry.target.url] = .failure(failure)
        }
    }

    var results: [String: Result<Verdict, ScanEntryError>] {
        lock.lock()
        defer { lock.unlock() }
        return byURL
    }
}
