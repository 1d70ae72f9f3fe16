import AtscheckTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

// `atscheck proxy` end to end: a lab (good-rsa, tls10-only, plain-http) and the proxy run as
// children; curl goes through the proxy. The lab certificates are valid only around
// 2025-06-01, so the proxy judges at that instant and curl runs under faketime. If faketime is
// missing, curl falls back to `-k` (then only the proxy's verdict, not curl's own validation,
// is exercised).

@Suite("atscheck proxy: CONNECT and absolute-form requests judged by ATS", .timeLimit(.minutes(TestTiming.minutes(3))))
struct ProxyTests {
    static let profiles = ["good-rsa", "tls10-only", "plain-http"]
    static let faketime = "/usr/bin/faketime"
    static let curl = "/usr/bin/curl"

    /// Runs `body` with a lab and a proxy that sends every lab port of good.atscheck.test to 127.0.0.1.
    static func withLabAndProxy<T>(policy: String? = nil, olderResolveSpelling: Bool = false,
                                   _ body: (LabServe, ProxyServe) async throws -> T) async throws -> T {
        try await LabServe.with(profiles) { lab in
            let resolves = try profiles.flatMap {
                ["--resolve", "good.atscheck.test:\(try lab.port($0))" + (olderResolveSpelling ? "=" : ":") + "127.0.0.1"]
            }
            let arguments = ["--at", Fixtures.evaluationTime, "--ca-file", LabServe.rootCA, "--no-system-roots", "--timeout", TestTiming.argument(5)]
                + resolves + (policy.map { ["--policy", $0] } ?? [])
            return try await ProxyServe.with(arguments) { proxy in try await body(lab, proxy) }
        }
    }

    /// curl through the proxy (under faketime at the fixtures' instant when available).
    static func curlThrough(_ proxyPort: UInt16?, _ arguments: [String]) async throws -> RunResult {
        let proxy = proxyPort.map { ["-x", "http://127.0.0.1:\($0)"] } ?? []
        let curlArguments = ["-sS", "-i", "--max-time", "20"] + proxy + arguments
        return try await offPool {
            if FileManager.default.isExecutableFile(atPath: faketime) {
                return try ProcessRunner.run(URL(fileURLWithPath: faketime), ["2025-06-01 00:00:00", curl] + curlArguments,
                                             displayName: "faketime", timeout: 60)
            }
            let insecure = curlArguments.map { $0 == "--cacert" ? "-k" : $0 }.filter { $0 != LabServe.rootCA }
            return try ProcessRunner.run(URL(fileURLWithPath: curl), insecure, displayName: "curl", timeout: 60)
        }
    }

    @Test("good-rsa: CONNECT allowed, the origin's answer comes back byte for byte")
    func goodPassesThrough() async throws {
        try await Self.withLabAndProxy { lab, proxy in
            let port = try lab.port("good-rsa")
            let url = "https://good.atscheck.test:\(port)/"
            let proxied = try await Self.curlThrough(proxy.port, ["--cacert", LabServe.rootCA, url])
            #expect(proxied.status == 0, "\(proxied.command): \(proxied.stderr)")
            let direct = try await Self.curlThrough(nil, ["--cacert", LabServe.rootCA, "--resolve", "good.atscheck.test:\(port):127.0.0.1", url])
            #expect(direct.status == 0, "\(direct.command): \(direct.stderr)")
            // curl -i prints the proxy's 200 first, then the origin's response.
            let established = "HTTP/1.1 200 Connection Established\r\n\r\n"
            #expect(proxied.stdout.hasPrefix(established))
            #expect(Data(proxied.stdoutData.dropFirst(established.utf8.count)) == direct.stdoutData)
            #expect(direct.stdout.hasSuffix("\r\n\r\natscheck lab: good-rsa\n"))
            let log = proxy.stderr()
            #expect(log.contains(" CONNECT good.atscheck.test:\(port) allowed -"), "\(log)")
        }
    }

    @Test("tls10-only: CONNECT refused with 403 and X-ATS-Reason: tls-version-too-low, no tunnel")
    func tls10Blocked() async throws {
        try await Self.withLabAndProxy { lab, proxy in
            let port = try lab.port("tls10-only")
            let result = try await Self.curlThrough(proxy.port, ["--cacert", LabServe.rootCA, "https://good.atscheck.test:\(port)/"])
            #expect(result.status != 0)
            #expect(result.stdout.hasPrefix("HTTP/1.1 403 Forbidden\r\n"), "\(result.stdout)")
            #expect(result.stdout.contains("X-ATS-Reason: tls-version-too-low\r\n"), "\(result.stdout)")
            #expect(!result.stdout.contains("Connection Established"))
            let log = proxy.stderr()
            #expect(log.contains(" CONNECT good.atscheck.test:\(port) blocked tls-version-too-low"), "\(log)")
            // A second CONNECT is answered from the verdict cache, the same way.
            let again = try await Self.curlThrough(proxy.port, ["--cacert", LabServe.rootCA, "https://good.atscheck.test:\(port)/"])
            #expect(again.stdout.contains("X-ATS-Reason: tls-version-too-low\r\n"))
        }
    }

    @Test("plain-http: http:// refused with 403 insecure-http under full ATS")
    func plainHTTPBlocked() async throws {
        try await Self.withLabAndProxy { lab, proxy in
            let port = try lab.port("plain-http")
            let result = try await Self.curlThrough(proxy.port, ["http://good.atscheck.test:\(port)/"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("HTTP/1.1 403 Forbidden\r\n"), "\(result.stdout)")
            #expect(result.stdout.contains("X-ATS-Reason: insecure-http\r\n"))
            #expect(result.stdout.contains("insecure-http"))
            #expect(!result.stdout.contains("atscheck lab: plain-http"))
            #expect(proxy.stderr().contains(" GET good.atscheck.test:\(port) blocked insecure-http"))
        }
    }

    @Test("plain-http: forwarded (200, origin body) when the policy allows insecure loads for good.atscheck.test")
    func plainHTTPAllowedByPolicy() async throws {
        let policy = FileManager.default.temporaryDirectory.appendingPathComponent("atscheckTests-proxy-\(UUID().uuidString).plist")
        try Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict>
        <key>good.atscheck.test</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
        </dict></dict></dict></plist>
        """.utf8).write(to: policy)
        defer { try? FileManager.default.removeItem(at: policy) }
        try await Self.withLabAndProxy(policy: policy.path) { lab, proxy in
            let port = try lab.port("plain-http")
            let result = try await Self.curlThrough(proxy.port, ["http://good.atscheck.test:\(port)/path?q=1"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(result.stdout)")
            #expect(result.stdout.hasSuffix("\r\n\r\natscheck lab: plain-http\n"), "\(result.stdout)")
            #expect(!result.stdout.contains("X-ATS-Reason"))
            #expect(proxy.stderr().contains(" GET good.atscheck.test:\(port) allowed -"))
        }
    }

    @Test("garbage on the socket → 400 Bad Request and close; a relative-form request → 400")
    func malformedRequest() async throws {
        try await ProxyServe.with([]) { proxy in
            let garbage = try await offPool { try RawClient.exchange(port: proxy.port, Array("\u{1}\u{2}not http at all\r\n\r\n".utf8)) }
            #expect(String(decoding: garbage, as: UTF8.self).hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
            let relative = try await offPool { try RawClient.exchange(port: proxy.port, Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)) }
            #expect(String(decoding: relative, as: UTF8.self).hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
            let badHeader = try await offPool {
                try RawClient.exchange(port: proxy.port, Array("GET http://a.test/ HTTP/1.1\r\nno colon here\r\n\r\n".utf8))
            }
            #expect(String(decoding: badHeader, as: UTF8.self).hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
            #expect(proxy.isRunning)
        }
    }

    @Test("--resolve in the older NAME:PORT=ADDRESS spelling still works, with a warning naming curl's")
    func olderResolveSpelling() async throws {
        try await Self.withLabAndProxy(olderResolveSpelling: true) { lab, proxy in
            let port = try lab.port("tls10-only")
            let result = try await Self.curlThrough(proxy.port, ["--cacert", LabServe.rootCA, "https://good.atscheck.test:\(port)/"])
            #expect(result.stdout.contains("X-ATS-Reason: tls-version-too-low"), "\(result.stdout) \(proxy.stderr())")
            #expect(proxy.stderr().contains("warning: --resolve NAME:PORT=ADDRESS is the older spelling; write HOST:PORT:ADDRESS"))
        }
    }

    @Test("a non-loopback listen address is refused (exit 2) unless --allow-remote")
    func refusesRemoteListen() async throws {
        let result = try await AsyncRun.atscheck(["proxy", "--listen", "0.0.0.0:0"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--allow-remote"))
        let malformed = try await AsyncRun.atscheck(["proxy", "--listen", "127.0.0.1"])
        #expect(malformed.status == 2)
        let badResolve = try await AsyncRun.atscheck(["proxy", "--listen", "127.0.0.1:0", "--resolve", "name=127.0.0.1"])
        #expect(badResolve.status == 2)
    }
}

/// Sends bytes on a fresh loopback connection and reads until the peer closes.
enum RawClient {
    struct Failure: Error {}

    /// `from`: the loopback address to connect from (any of 127/8). `timeout`: how long to
    /// wait for each read.
    static func exchange(port: UInt16, _ bytes: [UInt8], from source: String = "127.0.0.1", timeout seconds: Int = 15) throws -> [UInt8] {
        let fd = try connect(port: port, from: source)
        defer { close(fd) }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 4096, 0) }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        return answer
    }

    /// A connected socket to 127.0.0.1:`port`, bound to `source` first.
    static func connect(port: UInt16, from source: String = "127.0.0.1") throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure() }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, connected == 0 else { close(fd); throw Failure() }
        return fd
    }
}

/// A running `atscheck proxy --listen 127.0.0.1:0 …`, started like the lab (setpriv with a
/// parent-death signal, from the spawner thread) and stopped with SIGKILL.
final class ProxyServe: @unchecked Sendable {
    private let child: BackgroundAtscheck
    private(set) var port: UInt16 = 0

    private init(arguments: [String]) throws {
        child = try BackgroundAtscheck(["proxy", "--listen", "127.0.0.1:0"] + arguments, label: "proxy")
    }

    var isRunning: Bool { child.isRunning }

    /// What the proxy logged so far.
    func stderr() -> String { child.stderr() }

    static func with<T>(_ arguments: [String], _ body: (ProxyServe) async throws -> T) async throws -> T {
        let proxy = try SpawnerThread.shared.run { try ProxyServe(arguments: arguments) }
        let deadline = Date().addingTimeInterval(60)
        while true {
            let text = proxy.child.stdout()
            if let line = text.split(separator: "\n").first(where: { $0.contains("listening on") }),
               let port = UInt16(line.split(separator: ":").last ?? "") {
                proxy.port = port
                break
            }
            if !proxy.child.isRunning || Date() > deadline {
                let stderr = proxy.stderr()
                await proxy.stop()
                throw ProcessRunnerError.timedOut("atscheck proxy did not start: \(text) \(stderr)")
            }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        do {
            let value = try await body(proxy)
            await proxy.stop()
            return value
        } catch {
            await proxy.stop()
            throw error
        }
    }

    func stop() async { await child.stop() }
}
