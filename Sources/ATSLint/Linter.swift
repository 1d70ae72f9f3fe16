import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The lint result for one file.
public struct FileReport: Sendable, Encodable {
    /// The path as given.
    public let path: String
    /// Every finding, sorted by line, then column, then rule id.
    public let findings: [Finding]
    /// The findings the file's own `atscheck:ignore` comments accept, with their reasons (not
    /// in ``findings``; not written by the JSON encoding of a report, which lists `findings`).
    public var suppressed: [SuppressedFinding] = []

    private enum CodingKeys: String, CodingKey { case path, findings }

    /// A report of `findings` on `path` (reporters also render findings made elsewhere, such as
    /// `atscheck app`'s blocked URLs).
    public init(path: String, findings: [Finding]) {
        self.path = path
        self.findings = findings
    }

    /// Count of findings at `severity`.
    public func count(_ severity: Severity) -> Int { findings.filter { $0.severity == severity }.count }
}

/// Runs every rule over policy files.
public struct Linter: Sendable {
    /// Rule settings.
    public let options: LintOptions
    /// The rules to run.
    public let rules: [any LintRule]

    /// Rule ids whose findings are dropped (`lint --disable`), `invalid-plist` included.
    public let disabledRules: Set<String>

    /// Creates a linter over the registry's rules.
    public init(options: LintOptions = LintOptions(), rules: [any LintRule] = RuleRegistry.all, disabledRules: Set<String> = []) {
        self.options = options
        self.rules = rules.filter { !disabledRules.contains($0.info.id) }
        self.disabledRules = disabledRules
    }

    /// Lints the bytes of one file. A file that is not a property list yields one
    /// `invalid-plist` finding (at the position the reader gives) and nothing else.
    public func lint(_ data: Data, path: String) -> FileReport {
        let document: PlistDocument
        do {
            document = try PlistReader.read(data)
        } catch {
            return unreadable(path: path, message: error.message, at: error.location)
        }
        return lint(document: document, path: path)
    }

    /// Lints a document read or built elsewhere (an Expo `app.json`'s `ios.infoPlist`, the
    /// dictionary cordova-ios would write).
    public func lint(document: PlistDocument, path: String) -> FileReport {
        let context = LintContext(document: document, policy: AppTransportSecurity(document: document), options: options)
        let findings = rules.flatMap { $0.check(context) }.sorted { lhs, rhs in
            (lhs.line ?? 0, lhs.column ?? 0, lhs.rule, lhs.message) < (rhs.line ?? 0, rhs.column ?? 0, rhs.rule, rhs.message)
        }
        let directives = context.ignoreDirectives
        guard !directives.isEmpty else { return FileReport(path: path, findings: findings) }
        let (kept, suppressed) = IgnoreComments.split(findings, path: path, directives: directives)
        var report = FileReport(path: path, findings: kept)
        report.suppressed = suppressed
        return report
    }

    /// The report for a file that is not a readable property list: one `invalid-plist`
    /// finding (none when that rule is disabled).
    public func unreadable(path: String, message: String, at location: SourceLocation? = nil) -> FileReport {
        let finding = InvalidPlistRule().finding(message, at: nil, location)
        return FileReport(path: path, findings: disabledRules.contains(finding.rule) ? [] : [finding])
    }
}
