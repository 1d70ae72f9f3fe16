import AtscheckTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `atscheck lab`: the check mode (text and JSON), --profile filtering, --policy, usage errors,
// and --serve (starts, serves, dies on SIGKILL).

@Suite("atscheck lab", .timeLimit(.minutes(TestTiming.minutes(3))))
struct LabCommandTests {
    /// The verdict lines of `atscheck lab` text: profile → (VERDICT, codes).
    static func verdictLines(_ result: RunResult) -> [(profile: String, verdict: String, codes: Set<String>)] {
        let lines = result.stdoutLines
        guard let start = lines.firstIndex(where: { $0.hasPrefix("verdicts (") }) else { return [] }
        return lines[(start + 1)...].compactMap { line in
            // "  PROFILE<padding>VERDICT<padding>code, code"
            let words = line.split(separator: " ").map(String.init)
            guard words.count >= 2 else { return nil }
            let codes = Set(words.dropFirst(2).map { $0.hasSuffix(",") ? String($0.dropLast()) : $0 })
            return (words[0], words[1], codes)
        }
    }

    /// The lab CA is the file the lab writes from the root compiled into ATSLab (not the
    /// checkout's TestCerts or any file of it), byte for byte the TestCerts root.
    static func expectBundledRoot(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(path.range(of: #"/atscheck-lab-[0-9]+/root\.pem$"#, options: .regularExpression) != nil, "\(path)",
                sourceLocation: sourceLocation)
        #expect(!path.hasPrefix(RepositoryLayout.packageRoot.path + "/"), "\(path)", sourceLocation: sourceLocation)
        let bundled = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bundled == (try Data(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("TestCerts/root.pem"))),
                sourceLocation: sourceLocation)
    }

    @Test("atscheck lab: exit 0, every profile listed with a port, one verdict line per profile as the library expects")
    func checkAll() async throws {
        let result = try await AsyncRun.atscheck(["lab"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdoutLines.first == "atscheck lab: 35 servers on 127.0.0.1")
        let caPrefix = "  lab CA (trust it as a user-installed root): "
        let caLine = try #require(result.stdoutLines.first { $0.hasPrefix(caPrefix) })
        try Self.expectBundledRoot(String(caLine.dropFirst(caPrefix.count)))
        let ports = LabServe.parsePorts(result.stdout)
        #expect(Set(ports.keys) == LabTable.names)
        #expect(Set(ports.values).count == ports.count, "ports repeat: \(ports)")

        let verdicts = Self.verdictLines(result)
        #expect(verdicts.map(\.profile) == LabTable.cases.map(\.profile), "one line per profile, in profile order")
        for line in verdicts {
            let expected = LabTable.lookup(line.profile)
            #expect(line.verdict == expected.verdict.uppercased(), "\(line.profile)")
            #expect(line.codes == expected.codes, "\(line.profile): \(line.codes)")
        }
        // The verdict lines are short; the endpoint table (as documented in the README) may run wider.
        let start = try #require(result.stdoutLines.firstIndex { $0.hasPrefix("verdicts (") })
        for line in result.stdoutLines[start...] { #expect(line.count <= HostVerdictTests.maximumWidth, "\(line)") }
    }

    @Test("--profile filters and keeps the order given")
    func profileFilter() async throws {
        let result = try await AsyncRun.atscheck(["lab", "--profile", "static-rsa-only", "--profile", "tls10-only",
                                                 "--profile", "static-rsa-only"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.first == "atscheck lab: 2 servers on 127.0.0.1")
        let verdicts = Self.verdictLines(result)
        #expect(verdicts.map(\.profile) == ["static-rsa-only", "tls10-only"])
        #expect(verdicts.map(\.verdict) == ["BLOCKED", "BLOCKED"])
        #expect(verdicts.first?.codes == ["no-forward-secrecy"])
        #expect(Set(LabServe.parsePorts(result.stdout).keys) == ["static-rsa-only", "tls10-only"])
    }

    @Test("--format json parses: schemaVersion 1, lab CA, and each endpoint's host document")
    func json() async throws {
        let profiles = ["good-rsa", "tls10-only", "static-rsa-only", "expired", "plain-http", "not-tls"]
        let result = try await AsyncRun.atscheck(["lab", "--format", "json"] + profiles.flatMap { ["--profile", $0] })
        #expect(result.status == 0, "\(result.stderr)")
        let document = try result.json()
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(document["evaluatedAt"] as? String == Fixtures.evaluationTime)
        try Self.expectBundledRoot(try #require(document["rootCAFile"] as? String))
        let endpoints = try #require(document["endpoints"] as? [[String: Any]])
        #expect(endpoints.compactMap { $0["profile"] as? String } == profiles)
        for endpoint in endpoints {
            let profile = endpoint["profile"] as? String ?? ""
            let expected = LabTable.lookup(profile)
            #expect(endpoint["address"] as? String == "127.0.0.1")
            #expect(endpoint["serverName"] as? String == "good.atscheck.test")
            #expect((endpoint["port"] as? Int ?? 0) > 0)
            #expect((endpoint["summary"] as? String)?.isEmpty == false)
            let host = try #require(endpoint["host"] as? [String: Any], "\(profile)")
            #expect(Set(host.keys) == HostJSONTests.topLevelKeys, "\(profile)")
            #expect(host["verdict"] as? String == expected.verdict, "\(profile)")
            let codes = (host["reasons"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
            #expect(Set(codes) == expected.codes, "\(profile): \(codes)")
            #expect(host["url"] as? String == HostArguments.url(profile, port: UInt16(endpoint["port"] as? Int ?? 0)))
            if profile == "plain-http" {
                #expect(host["httpAnswer"] as? String == "HTTP/1.1 200 OK", "the lab probes its HTTP server")
            }
        }
    }

    @Test("--policy judges every endpoint under the Info.plist")
    func policy() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("atscheckTests-lab-\(UUID().uuidString).plist")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict>
            <key>NSExceptionDomains</key><dict><key>good.atscheck.test</key><dict>
            <key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string>
            <key>NSExceptionRequiresForwardSecrecy</key><false/>
            </dict></dict></dict></dict></plist>
            """.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await AsyncRun.atscheck(["lab", "--policy", file.path, "--profile", "tls10-only", "--profile", "static-rsa-only",
                                                 "--profile", "dhe-only", "--profile", "expired"])
        #expect(result.status == 0, "\(result.stderr)")
        let verdicts = Dictionary(uniqueKeysWithValues: Self.verdictLines(result).map { ($0.profile, $0) })
        #expect(verdicts["tls10-only"]?.verdict == "ALLOWED")
        #expect(verdicts["static-rsa-only"]?.verdict == "ALLOWED")
        #expect(verdicts["dhe-only"]?.codes == ["cipher-suite-not-allowed"])
        #expect(verdicts["expired"]?.codes == ["cert-expired"])
    }

    static let usageErrors: [[String]] = [
        ["--profile", "bogus"], ["--port", "0"], ["--port", "70000"], ["--timeout", "0"], ["--timeout", "61"], ["--format", "yaml"],
        ["--policy", "/nonexistent/Info.plist"], ["--certs", "/nonexistent/TestCerts"], ["extra-argument"],
    ]

    @Test("usage errors and unusable inputs exit 2", arguments: usageErrors)
    func usage(_ arguments: [String]) async throws {
        let result = try await AsyncRun.atscheck(["lab"] + arguments)
        #expect(result.status == 2, "\(result.command): \(result.stdout) \(result.stderr)")
        #expect(!result.stderr.isEmpty)
    }

    @Test("--serve: prints the endpoints, serves them until SIGKILL, then the ports are closed")
    func serve() async throws {
        let lab = try await LabServe.start(["good-rsa", "tls10-only"])
        #expect(Set(lab.ports.keys) == ["good-rsa", "tls10-only"])
        #expect(lab.isRunning)

        let good = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:\(try lab.port("good-rsa"))"))
        #expect(good.status == 0)
        let old = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:\(try lab.port("tls10-only"))"))
        #expect(old.status == 1)
        #expect((try old.json()["reasons"] as? [[String: Any]])?.first?["code"] as? String == "tls-version-too-low")

        await lab.stop()
        #expect(!lab.isRunning)
        #expect(lab.terminationReason == Process.TerminationReason.uncaughtSignal)
        let gone = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:\(try lab.port("good-rsa"))", ["--timeout", "2"]))
        #expect(gone.status == 3)
        #expect((try gone.json()["reasons"] as? [[String: Any]])?.first?["code"] as? String == "connection-failed")
    }

    @Test("--serve --port N: consecutive ports from N")
    func servePorts() async throws {
        // Find two free consecutive loopback ports by asking the kernel, then hand them back.
        let base = try #require(Self.freeConsecutivePorts(2))
        let lab = try await LabServe.start(["good-rsa", "expired"], extraArguments: ["--port", "\(base)"])
        #expect(lab.ports == ["good-rsa": base, "expired": base + 1])
        await lab.stop()
    }

    /// A port P such that P..P+count-1 could all be bound on 127.0.0.1 just now.
    static func freeConsecutivePorts(_ count: Int) -> UInt16? {
        for _ in 0..<50 {
            guard let first = bindLoopback(0) else { return nil }
            var held = [first]
            var ok = first.port <= UInt16.max - UInt16(count)
            if ok {
                for offset in 1..<count {
                    guard let next = bindLoopback(first.port + UInt16(offset)) else { ok = false; break }
                    held.append(next)
                }
            }
            held.forEach { close($0.fd) }
            if ok { return first.port }
        }
        return nil
    }

    private static func bindLoopback(_ port: UInt16) -> (fd: Int32, port: UInt16)? {
        try? LoopbackPort.bind(port: port)
    }
}
