import AtscheckTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

// Servers that cannot be judged (exit 3, within --timeout), `--ciphers` and `--probe-http`.

@Suite("atscheck host: unreachable servers, --ciphers, --probe-http", .timeLimit(.minutes(TestTiming.minutes(3))))
struct HostProbeTests {
    /// `--timeout` for the unreachable cases, and the slack allowed on top of it for process
    /// start-up and a loaded machine (measured on the child process, from outside).
    static let timeout = TestTiming.seconds(2)
    // Generous: the whole suite runs in parallel (ASan and TSan too); this catches hangs, it does not time the probe.
    // A closed port took 42 s under ASan on a loaded 2-core CI machine (process start-up starved), past a 16 s margin.
    static let margin = TestTiming.seconds(30)

    @Test("closed port, silent server, non-TLS server: exit 3 with the right code, within --timeout 2 plus a margin",
          arguments: [("closed", "connection-failed", -1004), ("silent", "timeout", -1001), ("not-tls", "not-tls", -1200)])
    func unreachable(_ kind: String, _ code: String, _ nsurlError: Int) async throws {
        if kind == "closed" {
            // Bound and never listening, held for the whole test: a port merely released (a
            // stopped lab's) could be taken by another test's lab meanwhile, as it once was here.
            let (fd, port) = try LoopbackPort.refusing()
            defer { close(fd) }
            try await Self.expectUnknown(port: port, code: code, nsurlError: nsurlError)
        } else {
            try await LabServe.with([kind]) { lab in
                try await Self.expectUnknown(port: try lab.port(kind), code: code, nsurlError: nsurlError)
            }
        }
    }

    static func expectUnknown(port: UInt16, code: String, nsurlError: Int) async throws {
        for json in [true, false] {
            let (result, seconds) = try await AsyncRun.timed(
                HostArguments.host("good.atscheck.test:\(port)", json: json, ["--timeout", "\(Self.timeout)"]))
            #expect(result.status == 3, "\(result.command): \(result.stdout) \(result.stderr)")
            #expect(seconds < Self.timeout + Self.margin, "\(result.command) took \(seconds) s")
            if json {
                let document = try result.json()
                #expect(document["verdict"] as? String == "unknown")
                let reasons = try #require(document["reasons"] as? [[String: Any]])
                #expect(reasons.compactMap { $0["code"] as? String } == [code])
                #expect(reasons.first?["nsurlError"] as? Int == nsurlError)
            } else {
                #expect(result.stdoutLines.first == "UNKNOWN  https://good.atscheck.test:\(port)/")
                #expect(result.stdout.contains("  ✗ \(code)"))
                HostVerdictTests.expectWidth(result)
            }
        }
    }

    @Test("--ciphers on static-rsa-only lists exactly the six static-RSA AES suites for TLS 1.2")
    func ciphersStaticRSA() async throws {
        // ATSCipherSuites.staticRSA (docs/ats-rules.md#ats-cipher-suites), less any this OpenSSL build lacks.
        let staticRSA: [(id: String, openSSL: String)] = [
            ("0x009D", "AES256-GCM-SHA384"), ("0x009C", "AES128-GCM-SHA256"), ("0x003D", "AES256-SHA256"),
            ("0x0035", "AES256-SHA"), ("0x003C", "AES128-SHA256"), ("0x002F", "AES128-SHA"),
        ]
        let available = Set(try ProcessRunner.openssl(["ciphers", "ALL:COMPLEMENTOFALL:@SECLEVEL=0"]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ":").map(String.init))
        let expected = Set(staticRSA.filter { available.contains($0.openSSL) }.map(\.id))
        #expect(!expected.isEmpty)

        try await LabServe.with(["static-rsa-only"]) { lab in
            let port = try lab.port("static-rsa-only")
            let result = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:\(port)", ["--ciphers"]))
            #expect(result.status == 1)
            let document = try result.json()
            let lists = try #require((document["tls"] as? [String: Any])?["cipherSuites"] as? [String: [[String: Any]]])
            let tls12 = try #require(lists["TLSv1.2"])
            #expect(Set(tls12.compactMap { $0["id"] as? String }) == expected)
            #expect(tls12.count == expected.count, "a suite is listed twice: \(tls12)")
            // On the latest iOS the two CBC-SHA256 suites are outside the non-forward-secret group (Security-60158.100).
            #expect(tls12.allSatisfy { $0["atsClass"] as? String == (["0x003D", "0x003C"].contains($0["id"] as? String) ? "other" : "atsStaticRSA") })
            for suite in tls12 {
                let name = suite["openSSLName"] as? String ?? ""
                #expect(staticRSA.contains { $0.openSSL == name && $0.id == suite["id"] as? String }, "\(suite)")
                #expect((suite["ianaName"] as? String)?.hasPrefix("TLS_RSA_WITH_AES_") == true)
            }
            for (version, suites) in lists where version != "TLSv1.2" {
                #expect(suites.isEmpty, "\(version) should accept nothing: \(suites)")
            }

            let text = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:\(port)", json: false, ["--ciphers"]))
            let lines = text.stdoutLines
            let start = try #require(lines.firstIndex(of: "  TLSv1.2 accepts:"), "\(text.stdout)")
            let listed = lines[(start + 1)...].prefix { $0.hasPrefix("    TLS_") }
            #expect(listed.count == expected.count, "\(listed)")
            #expect(listed.allSatisfy { $0.hasSuffix("(atsStaticRSA)") || $0.contains("_CBC_SHA256 (other)") }, "\(listed)")
            HostVerdictTests.expectWidth(text)
        }
    }

    @Test("--ciphers on good-rsa: TLS 1.3 suites and ECDHE suites, and no static RSA-only verdict change")
    func ciphersGood() async throws {
        try await LabServe.with(["good-rsa"]) { lab in
            let port = try lab.port("good-rsa")
            let result = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:\(port)", ["--ciphers"]))
            #expect(result.status == 0)
            let lists = try #require((try result.json()["tls"] as? [String: Any])?["cipherSuites"] as? [String: [[String: Any]]])
            #expect(lists["TLSv1.3"]?.isEmpty == false)
            #expect(lists["TLSv1.2"]?.contains { $0["atsClass"] as? String == "atsForwardSecret" } == true)
            #expect(lists["TLSv1.0"]?.isEmpty ?? true)
        }
    }

    @Test("--probe-http on plain-http: the server's status line is reported; the policy alone decides the verdict")
    func probeHTTP() async throws {
        let allowing = FileManager.default.temporaryDirectory.appendingPathComponent("atscheckTests-http-\(UUID().uuidString).plist")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict>
            <key>NSExceptionDomains</key><dict><key>good.atscheck.test</key><dict>
            <key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict></dict></dict></plist>
            """.write(to: allowing, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: allowing) }

        try await LabServe.with(["plain-http"]) { lab in
            let port = try lab.port("plain-http")
            let url = "http://good.atscheck.test:\(port)/"
            let blocked = try await AsyncRun.atscheck(HostArguments.host(url, ["--probe-http"]))
            #expect(blocked.status == 1)
            let document = try blocked.json()
            #expect(document["verdict"] as? String == "blocked")
            #expect(document["httpAnswer"] as? String == "HTTP/1.1 200 OK")

            let allowed = try await AsyncRun.atscheck(HostArguments.host(url, ["--probe-http", "--policy", allowing.path]))
            #expect(allowed.status == 0, "\(allowed.stdout)")
            #expect(try allowed.json()["httpAnswer"] as? String == "HTTP/1.1 200 OK")

            let text = try await AsyncRun.atscheck(HostArguments.host(url, json: false, ["--probe-http"]))
            #expect(text.stdout.contains("  HTTP server answered: HTTP/1.1 200 OK"), "\(text.stdout)")
            HostVerdictTests.expectWidth(text)

            let without = try await AsyncRun.atscheck(HostArguments.host(url))
            #expect(try without.json()["httpAnswer"] is NSNull)
        }
    }

    @Test("--probe-http against a closed port: 'no answer', within the timeout; the verdict is still the policy's")
    func probeHTTPNoAnswer() async throws {
        let port: UInt16 = try await LabServe.with(["plain-http"]) { lab in try lab.port("plain-http") }
        let (result, seconds) = try await AsyncRun.timed(HostArguments.host("http://good.atscheck.test:\(port)/",
                                                                         ["--probe-http", "--timeout", "\(Self.timeout)"]))
        #expect(result.status == 1)
        #expect(seconds < Self.timeout + Self.margin)
        let answer = try result.json()["httpAnswer"] as? String
        #expect(answer?.hasPrefix("no answer: ") == true, "\(String(describing: answer))")
    }
}
