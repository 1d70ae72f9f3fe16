import ATSPolicy
import ATSVocabulary
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a project's configuration says of the rules (`.atscheck.yml`, `rules:`): a severity
/// for a rule, or `off`, and the findings it accepts on purpose, each for one
/// `NSExceptionDomains`/`NSPinnedDomains` entry (and, optionally, files matching a glob), with
/// the reason and an optional expiry day. An accepted finding leaves the findings that count
/// and is kept, with its reason, as a ``SuppressedFinding``; once the acceptance has expired
/// the finding counts again and says so.
public struct RuleSettings: Sendable {
    /// One accepted finding kind: rule `rule` on the entry `domain`.
    public struct Acceptance: Sendable, Hashable {
        /// The rule id.
        public let rule: String
        /// The entry's key as written in the policy (`onion`, `ts.net`), compared ignoring case.
        public let domain: String
        /// Only in files whose path (as given, or relative to the configuration's directory) matches.
        public let path: PathGlob?
        /// Why the finding is deliberate: the SARIF justification.
        public let reason: String
        /// The last day (UTC, `YYYY-MM-DD`) the acceptance holds, if it ends.
        public let expires: String?
        /// Where it was written (`.atscheck.yml: rules.shadowed-domain.accept[1]`).
        public let origin: String

        /// An acceptance of these parts.
        public init(rule: String, domain: String, path: PathGlob?, reason: String, expires: String?, origin: String) {
            self.rule = rule
            self.domain = domain
            self.path = path
            self.reason = reason
            self.expires = expires
            self.origin = origin
        }

        /// True while `day` (`YYYY-MM-DD`) is on or before ``expires``.
        package func holds(on day: String) -> Bool { expires.map { day <= $0 } ?? true }
    }

    /// Rule id → the severity its findings are reported at instead of the rule's own.
    public var severities: [String: Severity] = [:]
    /// Rule ids turned off (`severity: off`).
    public var off: Set<String> = []
    /// The accepted findings.
    public var acceptances: [Acceptance] = []

    /// No settings.
    public init() {}

    /// `reports` as these settings have them on `day` (`YYYY-MM-DD`, UTC): findings of rules
    /// turned off dropped, severities overridden, accepted findings moved out (returned apart,
    /// with their reasons), and findings whose acceptance has expired kept with a note saying
    /// so. `relativePath` gives a report's path relative to the configuration's directory,
    /// when it lies below it, for the `path` globs.
    public func apply(to reports: [FileReport], day: String, relativePath: (String) -> String?) -> (reports: [FileReport], suppressed: [SuppressedFinding]) {
        var suppressed: [SuppressedFinding] = []
        let settled = reports.map { report -> FileReport in
            var kept: [Finding] = []
            for finding in report.findings where !off.contains(finding.rule) {
                let reported = severities[finding.rule].map { finding.reported(at: $0) } ?? finding
                let matching = acceptances.filter { matches($0, reported, path: report.path, relativePath: relativePath) }
                if let holding = matching.first(where: { $0.holds(on: day) }) {
                    suppressed.append(SuppressedFinding(path: report.path, finding: reported, justification: holding.reason, origin: holding.origin))
                } else if let expired = matching.first {
                    kept.append(reported.noting("its acceptance (\(expired.origin): \(expired.reason)) expired on \(expired.expires ?? "")"))
                } else {
                    kept.append(reported)
                }
            }
            return FileReport(path: report.path, findings: kept)
        }
        return (settled, suppressed)
    }

    private func matches(_ acceptance: Acceptance, _ finding: Finding, path: String, relativePath: (String) -> String?) -> Bool {
        guard acceptance.rule == finding.rule, let keyPath = finding.keyPath, Self.names(keyPath, entry: acceptance.domain) else { return false }
        guard let glob = acceptance.path else { return true }
        return glob.matches(path, isDirectory: false) || relativePath(path).map { glob.matches($0, isDirectory: false) } == true
    }

    /// True when `keyPath` is the entry `domain` of `NSExceptionDomains` or `NSPinnedDomains`,
    /// or a key inside it. A domain keeps its dots in a key path, so the entry `legacy` must be
    /// followed by nothing or by a key an entry holds (a known ATS key, or one unknown key
    /// spelled `NS…`): `legacy` never names the entry `legacy.nsone.net`, `ts` never `ts.net`.
    package static func names(_ keyPath: String, entry domain: String) -> Bool {
        let lowered = keyPath.lowercased(), entry = domain.lowercased()
        for dictionary in ["nsexceptiondomains.", "nspinneddomains."] {
            guard let range = lowered.firstRange(of: dictionary) else { continue }
            let rest = lowered[range.upperBound...]
            guard rest.hasPrefix(entry) else { continue }
            let after = rest.dropFirst(entry.count)
            if after.isEmpty { return true }
            guard after.hasPrefix(".") else { continue }
            // The same characters in the key path as written (lowercasing ASCII keeps offsets;
            // a key path with other letters is compared as lowercased text).
            let written = keyPath.count == lowered.count ? String(keyPath.suffix(after.count - 1)) : String(after.dropFirst())
            let components = written.split(separator: ".", omittingEmptySubsequences: false)
            if entryKeys.contains(components[0].lowercased()) { return true }
            if components.count == 1 && components[0].hasPrefix("NS") { return true }
        }
        return false
    }

    /// The keys of an exception or pinned domain's dictionary, lowercased.
    private static let entryKeys: Set<String> = Set((Array(ATSKeys.domainKeys.keys) + Array(ATSKeys.pinnedDomainKeys.keys)
                                                     + Array(ATSKeys.legacyAliases.keys)).map { $0.lowercased() })
}
