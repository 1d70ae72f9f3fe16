import ATSVocabulary
import ATSCheck
import ATSJSON
import ATSLint
import ATSReport
import ATSScan
import ATSArchive
import ATSPolicy

/// `atscheck app --format json` (docs/json-schema.md, "atscheck app").
public struct AppReport: Codable, Sendable {
    /// The JSON `schemaVersion` (docs/json-schema.md); keys within a version are only ever added.
    public var schemaVersion = SchemaVersion.current
    /// The input path and `ipa` or `directory`.
    public var input: String
    /// `ipa` or `directory` (JSON `kind`).
    public var kind: AppInputKind
    /// `--offline`: nothing was probed; https:// URLs are `unknown`.
    public var offline: Bool
    /// Every bundle or project source that sets policy, with its lint findings and judged URLs.
    public var bundles: [BundleReport]
    /// Entries or files that were not read, each with why.
    public var problems: [String]
    /// Why the input could not be read to the end, when it could not.
    @EncodesNil public var failure: String?
    /// How files were given to policies: the unit files outside every target fall to, property
    /// lists that are no policy source, and what could not be read.
    public var attribution: AttributionReport
    /// Places of URLs no policy judges (a test target's files), counted by why.
    public var notJudged: [NotJudgedReport]
    /// Places of URLs in files no target builds, copies or embeds, where Xcode targets say what
    /// ships (not app code), counted by why.
    public var inNoTarget: [NotJudgedReport] = []
    /// Places of a project the walk did not enter or read, each with why (default skips,
    /// `--exclude`, `.atscheckignore`): docs/app-audit.md#what-is-read.
    public var skipped: [SkippedPlace]
    /// Counts over every bundle (before `--only` keeps some endpoints).
    public var summary: Summary

    /// How files were attributed to policies (docs/app-audit.md#which-policy-a-url-gets).
    public struct AttributionReport: Codable, Sendable {
        /// The policy files outside every target and folder fall to, and why it was chosen.
        @EncodesNil public var primary: String?
        /// Why that file was chosen as the primary policy; null when there is none.
        @EncodesNil public var primaryReason: String?
        /// Property lists named like Info.plists that set no policy, with why.
        public var setAside: [SetAsidePolicy]
        /// What could not be read (an Xcode project, an xcconfig, a missing Info.plist).
        public var problems: [String]
        /// How the project was read, one sentence each: an XcodeGen spec set aside for the Xcode
        /// project generated from it, a build system whose targets cannot be read (Tuist, Bazel).
        public var notes: [String] = []
    }

    /// Places no policy judges, for one reason.
    public struct NotJudgedReport: Codable, Sendable {
        /// Why no policy judges these places (`a file of the test target MyAppTests`).
        public var reason: String
        /// How many places of URLs were left unjudged for that reason.
        public var places: Int
    }

    /// One bundle that sets policy.
    public struct BundleReport: Codable, Sendable {
        /// The bundle directory relative to the input (`Payload/MyApp.app`), or the project directory the source
        /// governs (empty for the input itself).
        public var path: String
        /// `app`, `extension`, `target` (a project's Info.plist), `expo` or `cordova`.
        public var kind: String
        /// What it produces: `app`, `extension`, `watch-app`, `app-clip`, … (from the Xcode target
        /// or the plist), or `expo` / `cordova`.
        public var role: String
        /// The Xcode target, when a project file named it.
        @EncodesNil public var target: String?
        /// The bundle identifier (`CFBundleIdentifier`), null when the plist or project does not set one.
        @EncodesNil public var identifier: String?
        /// The Info.plist the policy comes from.
        public var policy: String
        /// Why this policy governs these files.
        public var attribution: String
        /// How the source became an Info.plist (preprocessor branches, generated keys).
        public var notes: [String]
        /// False when the policy could not be read (then every URL under it is `unknown`).
        public var policyKnown: Bool
        /// False for an Expo or Cordova configuration superseded by the native project in the
        /// tree: linted, no URL judged under it.
        public var judgesFiles: Bool
        /// The OS its URLs were judged for (`ios26.4`, `macos26.4` for a macOS target).
        public var judgedFor: String
        /// False when the Info.plist has no NSAppTransportSecurity: ATS's defaults apply.
        public var hasATSDictionary: Bool
        /// Lint findings on the Info.plist, as `atscheck lint --format json` gives them.
        public var lint: [Finding]
        /// Lint findings accepted on purpose (an `atscheck:ignore` comment, the configuration's
        /// rules), with why: not in `lint` and not counted in the lint totals.
        public var lintAccepted: [AcceptedFinding] = []
        /// Blocked first, then unknown, then allowed, then errors and filtered URLs.
        public var endpoints: [EndpointReport]
        /// Frameworks and resource bundles inside it: their Info.plists set no policy.
        public var frameworks: [FrameworkReport]
    }

    /// A framework or resource bundle.
    public struct FrameworkReport: Codable, Sendable {
        /// The framework or resource bundle directory, relative to the input.
        public var path: String
        /// CFBundleIdentifier from its Info.plist; `null` when it has none.
        @EncodesNil public var identifier: String?
        /// Whether its Info.plist has an NSAppTransportSecurity dictionary (which iOS ignores).
        public var ignoredATSDictionary: Bool
    }

    /// One URL under one bundle's policy.
    public struct EndpointReport: Codable, Sendable {
        /// The URL as found in the files.
        public var url: String
        /// `urlsession`, `webview` or `media`.
        public var context: String
        /// `allowed`, `blocked`, `unknown`, `error` or `filtered`.
        public var verdict: String
        /// Why the verdict is what it is, as `atscheck host` gives its reason objects.
        public var reasons: [CheckReason]
        /// Remarks for humans: the verdict's notes, or why the verdict is `unknown` or `outside-ats`.
        public var notes: [String]
        /// Where it was found: `file:line` or `file@0xOFFSET`.
        public var foundAt: [String]
        /// The filter rule that set it aside (docs/app-audit.md#filtered-urls).
        @EncodesNil public var filtered: String?
        /// Why the URL could not be judged (verdict `error`); null otherwise.
        @EncodesNil public var error: String?
        /// True when the verdict is unknown because the bundle's policy could not be read.
        public var policyUnknown: Bool
        /// Why ATS does not govern this URL (`verdict` is `outside-ats`): every place it was found
        /// loads it outside the URL Loading System (Dart's own HTTP client).
        @EncodesNil public var outsideATS: String?
        /// When `.atscheck.yml` accepts this blocked or unknown URL: why, and where; null otherwise.
        @EncodesNil public var accepted: ScanAcceptance?
        /// With `--baseline`, for a blocked or unknown URL that counts and is not accepted:
        /// `new`, or `unchanged` when the baseline holds it (it does not fail the run); null
        /// otherwise.
        @EncodesNil public var baselineState: BaselineState?
    }

    /// Blocked and unknown URLs a configuration accepts: they do not fail the run.
    public struct AcceptedEndpoints: Codable, Sendable, Equatable {
        /// Accepted blocked URLs.
        public var blocked = 0
        /// Accepted unknown URLs.
        public var unknown = 0
        /// Of the accepted unknown URLs, those under a policy that cannot be read.
        public var policyUnknown = 0
    }

    /// Marks the blocked and unknown URLs that `loads` accepts on `day` (`YYYY-MM-DD`), counts
    /// them in the summary (``exitStatus`` leaves them out), and notes the acceptances that
    /// have expired. Call before ``keepOnly(_:)``.
    public mutating func accept(_ loads: AcceptedLoads, day: String) {
        guard !loads.entries.isEmpty else { return }
        var counts = AcceptedEndpoints()
        for bundle in bundles.indices {
            for index in bundles[bundle].endpoints.indices {
                let endpoint = bundles[bundle].endpoints[index]
                guard let verdict = ScanVerdict(rawValue: endpoint.verdict), let host = try? CheckTarget(url: endpoint.url).host else { continue }
                switch loads.decision(url: endpoint.url, host: host, verdict: verdict, day: day) {
                case .none: break
                case .accepted(let entry):
                    bundles[bundle].endpoints[index].accepted = ScanAcceptance(entry)
                    if verdict == .blocked { counts.blocked += 1 } else { counts.unknown += 1 }
                    if verdict == .unknown, endpoint.policyUnknown { counts.policyUnknown += 1 }
                case .expired(let entry):
                    bundles[bundle].endpoints[index].notes.append("accepted by \(entry.origin) (\(entry.reason)) until \(entry.expires ?? ""): the acceptance has expired")
                }
            }
        }
        if counts != AcceptedEndpoints() { summary.accepted = counts }
    }

    /// Counts over every bundle.
    public struct Summary: Codable, Sendable {
        /// Bundles and project sources that set policy.
        public var bundles = 0
        /// URLs judged, each counted once per bundle it was found under.
        public var endpoints = 0
        /// Endpoints with the verdict `allowed`.
        public var allowed = 0
        /// Endpoints with the verdict `blocked`.
        public var blocked = 0
        /// Endpoints with the verdict `unknown` (offline https:// URLs, unreadable policies: see `policyUnknown`).
        public var unknown = 0
        /// Endpoints that could not be judged (verdict `error`).
        public var errors = 0
        /// Endpoints a filter rule set aside (verdict `filtered`; docs/app-audit.md#filtered-urls).
        public var filtered = 0
        /// URLs under a policy that could not be read (counted in `unknown` too).
        public var policyUnknown = 0
        /// Places of URLs that no policy judges (test targets' files, …).
        public var notJudged = 0
        /// URLs loaded outside the URL Loading System, so outside ATS (Dart's HTTP client).
        public var outsideATS = 0
        /// Lint findings of severity error over every bundle's Info.plist.
        public var lintErrors = 0
        /// Lint findings of severity warning over every bundle's Info.plist.
        public var lintWarnings = 0
        /// Lint findings accepted on purpose over every bundle (each bundle's `lintAccepted`).
        public var lintAccepted = 0
        /// Files read in part, or not at all, because a limit was reached (an entry over the
        /// per-entry limit, the archive's budget spent, text past 8 MiB, URLs past 10,000 in one
        /// file) or their content could not be read (a name no path can reach, a provisioning
        /// profile that is not CMS-signed); each is in `problems`, and any makes the exit status
        /// 3 unless a URL is blocked.
        public var limitsReached = 0
        /// Of the blocked and unknown URLs, those a configuration accepts; null when none is.
        @EncodesNil public var accepted: AcceptedEndpoints?
        /// With `--baseline`: what the baseline held back, and what it holds that this run did
        /// not meet; null without one.
        @EncodesNil public var baseline: BaselineOutcome?
    }

    /// What `--baseline` made of an app run.
    public struct BaselineOutcome: Codable, Sendable, Equatable {
        /// The baseline file, as given.
        public var path: String
        /// Lint findings the baseline holds: left out of `bundles[].lint` and the lint counts.
        public var findings = 0
        /// Blocked URLs the baseline holds (`baselineState` `unchanged`).
        public var blocked = 0
        /// Unknown URLs the baseline holds.
        public var unknown = 0
        /// Of those, URLs under a policy that cannot be read.
        public var policyUnknown = 0
        /// The baseline's lint findings not found in this run.
        public var fixedFindings: [LintBaselineEntry] = []
        /// The baseline's loads not met in this run.
        public var fixedLoads: [LoadBaselineEntry] = []

        /// An outcome with nothing held back yet.
        public init(path: String) { self.path = path }
    }

    /// The report of an audit, each bundle's endpoints sorted blocked first, then unknown, allowed,
    /// error, outside-ats and filtered;
    /// `offline` is recorded as given (`--offline`).
    public init(_ audit: AppAudit, offline: Bool) {
        input = audit.path
        kind = audit.kind
        self.offline = offline
        problems = audit.walk.problems.map(\.description)
        failure = audit.walk.failure
        let attribution = audit.attribution
        self.attribution = AttributionReport(primary: attribution.primary.map { attribution.units[$0].bundle.policyFile },
                                             primaryReason: attribution.primaryReason, setAside: attribution.setAside,
                                             problems: attribution.problems, notes: attribution.notes)
        notJudged = audit.notJudged.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { NotJudgedReport(reason: $0.key, places: $0.value) }
        inNoTarget = audit.inNoTarget.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { NotJudgedReport(reason: $0.key, places: $0.value) }
        skipped = audit.skipped
        var summary = Summary()
        summary.notJudged = audit.notJudged.values.reduce(0, +)
        summary.limitsReached = audit.walk.problems.filter(\.problem.isLimit).count
        bundles = audit.bundles.map { bundled in
            let endpoints = bundled.endpoints.map(EndpointReport.init).sorted { ($0.rank, $0.url) < ($1.rank, $1.url) }
            for endpoint in endpoints {
                summary.endpoints += 1
                switch endpoint.verdict {
                case "allowed": summary.allowed += 1
                case "blocked": summary.blocked += 1
                case "unknown":
                    summary.unknown += 1
                    if endpoint.policyUnknown { summary.policyUnknown += 1 }
                case "filtered": summary.filtered += 1
                case "outside-ats": summary.outsideATS += 1
                default: summary.errors += 1
                }
            }
            summary.lintErrors += bundled.findings.filter { $0.severity == .error }.count
            summary.lintWarnings += bundled.findings.filter { $0.severity == .warning }.count
            let unit = bundled.unit
            var report = BundleReport(path: bundled.bundle.path, kind: bundled.bundle.kind.rawValue, role: unit.role, target: unit.target,
                                identifier: bundled.bundle.identifier, policy: bundled.bundle.policyFile, attribution: unit.reason,
                                notes: unit.notes, policyKnown: bundled.bundle.policyIsKnown, judgesFiles: unit.governsFiles,
                                judgedFor: bundled.target.description, hasATSDictionary: bundled.hasATSDictionary, lint: bundled.findings,
                                endpoints: endpoints,
                                frameworks: bundled.frameworks.map { framework in
                                    FrameworkReport(path: framework.path, identifier: framework.identifier,
                                                    ignoredATSDictionary: (try? framework.document.get())?.root.value.entry("NSAppTransportSecurity") != nil)
                                })
            report.lintAccepted = bundled.commented.map(AcceptedFinding.init)
            summary.lintAccepted += report.lintAccepted.count
            return report
        }
        summary.bundles = bundles.count
        self.summary = summary
    }

    /// Keeps only the endpoints whose verdict is in `verdicts` (`--only`); the summary still
    /// counts every URL.
    public mutating func keepOnly(_ verdicts: Set<String>) {
        for index in bundles.indices { bundles[index].endpoints.removeAll { !verdicts.contains($0.verdict) } }
    }

    /// The exit status: 1 when a URL is blocked, 3 when none is but some could not be told
    /// (unknown or not judged; offline, https:// URLs that were not probed are not counted, but
    /// URLs under a policy that cannot be read are) or a limit left part of the input unjudged,
    /// 0 otherwise.
    /// URLs a configuration accepts (``accept(_:day:)``) or the baseline holds
    /// (``compare(with:findings:)``) do not count.
    public var exitStatus: Int32 {
        let accepted = summary.accepted ?? AcceptedEndpoints()
        let known = summary.baseline ?? BaselineOutcome(path: "")
        if summary.blocked - accepted.blocked - known.blocked > 0 { return 1 }
        let unknowns = offline ? summary.policyUnknown - accepted.policyUnknown - known.policyUnknown
            : summary.unknown - accepted.unknown - known.unknown
        return unknowns + summary.errors + summary.limitsReached > 0 ? 3 : 0
    }
}

extension AppReport.EndpointReport {
    init(_ endpoint: AuditedEndpoint) {
        url = endpoint.url
        context = endpoint.context.rawValue
        foundAt = endpoint.places.map(\.description)
        filtered = endpoint.filtered
        error = endpoint.error
        policyUnknown = endpoint.unknown != nil
        outsideATS = endpoint.outsideATS
        if let reason = endpoint.outsideATS {
            verdict = "outside-ats"
            reasons = []
            notes = [reason]
        } else if let unknown = endpoint.unknown {
            verdict = "unknown"
            reasons = []
            notes = [unknown]
        } else if let verdict = endpoint.verdict {
            self.verdict = verdict.status.rawValue
            reasons = verdict.reasons
            notes = verdict.notes
        } else {
            self.verdict = endpoint.filtered != nil ? "filtered" : "error"
            reasons = []
            notes = []
        }
    }

    /// Blocked first, then unknown, allowed, errors, outside ATS, filtered.
    var rank: Int {
        ["blocked": 0, "unknown": 1, "allowed": 2, "error": 3, "outside-ats": 4, "filtered": 5][verdict] ?? 6
    }
}
