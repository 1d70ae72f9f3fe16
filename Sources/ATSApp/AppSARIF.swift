import ATSVocabulary
import ATSLint
import ATSPolicy
import ATSCheck
import ATSScan

/// `atscheck app --format sarif`: the settled report as lint-style reports for `SARIFReporter`.
/// Each bundle's lint findings stay on its policy file's lines; each blocked load becomes one
/// result per place it was found, on that file and line, under its reason code's rule
/// (`docs/ats-rules.md#<code>`). For an .ipa the archive itself is the artifact (code scanning
/// cannot open an entry inside it) and the message names the entry.
public enum AppSARIF {
    /// The reports and the rule catalogue (the lint rules plus every reason code used) of
    /// `report`, settled (acceptances marked, baseline compared). A blocked load it marks
    /// accepted is a suppressed result instead (kind `external`, its reason as justification);
    /// one in `expired` says its acceptance expired. `knownLoadFingerprints` holds the
    /// ``LintFingerprint`` (relative to `sourceRoot`) of each blocked load's result whose
    /// `baselineState` is `unchanged`. `lint`, one report per bundle in order (the
    /// configuration's rule settings applied, before the baseline held any back), replaces
    /// the bundles' lint findings.
    public static func reports(_ report: AppReport, lint: [FileReport]? = nil, expired: [AppReport.ExpiredAcceptance] = [],
                               sourceRoot: String? = nil)
        -> (reports: [FileReport], rules: [LintRuleInfo], suppressed: [SuppressedFinding], knownLoadFingerprints: Set<String>) {
        var suppressed: [SuppressedFinding] = []
        var byFile: [String: [Finding]] = [:]
        var known: [String: [Bool]] = [:]
        var order: [String] = []
        var codes: [String] = []
        func add(_ finding: Finding, file: String, inBaseline: Bool = false) {
            if byFile[file] == nil { order.append(file) }
            byFile[file, default: []].append(finding)
            known[file, default: []].append(inBaseline)
        }
        let archive = report.kind == .ipa
        func artifact(_ inner: String) -> String {
            archive ? report.input : (report.input.hasSuffix("/") ? report.input : report.input + "/") + inner
        }
        for (index, bundle) in report.bundles.enumerated() {
            let policy = bundle.policy
            let findings = lint.flatMap { index < $0.count ? $0[index].findings : nil } ?? bundle.lint
            for finding in findings {
                let moved = archive
                    ? Finding(rule: finding.rule, severity: finding.severity, message: "\(policy): \(finding.message)",
                              keyPath: finding.keyPath.map { PlistKeyPath($0.split(separator: ".").map(String.init)) }, location: nil, fix: finding.fix)
                    : finding
                add(moved, file: artifact(policy))
            }
            for endpoint in bundle.endpoints where endpoint.verdict == .blocked && endpoint.isLoad {
                guard let reason = endpoint.reasons.first else { continue }
                let code = reason.code.rawValue
                if !codes.contains(code) { codes.append(code) }
                let lapsed = expired.first { $0.bundle == index && $0.url == endpoint.url }?.acceptance
                for place in endpoint.foundAt {
                    let location = archive ? nil : place.line.map { SourceLocation(line: $0, column: 1) }
                    var message = (archive ? "\(place): " : "") + "\(endpoint.url) would be blocked under \(policy) (\(code)): \(reason.message)."
                    if let lapsed { message += " Its acceptance (\(lapsed.origin): \(lapsed.reason)) expired on \(lapsed.expires ?? "")." }
                    let finding = Finding(rule: code, severity: .error, message: message, keyPath: nil, location: location,
                                          fix: reason.fix.map { $0.plistSnippet == nil ? $0.serverChange : "add the NSExceptionDomains entry atscheck app prints, or " + $0.serverChange })
                    if let accepted = endpoint.accepted {
                        suppressed.append(SuppressedFinding(path: artifact(place.file), finding: finding, justification: accepted.reason, origin: accepted.origin))
                    } else {
                        add(finding, file: artifact(place.file), inBaseline: endpoint.baselineState == .unchanged)
                    }
                }
            }
        }
        let rules = RuleRegistry.all.map(\.info) + codes.map {
            LintRuleInfo(id: $0, severity: .error, summary: "ATS would block the load (\($0)).",
                         rationale: "A URL the app holds would fail under its bundle's ATS policy; see the reason's section.",
                         citation: "docs/ats-rules.md#\($0)")
        }
        let reports = order.map { FileReport(path: $0, findings: byFile[$0] ?? []) }
        var knownFingerprints = Set<String>()
        for report in reports where known[report.path]?.contains(true) == true {
            for (fingerprint, isKnown) in zip(LintFingerprint.all(report, sourceRoot: sourceRoot), known[report.path] ?? []) where isKnown {
                knownFingerprints.insert(fingerprint)
            }
        }
        return (reports, rules, suppressed, knownFingerprints)
    }
}
