import ATSVocabulary
import AtscheckSystem

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
            return StableHash.fnv1a64Hex(identity) + ":\(occurrence)"
        }
    }
}

/// One lint finding as a baseline file holds it (`--write-baseline`); all but the fingerprint
/// are there for people reading the file.
public struct LintBaselineEntry: Codable, Sendable, Hashable {
    /// ``LintFingerprint``'s fingerprint of the finding.
    public var fingerprint: String
    /// The rule id.
    public var rule: String
    /// The file, as the run named it.
    public var path: String
    /// The key path, when the finding is about a key.
    public var keyPath: String?
    /// The message when it was written.
    public var message: String

    /// An entry of these parts.
    public init(fingerprint: String, rule: String, path: String, keyPath: String?, message: String) {
        self.fingerprint = fingerprint
        self.rule = rule
        self.path = path
        self.keyPath = keyPath
        self.message = message
    }
}
