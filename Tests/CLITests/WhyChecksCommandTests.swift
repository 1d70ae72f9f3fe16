import AtscheckTestSupport
import Foundation
import Testing

/// `atscheck why --policy`, `--url` and `--probe` end to end: real pastes' shapes, real
/// Info.plists, and live checks against the lab's servers on loopback.
@Suite("atscheck why --policy/--url/--probe", .timeLimit(.minutes(TestTiming.minutes(3))))
struct WhyChecksCommandTests {
    static func trustFailure(_ url: String) -> String {
        #"Task <A1B2C3D4-0000-4000-8000-000000000001>.<1> finished with error [-1200] Error Domain=NSURLErrorDomain Code=-1200 "An SSL error has occurred and a secure connection to the server cannot be made." UserInfo={_kCFStreamErrorCodeKey=-9802, NSErrorFailingURLStringKey=\#(url), _kCFStreamErrorDomainKey=3}"#
    }
    static let versionFailure = "Task <4F7E00BD-2CB7-4055-A8DF-69CD9F562800>.<54> HTTP load failed, 0/0 bytes (error code: -1200 [3:-9836])"
    static let probeArguments = ["--probe", "--address", "127.0.0.1"] + HostArguments.trust

    static func why(_ arguments: [String]) async throws -> RunResult {
        try await AsyncRun.atscheck(["why"] + arguments)
    }

    /// The text with its wrapping undone, for phrases that may fall across lines.
    static func flat(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    @Test("--probe on an expired lab server: cert-expired, fourth or lower from -9802 alone, comes first, confirmed")
    func probeConfirms() async throws {
        try await LabServe.with(["expired"]) { lab in
            let url = HostArguments.url("expired", port: try lab.port("expired"))
            let plain = try await Self.why([Self.trustFailure(url)])
            #expect(!plain.stdout.contains("1. cert-expired"))
            let result = try await Self.why(Self.probeArguments + [Self.trustFailure(url)])
            #expect(result.status == 0)
            #expect(result.stdout.contains("1. cert-expired (confirmed by the probe;"))
            #expect(Self.flat(result.stdout).contains("BLOCKED (cert-expired); the server confirms cert-expired"))
            let json = try await Self.why(Self.probeArguments + ["--format", "json", Self.trustFailure(url)]).json()
            let error = try #require((json["errors"] as? [[String: Any]])?.first)
            let probe = try #require(error["probe"] as? [String: Any])
            #expect(probe["verdict"] as? String == "blocked")
            #expect(probe["confirmed"] as? [String] == ["cert-expired"])
            #expect(probe["url"] as? String == url)
            #expect(error["policy"] is NSNull)
        }
    }

    @Test("--probe with --url on a TLS 1.0-only server confirms tls-version-too-low; on a good server the failure is not reproduced")
    func probeWithURL() async throws {
        try await LabServe.with(["tls10-only", "good-rsa"]) { lab in
            let old = HostArguments.url("tls10-only", port: try lab.port("tls10-only"))
            let confirmed = try await Self.why(Self.probeArguments + ["--url", old, Self.versionFailure])
            #expect(confirmed.stdout.contains("URL: \(old)"))
            #expect(confirmed.stdout.contains("1. tls-version-too-low (confirmed by the probe;"))
            let good = HostArguments.url("good-rsa", port: try lab.port("good-rsa"))
            let passes = try await Self.why(Self.probeArguments + ["--url", good, "--format", "json", Self.versionFailure]).json()
            let probe = try #require(((passes["errors"] as? [[String: Any]])?.first)?["probe"] as? [String: Any])
            #expect(probe["verdict"] as? String == "allowed")
            #expect(probe["confirmed"] as? [String] == [])
            #expect((probe["conclusion"] as? String)?.contains("not reproduced") == true)
        }
    }

    @Test("--probe under a policy that accepts TLS 1.0 for the lab host: the cause is ruled out offline and the server passes")
    func probeUnderPolicy() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-why-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let plist = directory.appendingPathComponent("Info With Space.plist")
        try Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict><key>good.atscheck.test</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string></dict></dict></dict></dict></plist>"#.utf8).write(to: plist)
        try await LabServe.with(["tls10-only"]) { lab in
            let url = HostArguments.url("tls10-only", port: try lab.port("tls10-only"))
            let result = try await Self.why(Self.probeArguments + ["--policy", plist.path, "--url", url, Self.versionFailure])
            #expect(result.status == 0)
            #expect(result.stdout.contains("ruled out by the policy: tls-version-too-low"))
            #expect(result.stdout.contains("narrows"))
            let json = try await Self.why(Self.probeArguments + ["--policy", plist.path, "--url", url, "--format", "json", Self.versionFailure]).json()
            let error = try #require((json["errors"] as? [[String: Any]])?.first)
            #expect(error["command"] as? String == "atscheck host \(url) --policy '\(plist.path)'")
            #expect((error["ruledOut"] as? [[String: Any]])?.first?["reason"] as? String == "tls-version-too-low")
            #expect((error["policy"] as? [String: Any])?["agreement"] as? String == "narrows")
            #expect(Self.flat(result.stdout).contains(": ALLOWED;"))
        }
    }

    @Test("--policy on a real project's plist (0xMiden/miden-wallet): -1022 agrees, with lint's arbitrary-loads-ignored; Markdown too")
    func policyFinding() async throws {
        let plist = RepositoryLayout.corpusPlists.appendingPathComponent("025-0xMiden-miden-wallet-Info.plist").path
        let log = #"Task <5C0A6E11-2B7D-4E10-9A55-0C2B8D1E7F40>.<1> finished with error [-1022] Error Domain=NSURLErrorDomain Code=-1022 "x" UserInfo={NSErrorFailingURLStringKey=http://rpc.example.org/v1}"#
        let text = try await Self.why(["--policy", plist, log])
        #expect(text.stdout.contains("agrees"))
        #expect(text.stdout.contains("lint arbitrary-loads-ignored"))
        #expect(text.stdout.contains("next: atscheck explain http://rpc.example.org/v1 --policy"))
        let markdown = try await Self.why(["--policy", plist, "--format", "markdown", log])
        #expect(markdown.stdout.contains("**agrees**"))
        #expect(markdown.stdout.contains("lint `arbitrary-loads-ignored`"))
    }

    @Test("bad --url, an unreadable --policy, --address without --probe: exit 2")
    func usage() async throws {
        #expect(try await Self.why(["--url", "not a url", Self.versionFailure]).status == 2)
        #expect(try await Self.why(["--policy", "/nonexistent/Info.plist", Self.versionFailure]).status == 2)
        let stray = try await Self.why(["--address", "127.0.0.1", Self.versionFailure])
        #expect(stray.status == 2 && stray.stderr.contains("go with '--probe'"), "\(stray.stderr)")
    }

    @Test("--probe on 18 distinct failing URLs probes the first 16 and says so (text, JSON, Markdown); --no-fetch is accepted")
    func probeCap() async throws {
        let (fd, port) = try LoopbackPort.refusing()
        defer { close(fd) }
        let paste = (1...18).map { Self.trustFailure("https://127.0.0.1:\(port)/item/\($0)") }.joined(separator: "\n")
        let arguments = Self.probeArguments + ["--no-fetch", "--timeout", "2"]
        let text = try await Self.why(arguments + [paste])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(Self.flat(text.stdout).contains("note: --probe checks the first 16 distinct URLs; 2 more were not probed."), "\(text.stdout.prefix(400))")
        #expect(text.stdout.components(separatedBy: "\n  probe https://127.0.0.1").count - 1 == 16)
        let json = try await Self.why(arguments + ["--format", "json", paste]).json()
        #expect(json["probeLimit"] as? Int == 16 && json["urlsNotProbed"] as? Int == 2)
        let errors = try #require(json["errors"] as? [[String: Any]])
        #expect(errors.count == 18 && errors.filter { $0["probe"] is [String: Any] }.count == 16)
        let markdown = try await Self.why(arguments + ["--format", "markdown", paste])
        #expect(markdown.stdout.contains("2 more were not probed"))
        let few = try await Self.why(arguments + ["--format", "json", Self.trustFailure("https://127.0.0.1:\(port)/")]).json()
        #expect(few["probeLimit"] == nil && few["urlsNotProbed"] == nil)
    }
}
