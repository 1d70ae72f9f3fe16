import ATSVocabulary
import ATSPolicy

/// `builtin-exception-replaced`: an `NSExceptionDomains` key equal to one of Apple's built-in
/// exception entries (apple.com, ls.apple.com, …), which replaces that entry whole.
public struct BuiltInExceptionReplacedRule: ConditionalLintRule {
    /// Creates the `builtin-exception-replaced` rule, which has no settings.
    public init() {}

    /// `builtin-exception-replaced`, a warning, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "builtin-exception-replaced", severity: .warning,
        summary: "An NSExceptionDomains key replaces one of Apple's built-in exception entries.",
        rationale: "From iOS 12 / macOS 10.14 every app's ATS configuration starts with built-in exception entries for Apple's own services (sec_protocol_configuration_register_builtin_exceptions, protocol/SecProtocolConfiguration.m, Security-61901; docs/ats-rules.md#ats-built-in-exceptions). Each includes subdomains, allows cleartext HTTP, sets a TLS minimum and does not require forward secrecy. An app entry with the same key is stored in its place, so only what the app wrote applies to that domain and all its subdomains. Not applicable to targets before iOS 12, which have no built-in entries.")

    /// True when the target has Apple's built-in exception entries (`TargetOS.hasBuiltInExceptions`).
    public func applies(to context: LintContext) -> Bool { context.options.target.hasBuiltInExceptions }

    /// One finding per `NSExceptionDomains` key equal to a key of `BuiltInExceptions.entries`, saying what the
    /// built-in entry allowed; none on targets without built-in entries.
    public func check(_ context: LintContext) -> [Finding] {
        guard applies(to: context) else { return [] }
        let builtIns = Dictionary(BuiltInExceptions.entries.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        return context.exceptionEntries.compactMap { domain in
            guard let builtIn = builtIns[domain.key] else { return nil }
            return finding("\(domain.key) replaces Apple's built-in exception for it, which includes subdomains, allows cleartext HTTP, sets a \(builtIn.minimumTLSVersion.rawValue) minimum and does not require forward secrecy; only what this entry says applies to \(domain.key) and its subdomains.",
                           at: domain.keyPath, domain.location,
                           fix: "Remove the entry unless the app means to tighten (or loosen) ATS for Apple's own servers")
        }
    }
}
