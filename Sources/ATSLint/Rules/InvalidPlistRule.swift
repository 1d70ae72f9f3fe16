import ATSPolicy

/// `invalid-plist`: the file is not a readable property list. The `Linter` emits this finding
/// itself when `PlistReader` fails (no other rule can run then); the rule exists for its
/// metadata (`--list-rules`, SARIF).
public struct InvalidPlistRule: LintRule {
    /// Creates the `invalid-plist` rule, which has no settings.
    public init() {}

    /// `invalid-plist`, an error, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "invalid-plist", severity: .error,
        summary: "The file is not a readable XML, binary or JSON property list.",
        rationale: "iOS refuses to install an app whose Info.plist cannot be parsed, and a policy file that cannot be read cannot be checked. The finding gives the reader's message and, for XML, the line where parsing stopped.")

    /// Never reports: the `Linter` reports unreadable files before rules run.
    public func check(_ context: LintContext) -> [Finding] { [] }
}
