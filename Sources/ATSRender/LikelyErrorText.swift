import ATSCheck
import ATSVocabulary

/// The "app sees" line of a reason in `host` and `cert` text: the most likely error, then the
/// others the target may log (docs/ats-rules.md#error-codes).
public enum LikelyErrorText {
    /// `app sees: NSURLErrorDomain -1200 [3:-9802] (most likely); also -1202 [3:-9807], …`,
    /// worded "if refused, app sees" for a reason that leaves the verdict undetermined, under a
    /// four-space indent; the "also" part moves to its own line when the whole does not fit,
    /// so a code is never split from its `[3:…]`.
    public static func line(_ errors: [LikelyAppError], undetermined: Bool) -> String {
        guard let first = errors.first else { return "" }
        let head = "    \(undetermined ? "if refused, app sees" : "app sees"): NSURLErrorDomain \(first)"
        guard errors.count > 1 else { return head + "\n" }
        let others = "also " + errors.dropFirst().map(\.description).joined(separator: ", ")
        let whole = head + " (most likely); " + others
        if whole.count <= TerminalText.lineWidth { return whole + "\n" }
        return head + " (most likely);\n" + "      " + others + "\n"
    }
}
