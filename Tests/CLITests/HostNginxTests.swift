import AtscheckTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `atscheck host` against a real nginx (Debian's nginx-light) serving the TestCerts PKI, started
// by .ci/nginx/start.sh (.ci/run starts it before `swift test`). Without it these tests are
// skipped with a visible reason, unless ATSCHECK_NGINX_REQUIRED=1 (set by .ci/run), when a
// missing nginx fails them instead.

/// Where .ci/nginx/start.sh's servers listen.
enum NginxFixture {
    /// The state directory the script writes (`ports`, `nginx.pid`).
    static var directory: String {
        ProcessInfo.processInfo.environment["ATSCHECK_NGINX_DIR"] ?? "/tmp/atscheck-nginx"
    }

    /// Set by .ci/run: a missing nginx is a failure, not a skip.
    static var required: Bool { ProcessInfo.processInfo.environment["ATSCHECK_NGINX_REQUIRED"] == "1" }

    /// Server name → port: `ATSCHECK_NGINX_PORTS` ("good=18443,tls10-only=18444,…") if set,
    /// else the script's `ports` file ("NAME PORT" lines) while its nginx runs; nil when absent,
    /// stale, or a port does not accept connections.
    static let ports: [String: UInt16]? = {
        var ports: [String: UInt16] = [:]
        if let variable = ProcessInfo.processInfo.environment["ATSCHECK_NGINX_PORTS"], !variable.isEmpty {
            for item in variable.split(separator: ",") {
                let parts = item.split(separator: "=")
                guard parts.count == 2, let port = UInt16(parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
                ports[parts[0].trimmingCharacters(in: .whitespaces)] = port
            }
        } else {
            guard let text = try? String(contentsOfFile: directory + "/ports", encoding: .utf8),
                  let pidText = try? String(contentsOfFile: directory + "/nginx.pid", encoding: .utf8),
                  let pid = Int32(pidText.trimmingCharacters(in: .whitespacesAndNewlines)), kill(pid, 0) == 0 else { return nil }
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: " ")
                guard parts.count == 2, let port = UInt16(parts[1]) else { return nil }
                ports[String(parts[0])] = port
            }
        }
        guard Set(ports.keys).isSuperset(of: servers.map(\.name)), ports.values.allSatisfy(LoopbackPort.accepts) else { return nil }
        return ports
    }()

    static var available: Bool { ports != nil }

    /// The port of a server, failing the test (not skipping it) when nginx is required but absent.
    static func port(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> UInt16 {
        let ports = try #require(ports, "nginx is not serving (ATSCHECK_NGINX_REQUIRED=1): run .ci/nginx/start.sh; see \(directory)/logs",
                                 sourceLocation: sourceLocation)
        return try #require(ports[name], "no nginx server '\(name)' in \(ports)", sourceLocation: sourceLocation)
    }

    struct Server: Sendable, CustomTestStringConvertible {
        let name: String
        let verdict: String
        let codes: Set<String>
        let fixKeys: [String: String]?
        let versions: [String: Bool]
        let chainLength: Int
        /// Rows of the nscurl matrix that pass (the rest fail).
        let passingRows: Set<String>
        var testDescription: String { name }
    }

    static let allRows = Set(LabTable.diagnosticRows)

    /// What atscheck must say about each server of .ci/nginx/start.sh.
    static let servers: [Server] = [
        Server(name: "good", verdict: "allowed", codes: [], fixKeys: nil,
               versions: ["TLSv1.0": false, "TLSv1.1": false, "TLSv1.2": true, "TLSv1.3": true], chainLength: 2, passingRows: allRows),
        Server(name: "tls10-only", verdict: "blocked", codes: ["tls-version-too-low"], fixKeys: ["NSExceptionMinimumTLSVersion": "TLSv1.0"],
               versions: ["TLSv1.0": true, "TLSv1.1": false, "TLSv1.2": false, "TLSv1.3": false], chainLength: 2,
               passingRows: ["Allow All Loads", "TLSv1.0", "TLSv1.0 with PFS disabled", "TLSv1.0 with PFS disabled and insecure HTTP allowed"]),
        Server(name: "static-rsa-only", verdict: "blocked", codes: ["no-forward-secrecy"], fixKeys: ["NSExceptionRequiresForwardSecrecy": "NO"],
               versions: ["TLSv1.0": false, "TLSv1.1": false, "TLSv1.2": true, "TLSv1.3": false], chainLength: 2,
               passingRows: Set(["Allow All Loads", "Disabling Perfect Forward Secrecy", "Disabling Perfect Forward Secrecy and Allowing Insecure HTTP"]
                   + ["TLSv1.2", "TLSv1.1", "TLSv1.0"].flatMap { ["\($0) with PFS disabled", "\($0) with PFS disabled and insecure HTTP allowed"] })),
        Server(name: "missing-intermediate", verdict: "blocked", codes: ["cert-incomplete-chain"], fixKeys: nil,
               versions: ["TLSv1.0": false, "TLSv1.1": false, "TLSv1.2": true, "TLSv1.3": true], chainLength: 1, passingRows: []),
    ]
}

@Suite("atscheck host against nginx (.ci/nginx/start.sh)", .timeLimit(.minutes(TestTiming.minutes(3))),
       .enabled(if: NginxFixture.available || NginxFixture.required, "nginx not started: run .ci/nginx/start.sh (Debian: apt-get install nginx-light)"))
struct HostNginxTests {
    @Test("exact verdict, codes, fix, TLS versions, chain and matrix per server", arguments: NginxFixture.servers)
    func verdict(_ server: NginxFixture.Server) async throws {
        let port = try NginxFixture.port(server.name)
        let result = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:\(port)"))
        #expect(result.status == (server.verdict == "allowed" ? 0 : 1), "\(result.command): \(result.stdout.prefix(3000)) \(result.stderr)")
        let document = try result.json()
        #expect(document["verdict"] as? String == server.verdict)
        let reasons = try #require(document["reasons"] as? [[String: Any]])
        #expect(Set(reasons.compactMap { $0["code"] as? String }) == server.codes)
        #expect(reasons.count == server.codes.count)
        if let keys = server.fixKeys {
            #expect((reasons.first?["fix"] as? [String: Any])?["exceptionKeys"] as? [String: String] == keys)
        }
        let versions = try #require((document["tls"] as? [String: Any])?["versions"] as? [String: Any])
        #expect(versions.mapValues { $0 as? Bool } == server.versions.mapValues { Optional($0) }, "\(versions)")
        #expect((document["certificates"] as? [Any])?.count == server.chainLength)
        let rows = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(rows.compactMap { $0["configuration"] as? String } == LabTable.diagnosticRows)
        for row in rows {
            let name = row["configuration"] as? String ?? ""
            #expect(row["result"] as? String == (server.passingRows.contains(name) ? "pass" : "fail"), "\(server.name): \(name)")
        }

        let text = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:\(port)", json: false))
        #expect(text.status == result.status)
        #expect(text.stdoutLines.first == "\(server.verdict.uppercased())  https://good.atscheck.test:\(port)/")
        HostVerdictTests.expectWidth(text)
    }

    @Test("a fix applied as --policy turns each fixable server allowed", arguments: NginxFixture.servers.filter { $0.fixKeys != nil })
    func fixApplied(_ server: NginxFixture.Server) async throws {
        let port = try NginxFixture.port(server.name)
        let blocked = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:\(port)"))
        let fix = try #require((try blocked.json()["reasons"] as? [[String: Any]])?.first?["fix"] as? [String: Any])
        let snippet = try #require(fix["plistSnippet"] as? String)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("atscheckTests-nginx-\(UUID().uuidString).plist")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict>
            \(snippet)
            </dict></dict></plist>
            """.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let allowed = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:\(port)", ["--policy", file.path]))
        #expect(allowed.status == 0, "\(allowed.stdout.prefix(3000))")
    }

    @Test("--ciphers on nginx's static-rsa-only: exactly AES128-GCM-SHA256 and AES256-GCM-SHA384 in TLS 1.2")
    func ciphers() async throws {
        let port = try NginxFixture.port("static-rsa-only")
        let result = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:\(port)", ["--ciphers"]))
        let lists = try #require((try result.json()["tls"] as? [String: Any])?["cipherSuites"] as? [String: [[String: Any]]])
        #expect(Set(lists["TLSv1.2"]?.compactMap { $0["id"] as? String } ?? []) == ["0x009C", "0x009D"])
        #expect(lists.filter { $0.key != "TLSv1.2" }.allSatisfy { $0.value.isEmpty })
    }

    @Test("tls10-only negotiates ECDHE-RSA-AES128-SHA at TLS 1.0")
    func tls10Suite() async throws {
        let port = try NginxFixture.port("tls10-only")
        let result = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:\(port)"))
        let probes = try #require(try result.json()["probes"] as? [[String: Any]])
        let tls10 = try #require(probes.first { $0["name"] as? String == "tls1.0" })
        #expect((tls10["cipherSuite"] as? [String: Any])?["openSSLName"] as? String == "ECDHE-RSA-AES128-SHA")
    }
}
