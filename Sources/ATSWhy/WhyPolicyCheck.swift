import ATSLint

/// A cause the app's policy rules out, with why (`why --policy`).
public struct RuledOutCause: Sendable, Hashable, Codable {
    /// The reason code from docs/ats-rules.md.
    public let reason: String
    /// What in the policy rules it out ("NSExceptionMinimumTLSVersion is TLSv1.0 for the host").
    public let why: String
}

/// What the app's Info.plist says of a decoded error's URL, resolved offline (`why --policy`,
/// `--url`): which entry decides the load, what it demands, and whether that agrees with the log.
public struct WhyPolicyCheck: Sendable, Hashable, Codable {
    /// The policy file as given; nil when none was (no keys: full ATS).
    public let policyPath: String?
    /// The URL resolved: the failing URL in the text, else `--url`, else `https://HOST/`.
    public let url: String
    /// The OS resolved for (`--target`, else the log's era).
    public let target: String
    /// The entry that decides the load, in words (`NSExceptionDomains entry 'example.com'`).
    public let decidedBy: String
    /// Whether ATS's extra checks apply to the load under this policy.
    public let atsEnforced: Bool
    /// Whether cleartext http:// is allowed.
    public let allowsInsecureHTTP: Bool
    /// The lowest TLS version accepted (nil when ATS does not apply).
    public let minimumTLSVersion: String?
    /// Whether ECDHE suites are required (nil when ATS does not apply).
    public let requiresForwardSecrecy: Bool?
    /// The `NSPinnedDomains` key whose pins apply, nil when none.
    public let pinnedDomain: String?
    /// `agrees` when the policy explains the failure, `contradicts` when it allows what the
    /// device refused or exempts what the log shows enforced, `narrows` when it only rules
    /// causes out, `silent` when it cannot tell.
    public let agreement: Agreement
    /// The sentences behind `agreement` and what follows from it.
    public let notes: [String]
    /// Lint findings (warning or error) that bear on this load: a misspelt or misplaced key is
    /// the usual reason a policy that looks right does not apply.
    public let findings: [Finding]

    /// How the policy and the log relate.
    public enum Agreement: String, Sendable, Hashable, Codable {
        /// The policy demands what the log shows failing.
        case agrees
        /// The policy allows what the device refused, or the log shows ATS where the policy has none.
        case contradicts
        /// The policy rules some causes out and says nothing of the rest.
        case narrows
        /// The policy does not decide between the causes.
        case silent
    }
}
