import ATSCheck
import ATSLint
import ATSReport
import ATSScan
import ATSArchive
import ATSPolicy

/// `atscheck app --format json` (docs/json-schema.md, "atscheck app").
public struct AppReport: Codable, Sendable {
    public var schemaVersion = SchemaVersion.current
    /// The input path and `ipa` or `directory`.
    public var input: String
    public var kind: AppInputKind
    /// `--offline`: nothing was probed; https:// URLs are `unknown`.
    public var offline: Bool
    public var bundles: [BundleReport]
    /// Entries or files that were not read, each with why.
    public var problems: [String]
    /// Why the input could not be read to the end, when it could not.
    @EncodesNil public var failure: String?
    public var summary: Summary

    /// One bundle that sets policy.
    public struct BundleReport: Codable, Sendable {
        public var path: String
        /// `app` or `extension`.
        public var kind: String
        @EncodesNil public var identifier: String?
        /// The Info.plist the policy comes from.
        public var policy: String
        /// False when the Info.plist has no NSAppTransportSecurity: ATS's defaults apply.
        public var hasATSDictionary: Bool
        /// Lint findings on the Info.plist, as `atscheck lint --format json` gives them.
        public var lint: [Finding]
        /// Blocked first, then unknown, then allowed, then errors and filtered URLs.
        public var endpoints: [EndpointReport]
        /// Frameworks and resource bundles inside it: their Info.plists set no policy.
        public var frameworks: [FrameworkReport]
    }

    /// A framework or resource bundle.
    public struct FrameworkReport: Codable, Sendable {
        public var path: String
        @EncodesNil public var identifier: String?
        /// Whether its Info.plist has an NSAppTransportSecurity dictionary (which iOS ignores).
        public var ignoredATSDictionary: Bool
    }

    /// One URL under one bundle's policy.
    public struct EndpointReport: Codable, Sendable {
        public var url: String
        /// `urlsession`, `webview` or `media`.
        public var context: String
        /// `allowed`, `blocked`, `unknown`, `error` or `filtered`.
        public var verdict: String
        public var reasons: [CheckReason]
        public var notes: [String]
        /// Where it was found: `file:line` or `file@0xOFFSET`.
        public var foundAt: [String]
        /// The filter rule that set it aside (docs/app-audit.md#filtered-urls).
        @EncodesNil public var filtered: String?
        @EncodesNil public var error: String?
    }

    /// Counts over every bundle.
    public struct Summary: Codable, Sendable {
        public var bundles = 0
        public var endpoints = 0
        public var allowed = 0
        public var blocked = 0
        public var unknown = 0
        public var errors = 0
        public var filtered = 0
        public var lintErrors = 0
        public var lintWarnings = 0
    }

    public init(_ audit: AppAudit, offline: Bool) {
        input = audit.path
        kind = audit.kind
        self.offline = offline
        problems = audit.walk.problems.map(\.description)
        failure = audit.walk.failure
        var summary = Summary()
        bundles = audit.bundles.map { bundled in
            let endpoints = bundled.endpoints.map(EndpointReport.init).sorted { ($0.rank, $0.url) < ($1.rank, $1.url) }
            for endpoint in endpoints {
                summary.endpoints += 1
                switch endpoint.verdict {
                case "allowed": summary.allowed += 1
                case "blocked": summary.blocked += 1
                case "unknown": summary.unknown += 1
                case "filtered": summary.filtered += 1
                default: summary.errors += 1
                }
            }
            summary.lintErrors += bundled.findings.filter { $0.severity == .error }.count
            summary.lintWarnings += bundled.findings.filter { $0.severity == .warning }.count
            return BundleReport(path: bundled.bundle.path, kind: bundled.bundle.kind.rawValue, identifier: bundled.bundle.identifier,
                                policy: bundled.bundle.policyFile, hasATSDictionary: bundled.hasATSDictionary, lint: bundled.findings,
                                endpoints: endpoints,
                                frameworks: bundled.frameworks.map { framework in
                                    FrameworkReport(path: framework.path, identifier: framework.identifier,
                                                    ignoredATSDictionary: (try? framework.document.get())?.root.value.entry("NSAppTransportSecurity") != nil)
                                })
        }
        summary.bundles = bundles.count
        self.summary = summary
    }

    /// The exit status: 1 when a URL is blocked, 3 when none is but some could not be told
    /// (unknown or not judged; offline, https:// URLs are not counted), 0 otherwise.
    public var exitStatus: Int32 {
        if summary.blocked > 0 { return 1 }
        let unknowns = offline ? 0 : summary.unknown
        return unknowns + summary.errors > 0 ? 3 : 0
    }
}

extension AppReport.EndpointReport {
    init(_ endpoint: AuditedEndpoint) {
        url = endpoint.url
        context = endpoint.context.rawValue
        foundAt = endpoint.places.map(\.description)
        filtered = endpoint.filtered
        error = endpoint.error
        if let verdict = endpoint.verdict {
            self.verdict = verdict.status.rawValue
            reasons = verdict.reasons
            notes = verdict.notes
        } else {
            self.verdict = endpoint.filtered != nil ? "filtered" : "error"
            reasons = []
            notes = []
        }
    }

    /// Blocked first, then unknown, allowed, errors, filtered.
    var rank: Int {
        ["blocked": 0, "unknown": 1, "allowed": 2, "error": 3, "filtered": 4][verdict] ?? 5
    }
}
