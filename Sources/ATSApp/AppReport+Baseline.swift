import ATSCheck
import ATSLint
import ATSScan

/// `app --write-baseline` and `--baseline`: each bundle's lint findings by ``LintFingerprint``
/// (the file being the policy under the input, the .ipa itself for an archive, as SARIF names
/// it), and the blocked and unknown URLs that count (``exitStatus``: offline, only those under
/// an unreadable policy) and no acceptance covers, by ``LoadBaselineEntry`` with the bundle's
/// path, so the same URL under two bundles is two loads.
extension AppReport {
    /// Each bundle's lint findings as one report on its policy file, in bundle order.
    public var lintReports: [FileReport] {
        bundles.map { bundle in
            let path = lintArtifact(bundle)
            var report = FileReport(path: path, findings: bundle.lint)
            report.suppressed = bundle.lintAccepted.filter { $0.kind == "inSource" }.map {
                SuppressedFinding(path: path, finding: $0.finding, justification: $0.justification, origin: $0.origin, inSource: true)
            }
            return report
        }
    }

    /// Replaces each bundle's lint findings with those of `reports` (one per bundle, in the
    /// order of ``lintReports``: the configuration's rule settings applied), and the lint
    /// counts with theirs.
    /// `accepted` (every finding a comment or the configuration accepts, on the files of
    /// ``lintReports``) becomes each bundle's `lintAccepted`.
    public mutating func replaceLint(_ reports: [FileReport], accepted: [SuppressedFinding]? = nil) {
        guard reports.count == bundles.count else { return }
        for index in bundles.indices { bundles[index].lint = reports[index].findings }
        let findings = reports.flatMap(\.findings)
        summary.lintErrors = findings.filter { $0.severity == .error }.count
        summary.lintWarnings = findings.filter { $0.severity == .warning }.count
        guard let accepted else { return }
        for index in bundles.indices {
            let path = reports[index].path
            bundles[index].lintAccepted = accepted.filter { $0.path == path }.map(AcceptedFinding.init)
        }
        summary.lintAccepted = bundles.reduce(0) { $0 + $1.lintAccepted.count }
    }

    /// The file a bundle's lint findings are on, as ``AppSARIF`` names it.
    func lintArtifact(_ bundle: BundleReport) -> String {
        if kind == .ipa { return input }
        return input == "." || input == "./" ? bundle.policy : (input.hasSuffix("/") ? input : input + "/") + bundle.policy
    }

    /// The baseline entry of an endpoint that a baseline holds or compares, nil for one it
    /// does not (allowed, filtered, accepted, an offline https:// URL that was not probed).
    func baselineEntry(_ endpoint: EndpointReport, bundle: BundleReport) -> LoadBaselineEntry? {
        let verdict = endpoint.verdict
        guard endpoint.accepted == nil, endpoint.isLoad else { return nil }
        if verdict == .unknown, offline, !endpoint.policyUnknown { return nil }
        return LoadBaselineEntry(url: endpoint.url, verdict: verdict, reasons: endpoint.reasons, bundle: bundle.path)
    }

    /// Every load a baseline of this run holds.
    public var baselineLoads: [LoadBaselineEntry] {
        bundles.flatMap { bundle in bundle.endpoints.compactMap { baselineEntry($0, bundle: bundle) } }
    }

    /// Marks each load `loads` holds `unchanged` (the others `new`), keeps in each bundle's
    /// lint only the findings `findings` (each bundle's report, from ``lintReports``, minus
    /// those the baseline holds) keeps, and records the outcome in the summary. Call after
    /// ``accept(_:day:)`` and before ``keepOnly(_:)``.
    public mutating func compare(with loads: inout LoadBaseline, findings kept: [FileReport], outcome: BaselineOutcome) {
        var outcome = outcome
        for index in bundles.indices {
            let bundle = bundles[index]
            if index < kept.count {
                outcome.findings += bundle.lint.count - kept[index].findings.count
                summary.lintErrors -= bundle.lint.filter { $0.severity == .error }.count - kept[index].findings.filter { $0.severity == .error }.count
                summary.lintWarnings -= bundle.lint.filter { $0.severity == .warning }.count - kept[index].findings.filter { $0.severity == .warning }.count
                bundles[index].lint = kept[index].findings
            }
            for endpoint in bundle.endpoints.indices {
                guard let entry = baselineEntry(bundle.endpoints[endpoint], bundle: bundle) else { continue }
                let state = loads.state(of: entry)
                bundles[index].endpoints[endpoint].baselineState = state
                guard state == .unchanged else { continue }
                if entry.verdict == .blocked { outcome.blocked += 1 } else { outcome.unknown += 1 }
                if entry.verdict == .unknown, bundle.endpoints[endpoint].policyUnknown { outcome.policyUnknown += 1 }
            }
        }
        outcome.fixedLoads = loads.fixed
        summary.baseline = outcome
    }
}
