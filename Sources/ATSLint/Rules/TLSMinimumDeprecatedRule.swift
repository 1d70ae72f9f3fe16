import ATSVocabulary
import ATSPolicy

/// `tls-minimum-deprecated`: `NSExceptionMinimumTLSVersion` of TLSv1.0 or TLSv1.1.
public struct TLSMinimumDeprecatedRule: LintRule {
    /// Creates the `tls-minimum-deprecated` rule, which has no settings.
    public init() {}

    /// `tls-minimum-deprecated`, a warning, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "tls-minimum-deprecated", severity: .warning,
        summary: "An exception entry accepts TLS 1.0 or 1.1.",
        rationale: "TLS 1.0 and 1.1 are deprecated since iOS 15 / macOS 12 and Apple says support will be removed, after which the exception stops helping and connections fail. Values below TLSv1.2 also need an App Review justification.")

    /// One finding at each `NSExceptionMinimumTLSVersion` (or iOS 9-era alias) of TLSv1.0 or TLSv1.1; entries of
    /// only iOS 9-era keys are left to `legacy-key`.
    public func check(_ context: LintContext) -> [Finding] {
        context.exceptionEntries.filter { !context.isLegacyOnly($0) }.flatMap { domain in
            [domain.minimumTLSVersion, domain.legacyMinimumTLSVersion].compactMap { key -> Finding? in
                guard let key, let version = TLSVersion(rawValue: key.value), version < .tls12 else { return nil }
                let name = key.keyPath.components.last ?? ATSKeys.minimumTLSVersion
                return finding("\(name)=\(key.value) lets \(domain.key) use a TLS version deprecated since iOS 15 / macOS 12 that Apple says will be removed, and App Review asks for a justification.",
                               at: key.keyPath, key.location,
                               fix: "Enable TLS 1.2 or later on \(domain.key) and remove \(name)")
            }
        }
    }
}
