import Foundation
import ATSLab

/// One lab with every profile, shared by the read-only tests (started on first use, stopped
/// at process exit). Lifecycle tests start their own labs.
enum SharedLab {
    private static let started: Result<TLSLab, LabError> = Result { () throws(LabError) in try TLSLab() }

    static func lab() throws -> TLSLab { try started.get() }

    static func endpoint(_ profile: LabProfile) throws -> LabEndpoint {
        guard let endpoint = try lab().endpoint(profile) else { throw SkipReason("no endpoint for \(profile)") }
        return endpoint
    }
}

/// The evaluation instant of the fixture PKI (2025-06-01T00:00:00Z), for `-attime`: the
/// fixture leaves are short-lived, so verifying at the real clock would fail once they expire.
let fixtureTime = "1748736000"

/// Flags for s_client: verify at the fixture time.
let atFixtureTime = ["-attime", fixtureTime]

/// Flags that let s_client accept TLS 1.0/1.1, SHA-1 and RSA-1024 (Debian's default is SECLEVEL=2).
let legacyClient = ["-cipher", "DEFAULT@SECLEVEL=0"]
