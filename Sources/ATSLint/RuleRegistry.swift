/// The catalogue of every lint rule, in the order `--list-rules` prints them: the file as a
/// whole, keys, global settings, exception settings, domain keys, pinning.
public enum RuleRegistry {
    /// All rules.
    public static let all: [any LintRule] = [
        // The file and its keys
        InvalidPlistRule(),
        NoATSConfigurationRule(),
        WrongTypeRule(),
        UnknownKeyRule(),
        MisplacedKeyRule(),
        DuplicateKeyRule(),
        LegacyKeyRule(),
        ObsoleteCTKeyRule(),
        IgnoreCommentRule(),
        // Global keys
        ArbitraryLoadsRule(),
        ArbitraryLoadsIgnoredRule(),
        WebContentArbitraryLoadsRule(),
        MediaArbitraryLoadsRule(),
        // Exception settings
        InsecureHTTPExceptionRule(),
        TLSMinimumDeprecatedRule(),
        InvalidTLSVersionRule(),
        ForwardSecrecyDisabledRule(),
        NIAPUnknownValueRule(),
        EmptyExceptionRule(),
        RedundantDefaultRule(),
        // Domain keys
        InvalidDomainRule(),
        UppercaseDomainRule(),
        DuplicateDomainRule(),
        ShadowedDomainRule(),
        SubdomainsOnPublicSuffixRule(),
        SubdomainsOnIPRule(),
        IPExceptionUnsupportedRule(),
        LocalExceptionUnneededRule(),
        BuiltInExceptionReplacedRule(),
        // Pinning
        PinInvalidRule(),
        PinNoBackupRule(),
        PinWithoutExceptionCoverageRule(),
        PinnedDomainsUnsupportedRule(),
    ]

    /// The rule with this id.
    public static func rule(_ id: String) -> (any LintRule)? {
        all.first { $0.info.id == id }
    }
}
