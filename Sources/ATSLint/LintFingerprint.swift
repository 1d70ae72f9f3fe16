import ATSVocabulary

/// The identity of a finding from one run to the next, for baselines and SARIF
/// `partialFingerprints`: its rule, its file (as SARIF names it, relative to the source root),
/// and its key path, or its message when it is about the whole file, then an occurrence number
/// among identical ones. Lines are no part of it, so a finding keeps its fingerprint when
/// lines move or keys are reordered; nor is the message when there is a key path, so a new
/// release's wording keeps it too.
public enum LintFingerprint {
    /// The fingerprint of each finding of `report`, in order (`0123456789abcdef:1`).
    public static func all(_ report: FileReport, sourceRoot: String?) -> [String] {
        let uri = SARIFReporter.artifactLocation(for: report.path, sourceRoot: sourceRoot).uri
        var occurrences: [String: Int] = [:]
        return report.findings.map { finding in
            let identity = [finding.rule, uri, finding.keyPath ?? "", finding.keyPath == nil ? finding.message : ""].joined(separator: "\u{0}")
            let occurrence = occurrences[identity, default: 0] + 1
            occurrences[identity] = occurrence
            return SARIFReporter.fnv1a64Hex(identity) + ":\(occurrence)"
        }
    }
}
