import ATSPolicy

// Shared plumbing for the rules in this folder (nothing here emits findings): telling a rule
// that passes from one that does not apply (zlint's "not applicable" ≠ "pass").

/// A rule that only applies to some targets or files. `check` returns no findings both when
/// the rule passes and when it does not apply; `applies(to:)` tells the two apart.
public protocol ConditionalLintRule: LintRule {
    /// False when the rule has nothing to say for this context (e.g. the target OS).
    func applies(to context: LintContext) -> Bool
}

extension LintRule {
    /// Whether the rule applies to `context` (always true for unconditional rules).
    public func isApplicable(to context: LintContext) -> Bool {
        (self as? any ConditionalLintRule)?.applies(to: context) ?? true
    }
}
