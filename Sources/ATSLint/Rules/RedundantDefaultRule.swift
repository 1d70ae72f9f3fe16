import ATSVocabulary
import ATSPolicy

/// `redundant-default`: a key set to the value ATS uses when the key is absent.
public struct RedundantDefaultRule: LintRule {
    /// Creates the `redundant-default` rule, which has no settings.
    public init() {}

    /// `redundant-default`, a notice, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "redundant-default", severity: .notice,
        summary: "A key is set to its default value and changes nothing.",
        rationale: "NSAllowsArbitraryLoads=NO, NSIncludesSubdomains=NO, NSExceptionAllowsInsecureHTTPLoads=NO, NSExceptionRequiresForwardSecrecy=YES, NSExceptionMinimumTLSVersion=TLSv1.2 and NSRequiresNIAPTLSPackageVersion=none restate the defaults and only make the policy longer to review. NSAllowsLocalNetworking, NSAllowsArbitraryLoadsForMedia and NSAllowsArbitraryLoadsInWebContent set to NO are never reported: their mere presence neutralises NSAllowsArbitraryLoads on iOS 10+, and Apple suggests NSAllowsLocalNetworking as a declaration of intent.")

    /// One finding per key set to its default: `NSAllowsArbitraryLoads=NO`, `NSIncludesSubdomains=NO`,
    /// `NSExceptionAllowsInsecureHTTPLoads=NO`, `NSExceptionRequiresForwardSecrecy=YES`, `TLSv1.2`, and a NIAP
    /// value of `none`; a key that overrides an iOS 9-era alias set differently is doing work and is not reported.
    public func check(_ context: LintContext) -> [Finding] {
        let ats = context.ats
        var findings: [Finding] = []
        if let key = ats.allowsArbitraryLoads, !key.value { findings.append(redundant(key, "NO")) }
        let globalNIAP = ats.requiresNIAPPackage
        if let key = globalNIAP, key.value == "none" { findings.append(redundant(key, "none")) }
        for domain in context.exceptionEntries {
            if let key = domain.includesSubdomains, !key.value { findings.append(redundant(key, "NO")) }
            for (documented, defaultValue) in [(ATSKeys.allowsInsecureHTTPLoads, false), (ATSKeys.requiresForwardSecrecy, true)] {
                guard let key = domain.boolean(documented, legacy: .ignore), key.value == defaultValue else { continue }
                // A documented key that overrides a legacy alias set the other way is doing work.
                if let legacy = domain.legacyBooleans[documented], legacy.value != defaultValue { continue }
                findings.append(redundant(key, defaultValue.yesNo))
            }
            if let key = domain.minimumTLSVersion, key.value == TLSVersion.tls12.rawValue,
               domain.legacyMinimumTLSVersion.map({ $0.value == key.value }) ?? true {
                findings.append(redundant(key, key.value))
            }
            if let key = domain.requiresNIAPPackage, key.value == "none", globalNIAP == nil || globalNIAP?.value == "none" {
                findings.append(redundant(key, "none"))
            }
        }
        for domain in context.pinnedEntries {
            if let key = domain.includesSubdomains, !key.value { findings.append(redundant(key, "NO")) }
        }
        return findings
    }

    private func redundant<Value>(_ key: Located<Value>, _ value: String) -> Finding {
        let name = key.keyPath.components.last ?? ""
        return finding("\(name)=\(value) is the default, so the key changes nothing.", at: key.keyPath, key.location,
                       fix: "Remove \(name)")
    }
}
