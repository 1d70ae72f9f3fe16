import ATSVocabulary
import ATSCheck
import ATSJSON
import ATSLint
import ATSReport
import ATSScan
import ATSArchive
import ATSPolicy
import ATSSinks

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
    /// URLs found only in files the app does not ship or no policy judges (in no target, test
    /// targets' files): listed apart, never judged.
    public var inNoTarget: [NotInAppURL] = []
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
        /// project generated from it, a build system whose targets cannot be read (Tuist, Bazel),
        /// then what its frameworks do to routes (cupertino_http, Capacitor's navigation).
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
        /// The product's name (PRODUCT_NAME, or CFBundleDisplayName / CFBundleName), else the
        /// target's; null when neither is known.
        @EncodesNil public var name: String? = nil
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
        /// Why the policy could not be read (a missing `INFOPLIST_FILE`, a preprocessed
        /// Info.plist atscheck cannot follow, a file that is not a property list); null when it
        /// could.
        @EncodesNil public var policyProblem: String? = nil
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
        public var context: LoadContext
        /// `allowed`, `blocked`, `unknown`, `error` (judged: a load, or with `use` `not-seen` what
        /// the verdict would be), `opened-outside`, `never-loaded` (not loaded by the app: `use`
        /// says why), `filtered` or `outside-ats`.
        public var verdict: LoadVerdict
        /// What the app's code does with the URL: `load` (its verdict counts), `not-seen`
        /// (atscheck could not see; its verdict is shown and does not count unless `--fail-on`
        /// asks), `opened-outside`, `never-loaded`; null for URLs set aside or outside ATS.
        @EncodesNil public var use: URLUseGroup?
        /// The API or reason behind `use`: `loaded by URLSession.dataTask(with:)`, `opened outside
        /// the app by SwiftUI Link: …`, `never loaded: a log message`; null with `use`.
        @EncodesNil public var useDetail: String?
        /// Why the verdict is what it is, as `atscheck host` gives its reason objects.
        public var reasons: [CheckReason]
        /// Remarks for humans: the verdict's notes, or why the verdict is `unknown` or `outside-ats`.
        public var notes: [String]
        /// Where it was found: `file:line` or `file@0xOFFSET`, with a detail in parentheses when there is one.
        public var foundAt: [Location]
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

    /// URLs whose use was not seen, by the verdict they would get.
    public struct NotSeenCounts: Codable, Sendable, Equatable {
        /// All of them.
        public var urls = 0
        /// Would be blocked.
        public var blocked = 0
        /// Would be unknown (offline https:// URLs among them).
        public var unknown = 0
        /// Would be allowed.
        public var allowed = 0
        /// Could not be judged.
        public var errors = 0
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

    /// Counts over every bundle.
    public struct Summary: Codable, Sendable {
        /// Bundles and project sources that set policy.
        public var bundles = 0
        /// Every URL found: `endpoints` plus `inNoTarget`; the sum of `blocked`, `unknown`,
        /// `allowed`, `errors`, `notSeen.urls`, `openedOutside`, `neverLoaded`, `filtered`,
        /// `outsideATS` and `inNoTarget`.
        public var total = 0
        /// URLs under the bundles, each counted once per bundle it was found under.
        public var endpoints = 0
        /// Loads with the verdict `allowed`.
        public var allowed = 0
        /// Loads with the verdict `blocked`.
        public var blocked = 0
        /// Loads with the verdict `unknown` (offline https:// URLs, unreadable policies: see `policyUnknown`).
        public var unknown = 0
        /// Loads that could not be judged (verdict `error`).
        public var errors = 0
        /// URLs whose use atscheck did not see, with the verdicts they would get: not counted in
        /// the exit status unless `--fail-on not-seen`.
        public var notSeen = NotSeenCounts()
        /// URLs the app hands to another app or the system to open (ATS does not apply).
        public var openedOutside = 0
        /// URLs the app never loads (namespaces, text, comparisons, code out of the build).
        public var neverLoaded = 0
        /// URLs found only in files the app does not ship (`inNoTarget`).
        public var inNoTarget = 0
        /// Endpoints a filter rule set aside (verdict `filtered`; docs/app-audit.md#filtered-urls).
        public var filtered = 0
        /// URLs under a policy that could not be read (counted in `unknown` too).
        public var policyUnknown = 0
        /// Policies that judge files (apps, extensions, Xcode targets, Expo and Cordova
        /// configurations that are not superseded) and could not be read: each bundle's
        /// `policyProblem` says why. Any makes the exit status 3 unless a URL is blocked, even
        /// when no URL was found under it.
        public var policiesUnknown = 0
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
                                             problems: attribution.problems, notes: attribution.notes + audit.routeNotes)
        notJudged = audit.notJudged.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { NotJudgedReport(reason: $0.key, places: $0.value) }
        skipped = audit.skipped
        inNoTarget = audit.notInApp
        var summary = Summary()
        summary.inNoTarget = audit.notInApp.count
        summary.notJudged = audit.notJudged.values.reduce(0, +)
        summary.limitsReached = audit.walk.problems.filter(\.problem.isLimit).count
        bundles = audit.bundles.map { bundled in
            let endpoints = bundled.endpoints.map(EndpointReport.init).sorted { ($0.rank, $0.url) < ($1.rank, $1.url) }
            for endpoint in endpoints {
                summary.endpoints += 1
                if endpoint.use == .notSeen {
                    summary.notSeen.urls += 1
                    switch endpoint.verdict {
                    case .allowed: summary.notSeen.allowed += 1
                    case .blocked: summary.notSeen.blocked += 1
                    case .unknown: summary.notSeen.unknown += 1
                    default: summary.notSeen.errors += 1
                    }
                    continue
                }
                switch endpoint.verdict {
                case .allowed: summary.allowed += 1
                case .blocked: summary.blocked += 1
                case .unknown:
                    summary.unknown += 1
                    if endpoint.policyUnknown { summary.policyUnknown += 1 }
                case .filtered: summary.filtered += 1
                case .outsideATS: summary.outsideATS += 1
                case .openedOutside: summary.openedOutside += 1
                case .neverLoaded: summary.neverLoaded += 1
                case .error: summary.errors += 1
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
            report.name = unit.displayName
            if case .failure(let error) = bundled.bundle.document {
                report.policyProblem = error.message
                if unit.governsFiles { summary.policiesUnknown += 1 }
            }
            summary.lintAccepted += report.lintAccepted.count
            return report
        }
        summary.bundles = bundles.count
        summary.total = summary.endpoints + summary.inNoTarget
        self.summary = summary
    }

}

extension AppReport.EndpointReport {
    init(_ endpoint: AuditedEndpoint) {
        url = endpoint.url
        context = endpoint.context
        foundAt = endpoint.places.map(\.location)
        filtered = endpoint.filtered
        error = endpoint.error
        policyUnknown = endpoint.unknown != nil
        outsideATS = endpoint.outsideATS
        let shownUse = endpoint.filtered == nil && endpoint.outsideATS == nil ? endpoint.use : nil
        use = shownUse.map(URLUseGroup.init)
        useDetail = shownUse?.explanation
        if let reason = endpoint.outsideATS {
            verdict = .outsideATS
            reasons = []
            notes = [reason]
        } else if endpoint.filtered == nil, let use = endpoint.use, let notLoaded = Self.verdict(notLoadedBy: use) {
            verdict = notLoaded
            reasons = []
            notes = []
        } else if let unknown = endpoint.unknown {
            verdict = .unknown
            reasons = []
            notes = [unknown]
        } else if let verdict = endpoint.verdict {
            self.verdict = LoadVerdict(verdict.status)
            reasons = verdict.reasons
            notes = verdict.notes
        } else {
            self.verdict = endpoint.filtered != nil ? .filtered : .error
            reasons = []
            notes = []
        }
    }
}
