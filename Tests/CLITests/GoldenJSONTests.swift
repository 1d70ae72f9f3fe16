import AtscheckTestSupport
import Foundation
import Testing

// Every command's `--format json` (and `lint --format sarif`) compared byte for byte with
// Tests/Golden (docs/json-schema.md): a renamed, reordered or dropped key, or an omitted null,
// fails here. `ATSCHECK_UPDATE_GOLDEN=1 swift test --filter GoldenJSONTests` rewrites the files.

@Suite("JSON golden files", .timeLimit(.minutes(TestTiming.minutes(3))))
struct GoldenJSONTests {
    static let at = ["--at", Fixtures.evaluationTime]
    static let userRoot = ["--ca-file", Fixtures.cert("root.pem"), "--no-system-roots"] + at

    /// Commands that need no lab: golden name → arguments.
    static let offline: [(name: String, arguments: [String])] = [
        ("cert-leaf", ["cert", Fixtures.cert("leaf-good-ecdsa.pem")] + at + ["--format", "json"]),
        ("cert-chain-host", ["cert", Fixtures.cert("chain-full.pem"), "--host", "good.atscheck.test"] + userRoot + ["--format", "json"]),
        ("cert-blocked-ocsp", ["cert", Fixtures.cert("leaf-revoked.pem"), Fixtures.cert("intermediate.pem"), "--host", "other.atscheck.test",
                               "--ocsp-response", Fixtures.cert("ocsp-revoked.der")] + userRoot + ["--format", "json"]),
        ("cert-ct-corpus", ["cert", "Tests/Corpus/certs/001-google.com-gts-wr2-chain-137-sans-sct.pem", "--host", "www.google.com",
                            "--at", "2026-02-03T00:00:00Z", "--format", "json"]),
        ("cert-trust-store", ["cert", "--trust-store", "--format", "json"]),
        ("pins-file", ["pins", Fixtures.cert("chain-full.pem")] + userRoot + ["--format", "json"]),
        ("explain-no-policy", ["explain", "http://api.example.com/", "--format", "json"]),
        ("explain-policy", ["explain", "https://10.0.0.5/", "--policy", "Policies/local-development.plist", "--format", "json"]),
        ("explain-exception", ["explain", "http://cdn.example.com/", "--policy", "Policies/third-party-insecure.plist", "--format", "json"]),
        ("host-http-policy-only", ["host", "http://good.atscheck.test/"] + userRoot + ["--format", "json"]),
        ("lint-json", ["lint", "Policies/third-party-insecure.plist", "Policies/strict-default.plist", "--format", "json"]),
        ("lint-sarif", ["lint", "Policies/third-party-insecure.plist", "--format", "sarif"]),
        ("lint-rules", ["lint", "--list-rules", "--format", "json"]),
    ]

    @Test("offline commands", arguments: offline.map(\.name))
    func offlineCommand(_ name: String) async throws {
        let arguments = try #require(Self.offline.first { $0.name == name }?.arguments)
        try GoldenFile.check(name, try await AsyncRun.atscheck(arguments))
    }

    /// `host` and `pins` against one lab: golden name → (profile, extra arguments).
    static let labCases: [(name: String, profile: String, extra: [String])] = [
        ("host-good-rsa", "good-rsa", userRoot),
        ("host-good-rsa-ciphers", "good-rsa", userRoot + ["--ciphers"]),
        ("host-no-san", "no-san", userRoot),
        ("host-tls10-only", "tls10-only", userRoot),
        ("host-pins", "good-rsa", userRoot + ["--pins", "Tests/Golden/Inputs/trustkit-pins.plist"]),
        ("host-ct-log-list", "tls-scts", ["--system-roots", Fixtures.cert("root.pem"), "--ct-log-list", Fixtures.cert("ct-test-log-list.json")] + at),
    ]

    @Test("host and pins against the lab")
    func againstLab() async throws {
        try await LabServe.with(["good-rsa", "no-san", "tls10-only", "tls-scts"]) { lab in
            let ports = Array(lab.ports.values)
            for (name, profile, extra) in Self.labCases {
                let port = try lab.port(profile)
                let arguments = ["host", "https://good.atscheck.test:\(port)/", "--address", "127.0.0.1", "--timeout", TestTiming.argument(10)]
                    + extra + ["--format", "json"]
                try GoldenFile.check(name, try await AsyncRun.atscheck(arguments), ports: ports)
            }
            let pins = ["pins", "good.atscheck.test", "--address", "127.0.0.1", "--port", String(try lab.port("good-rsa"))] + Self.userRoot
            try GoldenFile.check("pins-host", try await AsyncRun.atscheck(pins + ["--format", "json"]), ports: ports)
        }
    }

    @Test("lab --format json")
    func labCommand() async throws {
        let result = try await AsyncRun.atscheck(["lab", "--profile", "good-rsa", "--profile", "no-san", "--timeout", TestTiming.argument(10),
                                                 "--format", "json"])
        try GoldenFile.check("lab", result)
    }
}
