import ATSPolicy

/// `forward-secrecy-disabled`: `NSExceptionRequiresForwardSecrecy=NO` (or a legacy alias).
public struct ForwardSecrecyDisabledRule: LintRule {
    /// Creates the `forward-secrecy-disabled` rule, which has no settings.
    public init() {}

    /// `forward-secrecy-disabled`, a notice, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "forward-secrecy-disabled", severity: .notice,
        summary: "An exception entry lifts the forward-secrecy requirement.",
        rationale: "NSExceptionRequiresForwardSecrecy=NO adds static-RSA key-exchange suites for the host and, less obviously, also lifts ATS's RSA-2048 / ECC-256 key-size check. It does not lower the TLS version floor and needs no App Review justification, hence only a notice.")

    /// One finding at each `NSExceptionRequiresForwardSecrecy=NO` (or its iOS 9-era alias) in an exception entry;
    /// entries of only iOS 9-era keys are left to `legacy-key`.
    public func check(_ context: LintContext) -> [Finding] {
        context.exceptionEntries.filter { !context.isLegacyOnly($0) }.compactMap { domain in
            guard let key = domain.boolean(ATSKeys.requiresForwardSecrecy, legacy: .alias), !key.value else { return nil }
            let name = key.keyPath.components.last ?? ATSKeys.requiresForwardSecrecy
            return finding("\(name)=NO lets \(domain.key) use key exchange without forward secrecy and also lifts ATS's minimum key-size check.",
                           at: key.keyPath, key.location,
                           fix: "Enable ECDHE cipher suites on \(domain.key) and remove \(name)")
        }
    }
}
