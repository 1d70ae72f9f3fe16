/// Which TLS 1.2 cipher-suite groups the app restricts a load to
/// (`…copy_transformed_options_for_host_or_address_internal`, docs/ats-rules.md#ats-cipher-suites).
public enum CipherSuitePolicy: String, Sendable, Codable, CaseIterable {
    /// The system's default suites: ATS is off, or an entry allows cleartext and does not
    /// require forward secrecy.
    case unrestricted
    /// The ATS group of the target's release.
    case ats
    /// The non-forward-secret group, then the ATS group (`NSExceptionRequiresForwardSecrecy = NO`).
    case atsAndNonForwardSecret = "ats-and-non-forward-secret"
}
