import ATSApp
import ATSCheck
import ATSLint
import ATSScan
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `atscheck app` does once its options are known: read the app or project, audit it,
/// and settle the report under the configuration (accepted loads, rule settings), the
/// baseline and `--only`, deciding the exit status.
public enum AppRunPolicy {
    /// The app or project at `path` (an .ipa, .app, .xcarchive or project directory), read with
    /// `scope`; a ``RunInputError`` naming it when it cannot be opened.
    public static func files(_ path: String, scope: ScanScope) throws -> AppFiles {
        do throws(FileReadError) {
            return try AppFiles(path: path, scope: scope)
        } catch {
            throw RunInputError(description: "\(path): \(error.description)")
        }
    }

    /// The inventory of `files` (given as `path`) and its audit with `checker` and `options`.
    public static func audit(_ files: AppFiles, path: String, checker: ATSChecker,
                             options: AppAuditOptions) throws -> (inventory: AppInventory, audit: AppAudit) {
        let inventory: AppInventory
        do throws(FileReadError) {
            inventory = try AppInventory.collect(files)
        } catch {
            throw RunInputError(description: "\(path): \(error.description)")
        }
        return (inventory, AppAuditor.audit(inventory, files: files, checker: checker, options: options))
    }

    /// Settles `report` (of the audit of `inventory`): the loads `configuration` accepts and
    /// its rule settings, both judged at `time` (`--at`, as everything else is judged); then
    /// `writeBaseline` written, the baseline file `baseline` compared (fingerprints relative
    /// to `sourceRoot`, also the working directory), `only` kept; then the exit status at
    /// `failOn` (0 when a baseline written passes the run).
    public static func settle(_ report: AppReport, inventory: AppInventory, configuration: ConfigFile?,
                              baseline: String?, writeBaseline: BaselineWrite?, only: Set<String>, failOn: AppFailThreshold,
                              at time: Date, sourceRoot: String) throws -> SettledApp {
        var report = report
        let accepted = try configuration?.acceptedLoads() ?? AcceptedLoads([])
        let day = UTCTimestamp.day(time)
        let expired = report.accept(accepted, day: day)
        let (lint, lintSuppressed) = try LintRunPolicy.applyRules(report.lintReports, configuration: configuration, at: time,
                                                                  workingDirectory: sourceRoot)
        report.replaceLint(lint, accepted: lintSuppressed)
        if let writeBaseline {
            try Baseline(generator: "atscheck app", findings: Baseline.entries(report.lintReports, sourceRoot: sourceRoot),
                         loads: report.baselineLoads).save(to: writeBaseline.path)
        }
        var settled = SettledApp(report: report, sourceRoot: sourceRoot, lint: lint, lintSuppressed: lintSuppressed,
                                 expiredAcceptances: expired)
        if let baseline {
            let loaded = try Baseline.load(baseline)
            var loads = LoadBaseline(loaded.loads)
            let compared = loaded.compare(settled.report.lintReports, sourceRoot: sourceRoot)
            var outcome = AppReport.BaselineOutcome(path: baseline)
            outcome.fixedFindings = compared.fixed
            settled.report.compare(with: &loads, findings: compared.reports, outcome: outcome)
            settled.knownFingerprints = Set(loaded.findings.map(\.fingerprint))
            settled.knownLoads = LoadBaseline(loaded.loads)
        }
        settled.unfiltered = settled.report
        if !only.isEmpty { settled.report.keepOnly(only) }
        if settled.report.bundles.isEmpty {
            let code = inventory.unevaluatedConfigurations.first.map { " (\($0) is code: \(AppInventory.codeConfigurationAdvice))" } ?? ""
            settled.refusal = settled.report.failure
                ?? "no app or app extension bundle, Xcode app target, Expo app.json or Cordova config.xml found\(code)"
        }
        settled.exitStatus = writeBaseline?.passesRun == true ? .success : failOn.exitStatus(settled.report)
        return settled
    }
}

/// An `app` run settled by ``AppRunPolicy/settle(_:inventory:configuration:baseline:writeBaseline:only:failOn:at:sourceRoot:)``:
/// the report every format shows, what SARIF needs beside it, and the exit status.
public struct SettledApp: Sendable {
    /// The report: accepted loads marked, lint settled, baseline compared, `--only` kept.
    public var report: AppReport
    /// ``report`` before `--only` kept some endpoints: what SARIF shows (code scanning tracks
    /// every blocked load, accepted ones as suppressed results, whatever the view).
    public var unfiltered: AppReport? = nil
    /// The directory fingerprints and SARIF paths are relative to.
    public let sourceRoot: String
    /// Each bundle's lint reports after the configuration's rule settings.
    public let lint: [FileReport]
    /// The lint findings a comment or the configuration accepted.
    public let lintSuppressed: [SuppressedFinding]
    /// The loads whose acceptance has expired (SARIF says so in their results).
    public let expiredAcceptances: [AppReport.ExpiredAcceptance]
    /// The lint fingerprints the baseline holds; nil without `--baseline`.
    public var knownFingerprints: Set<String>? = nil
    /// The loads the baseline holds; nil without `--baseline`.
    public var knownLoads: LoadBaseline? = nil
    /// Why the run has nothing to judge (no bundle, target or configuration found), to be
    /// reported after the output as an input error on the path; nil when there is something.
    public var refusal: String? = nil
    /// The status the run exits with when ``refusal`` is nil.
    public var exitStatus: RunExitStatus = .success

    /// What `SARIFReporter` needs: the reports, the rule catalogue, the suppressed results and,
    /// with a baseline, the fingerprints each result is "unchanged" by (a lint finding by its
    /// own, a blocked URL's by its load's), all from the settled report before `--only`.
    public func sarif() -> (reports: [FileReport], rules: [LintRuleInfo], suppressed: [SuppressedFinding], baseline: Set<String>?) {
        let parts = AppSARIF.reports(unfiltered ?? report, lint: lint, expired: expiredAcceptances, sourceRoot: sourceRoot)
        return (parts.reports, parts.rules, parts.suppressed + lintSuppressed, knownFingerprints.map { $0.union(parts.knownLoadFingerprints) })
    }
}
