import ATSCheck
import Testing
import ATSLab
import AtscheckTestSupport

// The nscurl --ats-diagnostics rows (docs/ats-rules.md#nscurl-matrix) computed from the lab probes.
// nscurl's sequence has 16 tests: default, allow-all, four TLS floors, PFS off, PFS off +
// insecure HTTP, four floors with PFS off, four floors with PFS off + insecure HTTP.

@Suite("nscurl-style diagnostics matrix per lab profile", .timeLimit(.minutes(TestTiming.minutes(3))))
struct DiagnosticsMatrixTests {
    static let versions = ["TLSv1.3", "TLSv1.2", "TLSv1.1", "TLSv1.0"]

    /// Every row's test name, in nscurl's order.
    static let rowNames: [String] = ["ATS Default Connection", "Allow All Loads"] + versions
        + ["Disabling Perfect Forward Secrecy", "Disabling Perfect Forward Secrecy and Allowing Insecure HTTP"]
        + versions.map { "\($0) with PFS disabled" }
        + versions.map { "\($0) with PFS disabled and insecure HTTP allowed" }

    static let allRows = Set(rowNames)

    /// The rows whose floor is TLS 1.3.
    static let tls13Floors: Set<String> = ["TLSv1.3", "TLSv1.3 with PFS disabled", "TLSv1.3 with PFS disabled and insecure HTTP allowed"]

    /// Allow All Loads, and the rows allowing cleartext without forward secrecy at floors up to TLS 1.2.
    static let unrestrictedRows: Set<String> = Set(["Allow All Loads", "Disabling Perfect Forward Secrecy and Allowing Insecure HTTP"]
        + ["TLSv1.2", "TLSv1.1", "TLSv1.0"].map { "\($0) with PFS disabled and insecure HTTP allowed" })

    /// Profile → the rows that pass; every other row fails.
    static let passing: [(LabProfile, Set<String>)] = [
        (.goodRSA, allRows),
        (.goodECDSA, allRows),
        // A TLS 1.3 server passes every floor: a minimum never forbids higher versions.
        (.tls13Only, allRows),
        (.tls10Only, ["Allow All Loads", "TLSv1.0", "TLSv1.0 with PFS disabled", "TLSv1.0 with PFS disabled and insecure HTTP allowed"]),
        (.tls11Only, ["Allow All Loads", "TLSv1.1", "TLSv1.0", "TLSv1.1 with PFS disabled", "TLSv1.0 with PFS disabled",
                      "TLSv1.1 with PFS disabled and insecure HTTP allowed", "TLSv1.0 with PFS disabled and insecure HTTP allowed"]),
        // Static RSA passes wherever PFS is off and the floor is not 1.3 (the server has no TLS 1.3).
        (.staticRSAOnly, Set(["Allow All Loads", "Disabling Perfect Forward Secrecy",
                              "Disabling Perfect Forward Secrecy and Allowing Insecure HTTP"])
            .union(["TLSv1.2", "TLSv1.1", "TLSv1.0"].flatMap { ["\($0) with PFS disabled", "\($0) with PFS disabled and insecure HTTP allowed"] })),
        // Suites outside the latest release's groups: ATS off passes, and so do the rows whose
        // dictionary allows cleartext without forward secrecy, for which Apple's code sets no
        // suite list (docs/ats-rules.md#ats-cipher-suites), at floors the server reaches.
        (.dheOnly, unrestrictedRows),
        (.ecdheRSAAES128SHA256Only, unrestrictedRows),
        (.ecdheRSAAES256SHA384Only, unrestrictedRows),
        (.rsaAES128SHA256Only, unrestrictedRows),
        // In Apple's ATS group: every row but the TLS 1.3 floors (the server has no TLS 1.3).
        (.chacha20Only, allRows.subtracting(tls13Floors)),
        (.ecdheRSAAES256SHAOnly, allRows.subtracting(tls13Floors)),
        // nscurl's dictionaries never loosen trust: a trust failure fails every row.
        (.expired, []), (.selfSigned, []), (.wrongHost, []), (.sha1Leaf, []), (.rsa1024, []), (.noSAN, []),
        (.clientAuthEKU, []), (.validity900Days, []), (.missingIntermediate, []),
        // Apple's TLS client refuses a certificate list over its limit whatever the keys
        // (chain-too-large): every row fails, "Allow All Loads" too.
        (.largeChain, []),
    ]

    @Test("the full row list, pass or fail per row", arguments: passing.map { $0.0 })
    func rows(_ profile: LabProfile) async throws {
        let passes = Self.passing.first { $0.0 == profile }!.1
        let verdict = try await LabHarness.verdict(profile)
        let rows = verdict.diagnostics
        #expect(rows.map(\.configuration) == Self.rowNames)
        let expected = Self.rowNames.map { passes.contains($0) ? "pass" : "fail" }
        let actual = rows.map(\.result.rawValue)
        for (index, name) in Self.rowNames.enumerated() where index < actual.count && actual[index] != expected[index] {
            Issue.record("\(profile.rawValue): '\(name)' is \(actual[index]), expected \(expected[index])")
        }
        #expect(actual.count == expected.count)
    }

    @Test("the default row agrees with the verdict for full ATS", arguments: passing.map { $0.0 })
    func defaultRowMatchesVerdict(_ profile: LabProfile) async throws {
        let verdict = try await LabHarness.verdict(profile)
        let first = try #require(verdict.diagnostics.first)
        #expect((first.result.rawValue == "pass") == (verdict.status == .allowed))
    }

    @Test("silent and not-tls: every row unknown", arguments: [LabProfile.silent, .notTLS])
    func unknownRows(_ profile: LabProfile) async throws {
        let verdict = try await LabHarness.verdict(profile)
        #expect(verdict.diagnostics.map(\.configuration) == Self.rowNames)
        #expect(verdict.diagnostics.allSatisfy { $0.result.rawValue == "unknown" }, "\(verdict.diagnostics.map(\.result.rawValue))")
    }

    @Test("sections and ATS dictionaries as nscurl prints them")
    func sectionsAndKeys() async throws {
        let rows = try await LabHarness.verdict(.goodRSA).diagnostics
        let host = LabHarness.host
        let sections = rows.map(\.section)
        #expect(sections == ["Default ATS Secure Connection", "Allowing Arbitrary Loads"]
                + Array(repeating: "Configuring TLS exceptions for \(host)", count: 4)
                + ["Configuring PFS exceptions for \(host)", "Configuring PFS exceptions and allowing insecure HTTP for \(host)"]
                + Array(repeating: "Configuring TLS exceptions with PFS disabled for \(host)", count: 4)
                + Array(repeating: "Configuring TLS exceptions with PFS disabled and insecure HTTP allowed for \(host)", count: 4))
        let keys = Dictionary(uniqueKeysWithValues: rows.map { ($0.configuration, $0.keys) })
        #expect(keys["ATS Default Connection"] == [:])
        #expect(keys["Allow All Loads"] == ["NSAllowsArbitraryLoads": "YES"])
        #expect(keys["TLSv1.1"] == ["NSExceptionMinimumTLSVersion": "TLSv1.1"])
        #expect(keys["Disabling Perfect Forward Secrecy"] == ["NSExceptionRequiresForwardSecrecy": "NO"])
        #expect(keys["Disabling Perfect Forward Secrecy and Allowing Insecure HTTP"]
                == ["NSExceptionRequiresForwardSecrecy": "NO", "NSExceptionAllowsInsecureHTTPLoads": "YES"])
        #expect(keys["TLSv1.0 with PFS disabled"] == ["NSExceptionMinimumTLSVersion": "TLSv1.0", "NSExceptionRequiresForwardSecrecy": "NO"])
        #expect(keys["TLSv1.3 with PFS disabled and insecure HTTP allowed"] == [
            "NSExceptionMinimumTLSVersion": "TLSv1.3", "NSExceptionRequiresForwardSecrecy": "NO",
            "NSExceptionAllowsInsecureHTTPLoads": "YES",
        ])
    }

    @Test("the matrix describes the server, not the app: the same rows under any policy")
    func independentOfPolicy() async throws {
        let policy = try LabHarness.policy(LabHarness.exceptionDomains(LabHarness.host, ["NSExceptionMinimumTLSVersion": "TLSv1.0"]))
        let plain = try await LabHarness.verdict(.tls10Only)
        let excepted = try await LabHarness.verdict(.tls10Only, policy: policy)
        #expect(plain.diagnostics == excepted.diagnostics)
        #expect(excepted.status == .allowed)
    }
}
