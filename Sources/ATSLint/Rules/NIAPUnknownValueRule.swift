import ATSPolicy
import AtscheckSystem

/// `niap-unknown-value`: an `NSRequiresNIAPTLSPackageVersion` /
/// `NSExceptionRequiresNIAPTLSPackageVersion` value that is not documented.
public struct NIAPUnknownValueRule: LintRule {
    /// Creates the `niap-unknown-value` rule, which has no settings.
    public init() {}

    /// `niap-unknown-value`, an error, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "niap-unknown-value", severity: .error,
        summary: "A NIAP TLS package key has a value other than none, FCP_v2.1 or recommended.",
        rationale: "The NIAP keys (iOS 26.4) accept exactly none, FCP_v2.1 and recommended. Any other spelling is undocumented and most likely ignored, which silently leaves the stricter NIAP mode off.")

    /// One finding per global or per-domain NIAP package value other than `none`, `FCP_v2.1` or `recommended`,
    /// suggesting the documented value that differs only in case or by at most two edits.
    public func check(_ context: LintContext) -> [Finding] {
        var keys: [Located<String>] = []
        if let global = context.ats.requiresNIAPPackage { keys.append(global) }
        keys += context.exceptionEntries.compactMap(\.requiresNIAPPackage)
        return keys.compactMap { key in
            guard !ATSKeys.niapValues.contains(key.value) else { return nil }
            let name = key.keyPath.components.last ?? ATSKeys.requiresNIAP
            let typed = key.value.trimmingWhitespace().lowercased()
            let suggestion = ATSKeys.niapValues.first { $0.lowercased() == typed }
                ?? ATSKeys.niapValues.min { KeyDistance.distance(typed, $0.lowercased()) < KeyDistance.distance(typed, $1.lowercased()) }
                    .flatMap { KeyDistance.distance(typed, $0.lowercased()) <= 2 ? $0 : nil }
            let valid = ATSKeys.niapValues.joined(separator: ", ")
            var message = "\(name) \"\(key.value)\" is not one of \(valid), so ATS most likely ignores it"
            message += suggestion.map { "; did you mean \($0)?" } ?? "."
            return finding(message, at: key.keyPath, key.location, fix: suggestion ?? "One of \(valid)")
        }
    }
}
