import ATSLint
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `atscheck lint` decides once its files are linted: the configuration's rule settings
/// applied, the baseline written or compared, and the exit status.
public enum LintRunPolicy {
    /// `reports` under the rule settings of `configuration` (none without one): rules turned
    /// off or given another severity, accepted findings returned apart (after the findings
    /// a comment in the file suppressed), acceptances judged on the UTC day of `time`. A rule
    /// acceptance's `path` glob is matched against the report's path relative to the
    /// configuration's directory (`workingDirectory` makes relative paths absolute).
    public static func applyRules(_ reports: [FileReport], configuration: ConfigFile?, at time: Date,
                                  workingDirectory: String) throws -> (reports: [FileReport], suppressed: [SuppressedFinding]) {
        let commented = reports.flatMap(\.suppressed)
        guard let configuration else { return (reports, commented) }
        let settings = try configuration.ruleSettings()
        let absolute = { (path: String) in path.hasPrefix("/") ? path : workingDirectory + "/" + path }
        let directory = PathText.parent(absolute(configuration.path))
        let (settled, accepted) = settings.apply(to: reports, day: UTCTimestamp.day(time)) { path in
            let full = absolute(path)
            return full.hasPrefix(directory + "/") ? String(full.dropFirst(directory.count + 1)) : nil
        }
        return (settled, commented + accepted)
    }

    /// Settles a lint run: the rule settings of `configuration` (judged at `time`), then
    /// `writeBaseline` written and the baseline file `baseline` compared (fingerprints relative
    /// to `sourceRoot`, which is also the working directory), then the exit status: 2 when
    /// `unreadable` inputs could not be read at all, 0 when a baseline written passes the run,
    /// else 1 when a finding reported is at or above `failOn`.
    public static func settle(_ reports: [FileReport], configuration: ConfigFile?, baseline: String?, writeBaseline: BaselineWrite?,
                              failOn: LintFailThreshold, unreadable: Int = 0, at time: Date, sourceRoot: String) throws -> SettledLint {
        let (settled, suppressed) = try applyRules(reports, configuration: configuration, at: time, workingDirectory: sourceRoot)
        if let writeBaseline { try Baseline(settled, sourceRoot: sourceRoot).save(to: writeBaseline.path) }
        var result = SettledLint(settled: settled, reports: settled, suppressed: suppressed)
        if let baseline {
            let loaded = try Baseline.load(baseline)
            let compared = loaded.compare(settled, sourceRoot: sourceRoot)
            result.reports = compared.reports
            result.baseline = LintBaselineOutcome(path: baseline, known: compared.known, fixed: compared.fixed)
            result.knownFingerprints = Set(loaded.findings.map(\.fingerprint))
        }
        if unreadable > 0 {
            result.exitStatus = .usage
        } else if writeBaseline?.passesRun == true {
            result.exitStatus = .success
        } else {
            result.exitStatus = failOn.fails(LintSummary(result.reports)) ? .failure : .success
        }
        return result
    }
}

/// A lint run settled by ``LintRunPolicy/settle(_:configuration:baseline:writeBaseline:failOn:unreadable:at:sourceRoot:)``.
public struct SettledLint: Sendable {
    /// The reports after the configuration's rule settings, before the baseline.
    public var settled: [FileReport]
    /// The reports to show: without the findings the baseline holds, when there is one.
    public var reports: [FileReport]
    /// The findings accepted by a comment in the file or by the configuration.
    public var suppressed: [SuppressedFinding]
    /// What the baseline held back and which of its findings are gone; nil without `--baseline`.
    public var baseline: LintBaselineOutcome? = nil
    /// The fingerprints the baseline holds; nil without `--baseline`.
    public var knownFingerprints: Set<String>? = nil
    /// The status the run exits with.
    public var exitStatus: RunExitStatus = .success

    /// The reports SARIF carries: with a baseline every finding (each marked new or
    /// unchanged by ``knownFingerprints``), else the reports shown.
    public var sarifReports: [FileReport] { knownFingerprints == nil ? reports : settled }
}
