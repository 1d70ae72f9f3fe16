import ATSPolicy

/// `ignore-comment`: an `atscheck:ignore` comment in an XML plist that accepts nothing.
public struct IgnoreCommentRule: LintRule {
    /// Creates the `ignore-comment` rule, which has no settings.
    public init() {}

    /// `ignore-comment`, a warning, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "ignore-comment", severity: .warning,
        summary: "An atscheck:ignore comment accepts nothing: no reason, no known rule, or no key after it.",
        rationale: "A suppression is a decision someone must be able to read later, so the comment has to say which rules it accepts and why. A comment without a reason, naming a rule that does not exist (a typo), or with no key after it silently accepts nothing, and the findings it was meant for still fail the run.")

    /// One finding per `atscheck:ignore` comment that accepts nothing, at the comment.
    public func check(_ context: LintContext) -> [Finding] {
        let known = Set(RuleRegistry.all.map(\.info.id))
        let bound = Set(context.ignoreDirectives.compactMap(\.line))
        return context.document.comments.compactMap { comment -> Finding? in
            let text = comment.text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard text.hasPrefix(IgnoreComments.marker) else { return nil }
            guard let (rules, _) = IgnoreComments.parse(comment.text) else {
                return finding("This atscheck:ignore comment accepts nothing: it needs the rules and a reason, as in <!-- atscheck:ignore RULE: REASON -->.",
                               at: nil, comment.end, fix: "Write the rule ids, a colon and why the findings are deliberate")
            }
            if let unknown = rules.sorted().first(where: { !known.contains($0) }) {
                return finding("This atscheck:ignore comment names '\(unknown)', which is no rule (atscheck lint --list-rules lists them); it accepts nothing.",
                               at: nil, comment.end, fix: "Use a rule id from atscheck lint --list-rules")
            }
            guard let line = comment.end?.line, bound.contains(line) else {
                return finding("No key follows this atscheck:ignore comment, so it accepts nothing.", at: nil, comment.end,
                               fix: "Put the comment right before the key whose findings it accepts")
            }
            return nil
        }
    }
}
