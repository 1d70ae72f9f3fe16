import ATSPolicy

/// `insecure-http-exception`: `NSExceptionAllowsInsecureHTTPLoads=YES` (or a legacy alias).
public struct InsecureHTTPExceptionRule: LintRule {
    /// Creates the `insecure-http-exception` rule, which has no settings.
    public init() {}

    /// `insecure-http-exception`, a warning, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "insecure-http-exception", severity: .warning,
        summary: "An exception entry allows cleartext HTTP.",
        rationale: "NSExceptionAllowsInsecureHTTPLoads=YES permits http:// to the host and lets a URLSession delegate loosen server-trust evaluation for it; App Review asks for a justification. If the server speaks HTTPS with weak TLS, NSExceptionMinimumTLSVersion or NSExceptionRequiresForwardSecrecy is the narrower exception. Legacy aliases count (atscheck honours them by default).")

    /// One finding at each `NSExceptionAllowsInsecureHTTPLoads=YES` (or its iOS 9-era alias) in an exception
    /// entry; entries of only iOS 9-era keys are left to `legacy-key`.
    public func check(_ context: LintContext) -> [Finding] {
        context.exceptionEntries.filter { !context.isLegacyOnly($0) }.compactMap { domain in
            guard let key = domain.boolean(ATSKeys.allowsInsecureHTTPLoads, legacy: .alias), key.value else { return nil }
            let name = key.keyPath.components.last ?? ATSKeys.allowsInsecureHTTPLoads
            let scope = domain.includesSubdomains?.value == true ? " and its subdomains" : ""
            return finding("\(name)=YES allows cleartext http:// to \(domain.key)\(scope) and lets a delegate loosen trust for it, and App Review asks for a justification.",
                           at: key.keyPath, key.location,
                           fix: "Serve \(domain.key) over HTTPS and remove \(name); if its TLS is merely weak, use NSExceptionMinimumTLSVersion or NSExceptionRequiresForwardSecrecy instead")
        }
    }
}
