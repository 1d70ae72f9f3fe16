import ATSPolicy
import ATSProbe

extension ATSSuiteGroup {
    /// The suite groups of the release `target` runs (docs/ats-rules.md#ats-cipher-suites):
    /// the iOS 9 list before iOS 12, then Apple's groups as they changed in Security-59754
    /// (order), Security-60158.100 (CBC-SHA2 suites dropped) and Security-61439.101 (static RSA
    /// offered first).
    public static func forTarget(_ target: TargetOS) -> ATSSuiteGroup {
        guard let release = target.securityRelease else { return .secureTransport }
        if release >= AppleSecurityRelease.named("Security-61439.101")! { return .ats3NonForwardSecretFirst }
        if release >= AppleSecurityRelease.named("Security-60158")! { return .ats3 }
        if release >= AppleSecurityRelease.named("Security-59754")! { return .ats2 }
        return .ats1
    }
}
