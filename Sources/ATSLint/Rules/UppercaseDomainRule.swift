import ATSPolicy

/// `uppercase-domain`: a domain key with uppercase letters.
public struct UppercaseDomainRule: LintRule {
    public init() {}

    public let info = LintRuleInfo(
        id: "uppercase-domain", severity: .warning,
        summary: "An NSExceptionDomains or NSPinnedDomains key contains uppercase letters.",
        rationale: "Apple says to write domain keys in lowercase and does not say whether ATS compares them case-insensitively with the (lower-cased) URL host. atscheck assumes it does, but an uppercase key may silently never match on a device. Keys with other problems are left to invalid-domain, whose fix is already lower-cased.")

    public func check(_ context: LintContext) -> [Finding] {
        context.domainEntries.compactMap { entry in
            guard entry.key != entry.key.lowercased(), DomainKeyAnalysis(entry.key).isValid else { return nil }
            return finding("Domain key \(entry.key) contains uppercase letters; Apple asks for lowercase keys and does not document case-insensitive matching.",
                           at: entry.keyPath, entry.location, fix: entry.key.lowercased())
        }
    }
}
