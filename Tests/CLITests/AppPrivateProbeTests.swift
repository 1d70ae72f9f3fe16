import AtscheckTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A bundle is often someone else's upload: `app` dials none of its URLs unless `--probe`, and
/// even then not those naming loopback, link-local or private addresses unless
/// `--allow-private-probe` (issue 43), so a bundle cannot drive a scan of the network atscheck
/// runs in: neither by an address literal (listed, never dialled) nor by a name that resolves to
/// such an address (refused on the addresses resolved, before any connection).
@Suite("app: no probe of a bundle's private addresses unless asked")
struct AppPrivateProbeTests {
    /// An .app whose executable holds `urls`.
    static func bundle(_ urls: [String]) throws -> URL {
        let app = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-private-\(UUID().uuidString)/Private.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleIdentifier</key><string>test.private</string></dict></plist>"#
            .write(to: app.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        try Data([0xCF, 0xFA, 0xED, 0xFE, 0] + urls.flatMap { Array($0.utf8) + [0, 0x90] }).write(to: app.appendingPathComponent("Private"))
        return app
    }

    static func endpoints(_ result: RunResult) throws -> [[String: Any]] {
        try #require((try result.json()["bundles"] as? [[String: Any]])?.first?["endpoints"] as? [[String: Any]])
    }

    @Test("loopback, RFC 1918 and link-local URLs: not probed without --probe; with --probe listed as not probed, with why")
    func privateNotProbed() async throws {
        try await LabServe.with(["good-rsa"]) { lab in
            let port = try lab.port("good-rsa")
            let urls = ["https://127.0.0.1:\(port)/a", "https://10.0.0.5/admin", "https://169.254.169.254/latest/meta-data/"]
            let app = try Self.bundle(urls)
            defer { try? FileManager.default.removeItem(at: app.deletingLastPathComponent()) }

            let plain = try await AsyncRun.atscheck(["app", app.path, "--format", "json"] + HostArguments.trust)
            #expect(!plain.stderr.contains("contacting"), "\(plain.stderr)")
            for endpoint in try Self.endpoints(plain) where urls.contains(endpoint["url"] as? String ?? "") {
                #expect(endpoint["verdict"] as? String == "unknown" && endpoint["error"] as? String == nil, "\(endpoint)")
            }

            let probed = try await AsyncRun.atscheck(["app", app.path, "--probe", "--format", "json", "--timeout", "2"] + HostArguments.trust)
            let endpoints = try Self.endpoints(probed)
            for (url, kind) in zip(urls, ["127.0.0.1 is a loopback", "10.0.0.5 is a private", "169.254.169.254 is a link-local"]) {
                let endpoint = try #require(endpoints.first { $0["url"] as? String == url }, "\(endpoints)")
                let error = endpoint["error"] as? String ?? ""
                #expect(error.contains("not probed: \(kind) address") && error.contains("--allow-private-probe"), "\(endpoint)")
            }
        }
    }

    @Test("--allow-private-probe probes a loopback URL; a name sent to loopback with --resolve is probed without it")
    func allowedWhenAsked() async throws {
        try await LabServe.with(["good-rsa"]) { lab in
            let port = try lab.port("good-rsa")
            let app = try Self.bundle(["https://127.0.0.1:\(port)/a", "https://good.atscheck.test:\(port)/b"])
            defer { try? FileManager.default.removeItem(at: app.deletingLastPathComponent()) }
            let arguments = ["app", app.path, "--probe", "--format", "json", "--timeout", "\(2 * TestTiming.scale)",
                             "--resolve", "good.atscheck.test:\(port):127.0.0.1"] + HostArguments.trust
            let endpoints = try Self.endpoints(try await AsyncRun.atscheck(arguments))
            let named = try #require(endpoints.first { $0["url"] as? String == "https://good.atscheck.test:\(port)/b" })
            #expect(named["verdict"] as? String == "allowed", "\(named)")
            let literal = try #require(endpoints.first { $0["url"] as? String == "https://127.0.0.1:\(port)/a" })
            #expect((literal["error"] as? String)?.contains("not probed") == true, "\(literal)")

            let allowed = try Self.endpoints(try await AsyncRun.atscheck(arguments + ["--allow-private-probe"]))
            let probed = try #require(allowed.first { $0["url"] as? String == "https://127.0.0.1:\(port)/a" })
            #expect(probed["error"] as? String == nil && ["allowed", "blocked"].contains(probed["verdict"] as? String), "\(probed)")
        }
    }

    @Test("a host name that resolves to loopback (/etc/hosts) is not dialled: unknown, naming the address; --allow-private-probe dials it",
          .enabled(if: LoopbackPort.loopbackHostName() != nil))
    func nameResolvingToLoopback() async throws {
        let (name, address) = try #require(LoopbackPort.loopbackHostName(), "no name other than localhost maps to a loopback address in /etc/hosts")
        let listener = try LoopbackPort.listening(at: address)
        defer { close(listener.fd) }
        try await LabServe.with(["good-rsa"]) { lab in
            let (silent, served) = ("https://\(name):\(listener.port)/", "https://\(name):\(try lab.port("good-rsa"))/")
            let app = try Self.bundle([silent, served])
            defer { try? FileManager.default.removeItem(at: app.deletingLastPathComponent()) }
            let arguments = ["app", app.path, "--probe", "--format", "json", "--timeout", "\(2 * TestTiming.scale)"] + HostArguments.trust
            let refused = try Self.endpoints(try await AsyncRun.atscheck(arguments))
            for url in [silent, served] {
                let endpoint = try #require(refused.first { $0["url"] as? String == url }, "\(refused)")
                let messages = (endpoint["reasons"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
                #expect(endpoint["verdict"] as? String == "unknown", "\(endpoint)")
                #expect(messages.contains("not probed: \(name) resolves only to loopback addresses (\(address)) (--allow-private-probe probes it)"),
                        "\(endpoint)")
            }
            #expect(!LoopbackPort.hasPendingConnection(listener.fd), "the listener saw a connection")

            let allowed = try Self.endpoints(try await AsyncRun.atscheck(arguments + ["--allow-private-probe"]))
            #expect(LoopbackPort.hasPendingConnection(listener.fd), "the listener saw no connection")
            guard address == "127.0.0.1" else { return }  // the lab listens on 127.0.0.1
            let probed = try #require(allowed.first { $0["url"] as? String == served }, "\(allowed)")
            let reasons = (probed["reasons"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
            // The lab's certificate names good.atscheck.test, not this name: a handshake was made.
            #expect(probed["verdict"] as? String == "blocked" && reasons.contains("cert-hostname-mismatch"), "\(probed)")
        }
    }
}
