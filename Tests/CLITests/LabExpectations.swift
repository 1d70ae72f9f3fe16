import Testing

// The verdict each lab profile must get from `atscheck host` / `atscheck lab` under full ATS,
// with the lab root as a user-installed root, at 2025-06-01T00:00:00Z. The same table as
// Tests/ATSCheckTests/Expectations.swift (the library's), here by profile name because this
// target runs the executable and does not link TLSLab.

struct LabCase: Sendable, CustomTestStringConvertible {
    let profile: String
    /// `allowed`, `blocked` or `unknown`.
    let verdict: String
    let codes: Set<String>
    /// The Info.plist exception keys of the first reason's fix, when an exception fixes it.
    let fixKeys: [String: String]?

    var testDescription: String { profile }

    /// `atscheck host`'s exit status for this verdict.
    var exitStatus: Int32 {
        switch verdict {
        case "allowed": 0
        case "blocked": 1
        default: 3
        }
    }
}

enum LabTable {
    static let cases: [LabCase] = [
        LabCase(profile: "good-rsa", verdict: "allowed", codes: [], fixKeys: nil),
        LabCase(profile: "good-ecdsa", verdict: "allowed", codes: [], fixKeys: nil),
        LabCase(profile: "tls13-only", verdict: "allowed", codes: [], fixKeys: nil),
        LabCase(profile: "tls10-only", verdict: "blocked", codes: ["tls-version-too-low"],
                fixKeys: ["NSExceptionMinimumTLSVersion": "TLSv1.0"]),
        LabCase(profile: "tls11-only", verdict: "blocked", codes: ["tls-version-too-low"],
                fixKeys: ["NSExceptionMinimumTLSVersion": "TLSv1.1"]),
        LabCase(profile: "static-rsa-only", verdict: "blocked", codes: ["no-forward-secrecy"],
                fixKeys: ["NSExceptionRequiresForwardSecrecy": "NO"]),
        LabCase(profile: "dhe-only", verdict: "blocked", codes: ["cipher-suite-not-allowed"], fixKeys: nil),
        LabCase(profile: "ecdhe-rsa-aes256-sha-only", verdict: "allowed", codes: [], fixKeys: nil),
        LabCase(profile: "chacha20-only", verdict: "allowed", codes: [], fixKeys: nil),
        LabCase(profile: "ecdhe-rsa-aes128-sha256-only", verdict: "blocked", codes: ["cipher-suite-not-allowed"], fixKeys: nil),
        LabCase(profile: "ecdhe-rsa-aes256-sha384-only", verdict: "blocked", codes: ["cipher-suite-not-allowed"], fixKeys: nil),
        LabCase(profile: "rsa-aes128-sha256-only", verdict: "blocked", codes: ["cipher-suite-not-allowed"], fixKeys: nil),
        LabCase(profile: "expired", verdict: "blocked", codes: ["cert-expired"], fixKeys: nil),
        LabCase(profile: "self-signed", verdict: "blocked", codes: ["cert-untrusted"], fixKeys: nil),
        LabCase(profile: "wrong-host", verdict: "blocked", codes: ["cert-hostname-mismatch"], fixKeys: nil),
        LabCase(profile: "sha1-leaf", verdict: "blocked", codes: ["cert-weak-signature"], fixKeys: nil),
        LabCase(profile: "rsa1024", verdict: "blocked", codes: ["cert-weak-key"], fixKeys: nil),
        LabCase(profile: "no-san", verdict: "blocked", codes: ["cert-missing-san", "cert-hostname-mismatch"], fixKeys: nil),
        LabCase(profile: "clientauth-eku", verdict: "blocked", codes: ["cert-missing-server-auth-eku"], fixKeys: nil),
        LabCase(profile: "validity-900-days", verdict: "blocked", codes: ["cert-validity-too-long"], fixKeys: nil),
        LabCase(profile: "missing-intermediate", verdict: "blocked", codes: ["cert-incomplete-chain"], fixKeys: nil),
        // The lab root is user-installed here, so CT does not apply (LabVerdictTests covers it as a preinstalled root).
        LabCase(profile: "tls-scts", verdict: "allowed", codes: [], fixKeys: nil),
        LabCase(profile: "ocsp-scts", verdict: "allowed", codes: [], fixKeys: nil),
        LabCase(profile: "large-chain", verdict: "blocked", codes: ["chain-too-large"], fixKeys: nil),
        LabCase(profile: "plain-http", verdict: "blocked", codes: ["insecure-http"],
                fixKeys: ["NSExceptionAllowsInsecureHTTPLoads": "YES"]),
        LabCase(profile: "silent", verdict: "unknown", codes: ["timeout"], fixKeys: nil),
        LabCase(profile: "not-tls", verdict: "unknown", codes: ["not-tls"], fixKeys: nil),
        LabCase(profile: "reset-after-hello", verdict: "unknown", codes: ["connection-failed"], fixKeys: nil),
        LabCase(profile: "close-after-hello", verdict: "unknown", codes: ["connection-failed"], fixKeys: nil),
        LabCase(profile: "reset-mid-handshake", verdict: "unknown", codes: ["connection-failed"], fixKeys: nil),
        LabCase(profile: "hello-then-silence", verdict: "unknown", codes: ["timeout"], fixKeys: nil),
        LabCase(profile: "tls-garbage", verdict: "unknown", codes: ["not-tls"], fixKeys: nil),
        LabCase(profile: "reset-app-hello", verdict: "unknown", codes: ["inconsistent-server"], fixKeys: nil),
        LabCase(profile: "only-app-hello", verdict: "allowed", codes: [], fixKeys: nil),
        LabCase(profile: "dual-certificate", verdict: "blocked", codes: ["cert-expired"], fixKeys: nil),
    ]

    static let names: Set<String> = Set(cases.map(\.profile))

    static func lookup(_ profile: String) -> LabCase { cases.first { $0.profile == profile }! }

    /// The nscurl row names in order (docs/ats-rules.md#nscurl-matrix: 16 tests).
    static let diagnosticRows: [String] = {
        let versions = ["TLSv1.3", "TLSv1.2", "TLSv1.1", "TLSv1.0"]
        return ["ATS Default Connection", "Allow All Loads"] + versions
            + ["Disabling Perfect Forward Secrecy", "Disabling Perfect Forward Secrecy and Allowing Insecure HTTP"]
            + versions.map { "\($0) with PFS disabled" } + versions.map { "\($0) with PFS disabled and insecure HTTP allowed" }
    }()
}
