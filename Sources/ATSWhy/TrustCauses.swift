/// Trust-level evidence → atscheck reasons: the names of failed trust checks
/// (`Trust evaluate failure:`) and the OSStatus codes `SecTrustEvaluateWithError` returns
/// (docs/ats-rules.md#error-codes). The most specific evidence a paste can hold.
enum TrustCauses {
    /// Reasons for one trust check name, most likely first; unknown names fall back to `cert-untrusted`.
    static func reasons(forCheck name: String) -> [String] {
        switch name {
        case "SSLHostname": ["cert-hostname-mismatch", "cert-missing-san"]
        case "TemporalValidity", "ValidLeaf", "ValidRoot": ["cert-expired", "cert-not-yet-valid"]
        case "NotValidBefore": ["cert-not-yet-valid"]
        case "AnchorTrusted", "GrayListedLeaf", "GrayListedKey", "BlackListedLeaf", "BlackListedKey": ["cert-untrusted"]
        case "MissingIntermediate": ["cert-incomplete-chain"]
        case "KeySize", "WeakKeySize", "SystemTrustedWeakKey": ["cert-weak-key"]
        case "SignatureHashAlgorithms", "WeakSignature", "SystemTrustedWeakHash": ["cert-weak-signature"]
        case "ExtendedKeyUsage", "ServerAuthEKU": ["cert-missing-server-auth-eku"]
        case "ValidityPeriodMaximums", "SystemTrustValidityPeriod", "OtherTrustValidityPeriod": ["cert-validity-too-long"]
        case "SystemTrustedCTRequired", "CTRequired", "NonTlsCTRequired": ["ct-required"]
        case "Revocation": ["cert-revoked"]
        case "LeafSPKISHA256", "CAspkiSHA256": ["pin-mismatch"]
        default: ["cert-untrusted"]
        }
    }

    /// Reasons for a Security-framework OSStatus, nil when the code is not a trust result;
    /// an empty list when no atscheck check can explain it. `detail` is the underlying message.
    static func reasons(forStatus code: Int, detail: String?) -> [String]? {
        if let detail, detail.contains("Certificate Transparency") { return ["ct-required"] }
        switch code {
        case -67602: return ["cert-hostname-mismatch", "cert-missing-san"]
        case -67818: return ["cert-expired", "cert-not-yet-valid"]
        case -67819: return ["cert-not-yet-valid"]
        case -67843: return ["cert-untrusted"]
        case -25318: return ["cert-incomplete-chain"]
        case -67735: return ["cert-weak-key"]
        case -67815: return ["cert-weak-signature"]
        case -67609: return ["cert-missing-server-auth-eku"]
        case -67901: return ["cert-validity-too-long"]
        case -67825: return ["ct-required"]
        case -67820: return ["cert-revoked"]
        case -9886: return ["pin-mismatch", "cert-untrusted"]
        case -67608, -67604, -67605, -67611, -67902, -67603, -67618, -67903, -67655, -67610, -67690, -67689,
             -67835, -67900, -67899:
            return ["cert-untrusted"]
        case -67635, -67654, -67612: return []
        default: return nil
        }
    }
}
