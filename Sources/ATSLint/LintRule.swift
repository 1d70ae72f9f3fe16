import ATSVocabulary
import ATSPolicy

/// What a rule is, printed by `atscheck lint --list-rules` and used for SARIF rule metadata.
public struct LintRuleInfo: Sendable, Hashable, Codable {
    /// Stable id (`unknown-key`); a public contract.
    public let id: String
    /// The severity of its findings (a rule may downgrade individual findings, never raise them).
    public let severity: Severity
    /// One line.
    public let summary: String
    /// Why it matters, a few sentences.
    public let rationale: String
    /// Where the rule and its sources are written down: `docs/ats-rules.md#<id>`, relative to
    /// the repository root; empty for a rule id this build does not document.
    public let citation: String

    /// Creates rule metadata; `citation` defaults to the rule's own section of
    /// ``RulesDocument``.
    public init(id: String, severity: Severity, summary: String, rationale: String, citation: String? = nil) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.citation = citation ?? RulesDocument.section(id)
    }
}

/// Everything a rule may look at for one file.
public struct LintContext: Sendable {
    /// The parsed file.
    public let document: PlistDocument
    /// The typed ATS configuration.
    public let policy: AppTransportSecurity
    /// Settings such as the target OS.
    public let options: LintOptions
    /// The file's `atscheck:ignore` comments, each tied to its key: read once, for the
    /// `ignore-comment` rule and for the `Linter`, which sets their findings apart.
    let ignoreDirectives: [IgnoreComments.Directive]

    /// Creates a context.
    public init(document: PlistDocument, policy: AppTransportSecurity, options: LintOptions) {
        self.document = document
        self.policy = policy
        self.options = options
        ignoreDirectives = IgnoreComments.directives(document)
    }
}

/// Settings shared by all rules.
public struct LintOptions: Sendable {
    /// The OS the app targets (some keys and exemptions depend on it).
    public var target: TargetOS
    /// The Public Suffix List `subdomains-on-public-suffix` checks names against (the snapshot
    /// compiled into atscheck by default; nil skips the check with one notice).
    public var publicSuffixes: PublicSuffixList?

    /// Creates options.
    public init(target: TargetOS = .latest, publicSuffixes: PublicSuffixList? = PublicSuffixList.snapshot) {
        self.target = target
        self.publicSuffixes = publicSuffixes
    }
}

/// One lint rule, zlint style: metadata plus a check. Each rule lives in its own file
/// under `Rules/` and is listed in `RuleRegistry.all`.
public protocol LintRule: Sendable {
    /// The rule's metadata.
    var info: LintRuleInfo { get }
    /// Every violation in the file; empty when the rule passes or does not apply.
    func check(_ context: LintContext) -> [Finding]
}

extension LintRule {
    /// A finding of this rule at its own severity.
    public func finding(_ message: String, at keyPath: PlistKeyPath?, _ location: SourceLocation?, fix: String? = nil,
                        severity: Severity? = nil) -> Finding {
        Finding(rule: info.id, severity: severity ?? info.severity, message: message, keyPath: keyPath, location: location, fix: fix)
    }
}
