import ATSVocabulary
import ATSLint
import ATSPolicy
import ATSCheck
import ATSScan

/// `atscheck app --format sarif`: the audit as lint-style reports for `SARIFReporter`. Each
/// bundle's lint findings stay on its policy file's lines; each blocked URL becomes one result
/// per place it was found, on that file and line, under its reason code's rule
/// (`docs/ats-rules.md#<code>`). For an .ipa the archive itself is the artifact (code scanning
/// cannot open an entry inside it) and the message names the entry.
public enum AppSARIF {
    /// The reports and the rule catalogue (the lint rules plus every reason code used). A
    /// blocked URL that `accepted` takes on `day` is a suppressed result instead (kind
    /// `external`, its reason as justification); one whose acceptance has expired says so.
    /// With `knownLoads`, a baseline's loads, `knownLoadFingerprints` holds the
    /// ``LintFingerprint`` (relative to `sourceRoot`) of each blocked URL's result whose load
    /// the baseline holds. `lint`, one list per bundle in order, replaces the bundles' own lint
    /// findings (the configuration's rule settings applied).
    public static func reports(_ audit: AppAudit, accepted: AcceptedLoads = AcceptedLoads([]), day: String = "",
                               knownLoad knownLoads: LoadBaseline? = nil, sourceRoot: String? = nil, lint: [[Finding]]? = nil)
        -> (reports: [FileReport], rules: [LintRuleInfo], suppressed: [SuppressedFinding], knownLoadFingerprints: Set<String>) {
        var suppressed: [SuppressedFinding] = []
        var byFile: [String: [Finding]] = [:]
        var known: [String: [Bool]] = [:]
        var order: [String] = []
        var codes: [String] = []
        let held = Set((knownLoads?.entries ?? []).map(\.fingerprint))
        func add(_ finding: Finding, file: String, inBaseline: Bool = false) {
            if byFile[file] == nil { order.append(file) }
            byFile[file, default: []].append(finding)
            known[file, default: []].append(inBaseline)
        }
        let archive = audit.kind == .ipa
        func artifact(_ inner: String) -> String {
            archive ? audit.path : (audit.path.hasSuffix("/") ? audit.path : audit.path + "/") + inner
        }
        for (index, audited) in audit.bundles.enumerated() {
            let policy = audited.bundle.policyFile
            let findings = lint.flatMap { index < $0.count ? $0[index] : nil } ?? audited.findings
            for finding in findings {
                let moved = archive
                    ? Finding(rule: finding.rule, severity: finding.severity, message: "\(policy): \(finding.message)",
                              keyPath: finding.keyPath.map { PlistKeyPath($0.split(separator: ".").map(String.init)) }, location: nil, fix: finding.fix)
                    : finding
                add(moved, file: artifact(policy))
            }
            for endpoint in audited.endpoints where endpoint.verdict?.status == .blocked && endpoint.countsAsLoad {
                guard let reason = endpoint.verdict?.reasons.first else { continue }
                let code = reason.code.rawValue
                if !codes.contains(code) { codes.append(code) }
                let decision = (try? CheckTarget(url: endpoint.url).host).map { accepted.decision(url: endpoint.url, host: $0, verdict: .blocked, day: day) } ?? .none
                let inBaseline = LoadBaselineEntry(url: endpoint.url, verdict: .blocked, reasons: endpoint.verdict?.reasons ?? [],
                                                   bundle: audited.bundle.path).map { held.contains($0.fingerprint) } ?? false
                for place in endpoint.places {
                    let location = archive ? nil : place.line.map { SourceLocation(line: $0, column: 1) }
                    var message = (archive ? "\(place): " : "") + "\(endpoint.url) would be blocked under \(policy) (\(code)): \(reason.message)."
                    if case .expired(let entry) = decision { message += " Its acceptance (\(entry.origin): \(entry.reason)) expired on \(entry.expires ?? "")." }
                    let finding = Finding(rule: code, severity: .error, message: message, keyPath: nil, location: location,
                                          fix: reason.fix.map { $0.plistSnippet == nil ? $0.serverChange : "add the NSExceptionDomains entry atscheck app prints, or " + $0.serverChange })
                    if case .accepted(let entry) = decision {
                        suppressed.append(SuppressedFinding(path: artifact(place.file), finding: finding, justification: entry.reason, origin: entry.origin))
                    } else {
                        add(finding, file: artifact(place.file), inBaseline: inBaseline)
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
