import Foundation
import Testing
import AtscheckTestSupport

// TARGET forms of `atscheck host` (name, name:port, [v6]:port, IP, http(s):// URL), usage
// errors (exit 2) and the exit statuses 0/1/2/3.

@Suite("atscheck host targets and exit statuses", .timeLimit(.minutes(TestTiming.minutes(3))))
struct HostTargetTests {
    /// Runs host with JSON output and returns (status, url, target, verdict, codes).
    static func verdict(_ arguments: [String]) async throws -> (status: Int32, url: String?, target: String?, verdict: String?, codes: [String],
                                                         document: [String: Any]) {
        let result = try await AsyncRun.atscheck(arguments)
        #expect(!result.killedBySignal)
        #expect(result.stderr.isEmpty, "\(result.command): \(result.stderr)")
        let document = try result.json()
        let codes = (document["reasons"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        return (result.status, document["url"] as? String, document["target"] as? String, document["verdict"] as? String, codes, document)
    }

    @Test("exit 0 allowed, 1 blocked, 2 usage, 3 unknown")
    func exitStatuses() async throws {
        try await LabServe.with(["good-rsa", "tls10-only", "silent"]) { lab in
            let allowed = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:\(try lab.port("good-rsa"))", json: false))
            #expect(allowed.status == 0, "\(allowed.stdout)")
            let blocked = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:\(try lab.port("tls10-only"))", json: false))
            #expect(blocked.status == 1, "\(blocked.stdout)")
            let usage = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:\(try lab.port("good-rsa"))", json: false,
                                                                      ["--timeout", "zero"]))
            #expect(usage.status == 2)
            #expect(usage.stdout.isEmpty)
            #expect(usage.stderr.contains("--timeout"), "\(usage.stderr)")
            let unknown = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:\(try lab.port("silent"))", json: false,
                                                                        ["--timeout", "1"]))
            #expect(unknown.status == 3, "\(unknown.stdout)")
            #expect(unknown.stdoutLines.first?.hasPrefix("UNKNOWN  ") == true)
        }
    }

    @Test("name with --port, name:port, https:// URL with a path, URL with --port: the same allowed verdict")
    func nameForms() async throws {
        try await LabServe.with(["good-rsa"]) { lab in
            let port = try lab.port("good-rsa")
            let forms: [(arguments: [String], url: String)] = [
                (HostArguments.host("good.atscheck.test", ["--port", "\(port)"]), "https://good.atscheck.test:\(port)/"),
                (HostArguments.host("good.atscheck.test:\(port)"), "https://good.atscheck.test:\(port)/"),
                (HostArguments.host("https://good.atscheck.test:\(port)/api/v1?x=1"), "https://good.atscheck.test:\(port)/api/v1?x=1"),
                (HostArguments.host("https://good.atscheck.test/", ["--port", "\(port)"]), "https://good.atscheck.test:\(port)/"),
                (HostArguments.host("HTTPS://good.atscheck.test:\(port)/"), "HTTPS://good.atscheck.test:\(port)/"),
            ]
            for form in forms {
                let run = try await Self.verdict(form.arguments)
                #expect(run.status == 0, "\(form.arguments): \(run.codes)")
                #expect(run.verdict == "allowed")
                #expect(run.url == form.url)
                #expect(run.target == "good.atscheck.test:\(port) via 127.0.0.1")
            }
        }
    }

    @Test("IP literals: 127.0.0.1 and [::1]:port are judged for the IP, which the lab certificate does not name")
    func ipForms() async throws {
        try await LabServe.with(["good-rsa"]) { lab in
            let port = try lab.port("good-rsa")
            // An IPv4 literal needs no --address.
            let v4 = try await Self.verdict(HostArguments.host("127.0.0.1", address: nil, ["--port", "\(port)"]))
            #expect(v4.url == "https://127.0.0.1:\(port)/")
            #expect(v4.target == "127.0.0.1:\(port)")
            #expect(v4.status == 1)
            #expect(v4.codes == ["cert-hostname-mismatch"])
            let v4colon = try await Self.verdict(HostArguments.host("127.0.0.1:\(port)", address: nil))
            #expect(v4colon.url == "https://127.0.0.1:\(port)/")
            #expect(v4colon.codes == ["cert-hostname-mismatch"])

            // The lab listens on IPv4 only, so the IPv6 literal is dialled at 127.0.0.1.
            let v6 = try await Self.verdict(HostArguments.host("[::1]:\(port)"))
            #expect(v6.url == "https://[::1]:\(port)/")
            #expect(v6.target == "[::1]:\(port) via 127.0.0.1")
            #expect(v6.status == 1)
            #expect(v6.codes == ["cert-hostname-mismatch"])
            let v6url = try await Self.verdict(HostArguments.host("https://[::1]:\(port)/"))
            #expect(v6url.url == "https://[::1]:\(port)/")
            #expect(v6url.codes == ["cert-hostname-mismatch"])

            // On iOS 16 an IP literal is exempt from ATS, but never from trust (docs/ats-rules.md#ats-local-exemption, #trust-rules).
            let iOS16 = try await Self.verdict(HostArguments.host("127.0.0.1:\(port)", address: nil, ["--target", "ios16"]))
            #expect(iOS16.codes == ["cert-hostname-mismatch"])
            let entry = (iOS16.document["policy"] as? [String: Any])?["entry"] as? [String: Any]
            #expect(entry?["kind"] as? String == "local-exemption")
        }
    }

    @Test("http:// URL: blocked by policy alone (-1022), no connection made")
    func cleartextForm() async throws {
        // Nothing listens: without --probe-http the verdict needs no server.
        let run = try await Self.verdict(HostArguments.host("http://good.atscheck.test:9/"))
        #expect(run.status == 1)
        #expect(run.url == "http://good.atscheck.test:9/")
        #expect(run.codes == ["insecure-http"])
        #expect((run.document["probes"] as? [Any])?.isEmpty == true)
        let fix = (run.document["reasons"] as? [[String: Any]])?.first?["fix"] as? [String: Any]
        #expect(fix?["exceptionKeys"] as? [String: String] == ["NSExceptionAllowsInsecureHTTPLoads": "YES"])
        // An unqualified name is exempt on iOS 10+ (docs/ats-rules.md#ats-local-exemption): allowed, exit 0.
        let local = try await Self.verdict(HostArguments.host("http://localhost:9/"))
        #expect(local.status == 0)
        #expect(local.verdict == "allowed")
    }

    static let badTargets = [
        "", "   ", "a b", "ftp://good.atscheck.test/", "https://", "http:///path", "[::1", "[::1]x", "[zz::]:443", "h:1:2",
        "good.atscheck.test:", "good.atscheck.test:0", "good.atscheck.test:65536", "good.atscheck.test:http", "[::1]:0",
        "https://good.atscheck.test:0/", "https://good.atscheck.test:99999/", "good.atscheck.test/path", "user@good.atscheck.test",
        ":443",
    ]

    @Test("bad targets: exit 2, one error naming the target, nothing on stdout", arguments: badTargets)
    func badTarget(_ target: String) async throws {
        let result = try await AsyncRun.atscheck(HostArguments.host(target, json: false, ["--timeout", "1"]))
        #expect(result.status == 2, "\(result.command): \(result.stdout) \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.first?.hasPrefix("atscheck host: ") == true, "\(result.stderr)")
    }

    static let badOptions: [[String]] = [
        ["--port", "0"], ["--port", "65536"], ["--port", "x"], ["--address", "good.atscheck.test"], ["--address", "999.1.1.1"],
        ["--timeout", "0"], ["--timeout", "-1"], ["--timeout", "601"], ["--at", "yesterday"], ["--context", "socket"],
        ["--format", "xml"], ["--target", "android14"], ["--policy", "/nonexistent/Info.plist"],
        ["--ca-file", "/nonexistent/root.pem"], ["--system-roots", "TestCerts/root.pem"],
    ]

    @Test("bad options: exit 2 before any connection", arguments: badOptions)
    func badOption(_ option: [String]) async throws {
        // Port 9 on loopback: nothing listens, so a probe would exit 3, not 2.
        let result = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:9", json: false, option))
        #expect(result.status == 2, "\(result.command): \(result.stdout) \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.isEmpty)
    }

    @Test("--help exits 0 and lists the TARGET forms")
    func help() async throws {
        let result = try await AsyncRun.atscheck(["host", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("[v6]:port"))
        HostVerdictTests.expectWidth(result)
    }
}

/// The low items of issue 28 for `host`: a name that does not resolve, and a server name that
/// cannot be sent.
@Suite("atscheck host: a name that does not resolve, a server name that cannot be sent")
struct HostNameProblemTests {
    @Test("no such name: one line says no handshake ran, no matrix, no handshake count; the app sees -1003 first")
    func unresolved() throws {
        let result = try ProcessRunner.atscheck(["host", "no-such-host.invalid", "--timeout", "5"])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stdout.contains("no handshake ran: cannot resolve no-such-host.invalid"), "\(result.stdout)")
        #expect(!result.stdout.contains("ATS diagnostics") && !result.stdout.contains("handshakes in"), "\(result.stdout)")
        #expect(result.stdout.contains("app sees: NSURLErrorDomain -1003 (most likely); also -1004"), "\(result.stdout)")
    }

    @Test("a 300-character --sni, a 64-byte label, an empty label: bad usage (exit 2), not connection-failed", arguments: [
        String(repeating: "a", count: 300), String(repeating: "b", count: 64) + ".example", "a..example",
    ])
    func badServerName(_ name: String) throws {
        let result = try ProcessRunner.atscheck(["host", "127.0.0.1", "--sni", name])
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stderr.contains("invalid --sni"), "\(result.stderr)")
    }
}
