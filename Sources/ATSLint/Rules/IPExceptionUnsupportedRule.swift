import ATSVocabulary
import ATSPolicy

/// `ip-exception-unsupported`: an IP-address or CIDR key in `NSExceptionDomains` on a target
/// before iOS 17 / macOS 14, which does not accept them.
public struct IPExceptionUnsupportedRule: ConditionalLintRule {
    /// Creates the `ip-exception-unsupported` rule, which has no settings.
    public init() {}

    /// `ip-exception-unsupported`, an error, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "ip-exception-unsupported", severity: .error,
        summary: "NSExceptionDomains has an IP-address or CIDR key, which ATS accepts only from iOS 17 / macOS 14.",
        rationale: "Before iOS 17 the documentation said not to use numeric IP addresses as exception keys, and ATS does not apply them; on iOS 9 only NSAllowsArbitraryLoads reaches an IP literal, while iOS 10–16 exempt IP literals from ATS anyway. Not applicable to iOS 17+ targets, where IP and CIDR keys are documented.")

    /// True on targets before iOS 17 / macOS 14, which do not accept IP-address or CIDR exception keys.
    public func applies(to context: LintContext) -> Bool { !context.options.target.hasIOS17Rules }

    /// One finding per `NSExceptionDomains` key that is an IP address or a CIDR range; none from iOS 17 / macOS 14.
    public func check(_ context: LintContext) -> [Finding] {
        guard applies(to: context) else { return [] }
        let target = context.options.target
        return context.exceptionEntries.compactMap { domain in
            guard DomainKeyAnalysis.isIPOrCIDR(domain.key) else { return nil }
            let kind = IPAddress(domain.key, allowingZone: false) != nil ? "an IP-address key" : "a CIDR key"
            let consequence = target.hasIOS10Rules
                ? "IP literals are exempt from ATS there anyway, and the entry only takes effect on iOS 17 and later"
                : "the only way to reach an IP literal there is NSAllowsArbitraryLoads"
            return finding("\(domain.key) is \(kind), which NSExceptionDomains accepts only from iOS 17 / macOS 14, so \(target) ignores the entry; \(consequence).",
                           at: domain.keyPath, domain.location,
                           fix: target.hasIOS10Rules
                               ? "Keep the entry only if the app also runs on iOS 17+ (then lint with --target ios17); nothing is needed before that"
                               : "Connect by host name and list that name, or raise the deployment target")
        }
    }
}
