import ATSJSON
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// SARIF 2.1.0 for GitHub code scanning (and any other SARIF consumer).
///
/// One run; `tool.driver` lists every rule of the catalogue (id, name, shortDescription,
/// fullDescription, help with the rule's `docs/ats-rules.md` section, helpUri,
/// defaultConfiguration.level, properties.tags);
/// each finding becomes a result with `ruleId`, `ruleIndex` (its position in
/// `tool.driver.rules`), `level` (`error`, `warning`, or `note` for notices), `message.text`,
/// one location and a line-independent `partialFingerprints` entry.
///
/// Locations: `artifactLocation.uri` is relative to `%SRCROOT%` (the source root, by default
/// the working directory) with forward slashes and percent-encoding; a file outside the source
/// root gets an absolute `file://` URI and no `uriBaseId`. GitHub requires `region.startLine`,
/// so a finding without a line (binary or JSON plists, whole-file findings) is placed on line 1
/// without a column, and its message says so and names the key path.
///
/// Documentation links: SARIF wants absolute URIs for `informationUri` and `helpUri`, and
/// atscheck's documentation lives in its repository, wherever that is published. Given a
/// base (`Options.documentationBaseURI`, the CLI's `--sarif-base-uri`) such as
/// `https://github.com/ORG/atscheck/blob/v1.0/`, `informationUri` is the base and each rule's
/// `helpUri` is the base plus its repository-relative section link
/// (`docs/ats-rules.md#<id>`). Without a base both are left out (SARIF makes them optional)
/// and the help text carries the relative link.
public enum SARIFReporter {
    /// The `$schema` GitHub documents for SARIF 2.1.0.
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    /// The SARIF version written.
    public static let sarifVersion = "2.1.0"
    /// The base id relative artifact URIs are resolved against.
    public static let sourceRootBaseID = "%SRCROOT%"
    /// The `partialFingerprints` key atscheck writes.
    public static let fingerprintKey = "atscheckFinding/v1"
    /// `properties.tags` of every rule.
    public static let ruleTags = ["security", "ats"]

    /// What the SARIF log says about the tool and where paths are relative to.
    public struct Options: Sendable {
        /// `tool.driver.version` (and `semanticVersion`).
        public var toolVersion: String
        /// Absolute URI of the repository root the documentation links are resolved against
        /// (normalised to end in `/`); nil to write no `informationUri` and `helpUri`.
        public var documentationBaseURI: String?
        /// Absolute directory the uris are made relative to; nil to take paths as already
        /// relative to the repository root.
        public var sourceRoot: String?
        /// The catalogue written to `tool.driver.rules`; rule ids in the reports that are not
        /// in it (such as `invalid-plist`) are appended.
        public var rules: [LintRuleInfo]
        /// The fingerprints of a baseline (``LintFingerprint``): each result then carries a
        /// `baselineState`, `unchanged` for a finding the baseline holds, else `new`.
        public var baseline: Set<String>? = nil

        /// Creates options.
        public init(toolVersion: String, documentationBaseURI: String? = nil,
                    sourceRoot: String? = nil, rules: [LintRuleInfo] = RuleRegistry.all.map(\.info)) {
            self.toolVersion = toolVersion
            self.documentationBaseURI = documentationBaseURI.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
            self.sourceRoot = sourceRoot
            self.rules = rules
        }
    }

    /// The SARIF level of a severity: `error`, `warning`, `note`.
    public static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .notice: return "note"
        }
    }

    /// The SARIF log for `reports`, for encoding with any JSON encoder.
    /// Findings a configuration accepted (`suppressed`) are results too, each with a
    /// `suppressions` entry (kind `external`, status `accepted`, the reason as justification):
    /// GitHub code scanning shows them as dismissed instead of losing them.
    public static func log(_ reports: [FileReport], options: Options, suppressed: [SuppressedFinding] = []) -> Log {
        let accepted = Dictionary(grouping: suppressed, by: \.path)
        let everything = reports.map { FileReport(path: $0.path, findings: $0.findings + (accepted[$0.path] ?? []).map(\.finding)) }
            + accepted.keys.filter { path in !reports.contains { $0.path == path } }.sorted().map { FileReport(path: $0, findings: accepted[$0]!.map(\.finding)) }
        var justification: [Finding: SuppressedFinding] = [:]
        for item in suppressed where justification[item.finding] == nil { justification[item.finding] = item }
        let catalog = ReporterSupport.ruleCatalog(options.rules, covering: everything)
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in catalog.enumerated() where ruleIndex[rule.id] == nil { ruleIndex[rule.id] = index }

        var results: [Result] = []
        for report in everything {
            let acceptedHere = Set((accepted[report.path] ?? []).map(\.finding))
            let artifact = artifactLocation(for: report.path, sourceRoot: options.sourceRoot)
            for (finding, fingerprint) in zip(report.findings, LintFingerprint.all(report, sourceRoot: options.sourceRoot)) {
                var result = Result(finding: finding, ruleIndex: ruleIndex[finding.rule] ?? 0, artifact: artifact,
                                    fingerprint: fingerprint)
                if let known = options.baseline { result.baselineState = known.contains(fingerprint) ? "unchanged" : "new" }
                if acceptedHere.contains(finding) {
                    result.suppressions = [Result.Suppression(kind: justification[finding]?.kind ?? "external",
                                                              justification: justification[finding]?.justification ?? "")]
                }
                results.append(result)
            }
        }
        let base = options.documentationBaseURI
        let driver = Driver(version: options.toolVersion, informationURI: base,
                            rules: catalog.map { ReportingDescriptor($0, documentationBaseURI: base) })
        return Log(runs: [Run(tool: Run.Tool(driver: driver), results: results)])
    }

    /// The SARIF log as pretty-printed JSON with sorted keys, without a trailing newline.
    public static func render(_ reports: [FileReport], options: Options) -> String {
        // A reporter's document holds only strings, integers and arrays of them.
        do { return try JSONStyle.text(log(reports, options: options)) } catch { preconditionFailure("reporter document failed to encode: \(error)") }
    }

    // MARK: - Paths

    /// Where a file is, as SARIF `artifactLocation`: `uri` plus `uriBaseId` when relative.
    public struct ArtifactLocation: Encodable, Sendable, Hashable {
        /// Relative (to `uriBaseId`) or absolute `file://` URI, percent-encoded.
        public let uri: String
        /// `%SRCROOT%` for relative uris, nil (left out) for absolute ones.
        public let uriBaseId: String?
    }

    /// The artifact location of `path` (as given on the command line). Lexical only: the file
    /// system is not consulted, so symbolic links are not resolved.
    public static func artifactLocation(for path: String, sourceRoot: String?) -> ArtifactLocation {
        guard let sourceRoot, sourceRoot.hasPrefix("/") else {
            if path.hasPrefix("/") {
                return ArtifactLocation(uri: "file://" + percentEncode(normalize(path, absolute: true)), uriBaseId: nil)
            }
            return ArtifactLocation(uri: percentEncode(normalize(path, absolute: false)), uriBaseId: sourceRootBaseID)
        }
        let root = normalize(sourceRoot, absolute: true)
        let absolute = normalize(path.hasPrefix("/") ? path : root + "/" + path, absolute: true)
        let prefix = root == "/" ? "/" : root + "/"
        if absolute.hasPrefix(prefix) && absolute.count > prefix.count {
            return ArtifactLocation(uri: percentEncode(String(absolute.dropFirst(prefix.count))), uriBaseId: sourceRootBaseID)
        }
        return ArtifactLocation(uri: "file://" + percentEncode(absolute), uriBaseId: nil)
    }

    /// Removes empty and `.` components and resolves `..` lexically. Absolute results start
    /// with `/`; a relative path keeps leading `..` components it cannot resolve.
    static func normalize(_ path: String, absolute: Bool) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                if let last = components.last, last != ".." { components.removeLast() }
                else if !absolute { components.append(component) }
            default: components.append(component)
            }
        }
        let joined = components.joined(separator: "/")
        return absolute ? "/" + joined : joined
    }

    /// RFC 3986 path characters stay; everything else (space, `%`, `#`, `?`, `:`, non-ASCII) is
    /// percent-encoded as UTF-8. `:` is encoded so a relative uri can never look like a scheme.
    static func percentEncode(_ path: String) -> String {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/!$&'()*+,;=@".utf8)
        var out = ""
        for byte in path.utf8 {
            if allowed.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + NumberText.hex(byte, digits: 2)
            }
        }
        return out
    }


    // MARK: - Document

    // SARIF leaves an absent optional property out, so these are synthesized (nil is not written).

    /// A SARIF log (`sarifLog`).
    public struct Log: Encodable, Sendable {
        let schema = SARIFReporter.schemaURI
        let version = SARIFReporter.sarifVersion
        let runs: [Run]

        private enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }

    struct Run: Encodable, Sendable {
        struct Tool: Encodable, Sendable {
            let driver: Driver
        }
        let tool: Tool
        let results: [Result]
    }

    struct Driver: Encodable, Sendable {
        let name = "atscheck"
        let version: String
        let semanticVersion: String
        let informationUri: String?
        let rules: [ReportingDescriptor]

        init(version: String, informationURI: String?, rules: [ReportingDescriptor]) {
            self.version = version
            semanticVersion = version
            informationUri = informationURI
            self.rules = rules
        }
    }

    /// SARIF `text`/`markdown` message strings.
    struct MultiformatMessage: Encodable, Sendable {
        let text: String
        var markdown: String? = nil
    }

    /// One rule as SARIF `reportingDescriptor`.
    struct ReportingDescriptor: Encodable, Sendable {
        struct Configuration: Encodable, Sendable { let level: String }
        struct Properties: Encodable, Sendable {
            let tags: [String]
            /// Left out when the rule has no citation.
            let citation: String?
        }

        let id: String
        /// `unknown-key` → `UnknownKey` (the id when that leaves nothing).
        let name: String
        let shortDescription: MultiformatMessage
        let fullDescription: MultiformatMessage
        let help: MultiformatMessage
        /// Absolute documentation URL; left out without a documentation base.
        let helpUri: String?
        let defaultConfiguration: Configuration
        let properties: Properties

        init(_ info: LintRuleInfo, documentationBaseURI: String?) {
            let citation = info.citation.isEmpty ? nil : info.citation
            let helpURI = citation.flatMap { citation in documentationBaseURI.map { $0 + citation } }
            // The rule's documentation: absolute when a base is known, else repository-relative.
            let reference = citation.map { helpURI ?? $0 }
            let pascal = info.id.split(whereSeparator: { !$0.isLetter && !$0.isNumber })
                .map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            let summary = info.summary.isEmpty ? info.id : info.summary
            let rationale = info.rationale.isEmpty ? summary : info.rationale
            id = info.id
            name = pascal.isEmpty ? info.id : pascal
            shortDescription = MultiformatMessage(text: summary)
            fullDescription = MultiformatMessage(text: rationale)
            help = MultiformatMessage(
                text: [summary, rationale, reference.map { "Documentation: \($0)" }].compactMap { $0 }.joined(separator: "\n\n"),
                markdown: [
                    "**\(summary)**", rationale,
                    helpURI.map { "Documentation: [\(info.citation)](\($0))" } ?? reference.map { "Documentation: `\($0)` in the atscheck repository" },
                    "Rule id: `\(info.id)` (list all with `atscheck lint --list-rules`).",
                ].compactMap { $0 }.joined(separator: "\n\n"))
            self.helpUri = helpURI
            defaultConfiguration = Configuration(level: SARIFReporter.level(info.severity))
            properties = Properties(tags: SARIFReporter.ruleTags, citation: citation)
        }
    }

    /// One finding as SARIF `result`.
    struct Result: Encodable, Sendable {
        struct Message: Encodable, Sendable { let text: String }
        struct Location: Encodable, Sendable { let physicalLocation: PhysicalLocation }
        struct PhysicalLocation: Encodable, Sendable {
            let artifactLocation: ArtifactLocation
            let region: Region
        }
        struct Region: Encodable, Sendable {
            /// 1 when the finding has no line (the message says so).
            let startLine: Int
            /// Only with a real line and column.
            let startColumn: Int?
        }
        struct Properties: Encodable, Sendable {
            let keyPath: String?
            let fix: String?
        }

        let ruleId: String
        let ruleIndex: Int
        let level: String
        let message: Message
        let locations: [Location]
        let partialFingerprints: [String: String]
        /// Left out when the finding has neither a key path nor a fix.
        let properties: Properties?
        /// Only for a finding a configuration accepted.
        var suppressions: [Suppression]? = nil
        /// With a baseline: `new`, or `unchanged` for a finding the baseline holds.
        var baselineState: String? = nil

        /// A SARIF `suppression`: accepted outside the source (in `.atscheck.yml`), with why.
        struct Suppression: Encodable, Sendable {
            /// `inSource` (an `atscheck:ignore` comment) or `external` (`.atscheck.yml`).
            var kind: String
            var status = "accepted"
            let justification: String
        }

        init(finding: Finding, ruleIndex: Int, artifact: ArtifactLocation, fingerprint: String) {
            ruleId = finding.rule
            self.ruleIndex = ruleIndex
            level = SARIFReporter.level(finding.severity)
            message = Message(text: Self.text(finding))
            var column: Int? = nil
            if let line = finding.line, line >= 1, let found = finding.column, found >= 1 { column = found }
            locations = [Location(physicalLocation: PhysicalLocation(
                artifactLocation: artifact, region: Region(startLine: max(finding.line ?? 1, 1), startColumn: column)))]
            partialFingerprints = [SARIFReporter.fingerprintKey: fingerprint]
            properties = finding.keyPath != nil || finding.fix != nil ? Properties(keyPath: finding.keyPath, fix: finding.fix) : nil
        }

        /// The message, with the fix and, when the line is unknown, where the finding really is.
        static func text(_ finding: Finding) -> String {
            var text = finding.message
            if let fix = finding.fix { text += " Fix: \(fix)" }
            if finding.line == nil {
                let at = finding.keyPath.map { "key path \($0); " } ?? ""
                text += " (\(at)no line information, so shown on line 1)"
            }
            return text
        }
    }
}
