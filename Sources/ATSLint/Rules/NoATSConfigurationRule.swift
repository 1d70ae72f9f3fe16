import ATSPolicy

/// `no-ats-configuration`: the file holds nothing ATS reads — an Info.plist (or an Expo
/// `ios.infoPlist`, or what cordova-ios writes) with no `NSAppTransportSecurity`.
public struct NoATSConfigurationRule: LintRule {
    /// Creates the `no-ats-configuration` rule, which has no settings.
    public init() {}

    /// `no-ats-configuration`, a notice, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "no-ats-configuration", severity: .notice,
        summary: "The file holds no ATS configuration, so ATS's defaults apply.",
        rationale: "Without NSAppTransportSecurity every load gets full ATS: HTTPS only, TLS 1.2 or later, forward secrecy, a trusted certificate. Saying so keeps \"no findings\" from reading as \"checked and fine\" when nothing was there to check.")

    /// One finding at the root when the file has no `NSAppTransportSecurity` and no root key that looks like an
    /// attempt at ATS (those are `unknown-key`'s and `misplaced-key`'s).
    public func check(_ context: LintContext) -> [Finding] {
        // ATS keys at the wrong level, or a misspelt NSAppTransportSecurity, are misplaced-key's
        // and unknown-key's to report: the author meant to configure ATS.
        guard !context.policy.isPresent, let root = context.document.root.value.entries,
              !root.contains(where: { Self.looksLikeATS($0.key) }) else { return [] }
        return [finding("No NSAppTransportSecurity dictionary: ATS's defaults apply to every load (HTTPS only, TLS 1.2 or later, forward secrecy, a trusted certificate).",
                        at: PlistKeyPath([ATSKeys.root]), context.document.root.location)]
    }

    private static func looksLikeATS(_ key: String) -> Bool {
        key.lowercased().contains("transport")
            || ["NSAllows", "NSException", "NSPinned", "NSIncludes", "NSRequires", "NSThirdParty", "NSTemporary"].contains { key.hasPrefix($0) }
    }
}
