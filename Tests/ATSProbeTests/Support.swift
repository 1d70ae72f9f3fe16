import AtscheckTestSupport
import Foundation
import Testing
@testable import ATSProbe
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Test helpers: fixture paths, PEM decoding, `openssl s_server` processes on free loopback
// ports, and raw TCP servers (silent, banner, connection-counting). Only loopback traffic.

enum Fixtures {
    static let testCerts = RepositoryLayout.testCerts

    static func path(_ name: String) -> String { testCerts.appendingPathComponent(name).path }

    /// The DER of every CERTIFICATE block of a PEM file, in file order.
    static func pemCertificates(_ name: String) throws -> [Data] {
        let text = try String(contentsOfFile: path(name), encoding: .utf8)
        var blocks: [Data] = []
        var current: String?
        for line in text.split(whereSeparator: \.isNewline).map(String.init) {
            if line.hasPrefix("-----BEGIN CERTIFICATE-----") {
                current = ""
            } else if line.hasPrefix("-----END CERTIFICATE-----") {
                if let body = current, let der = Data(base64Encoded: body) { blocks.append(der) }
                current = nil
            } else if current != nil {
                current! += line.trimmingCharacters(in: .whitespaces)
            }
        }
        return blocks
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: testCerts.appendingPathComponent(name))
    }

    /// A scratch file that lives for the test process.
    static func temporaryFile(named name: String, contents: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("atscheck-tlsprobe-tests-\(getpid())", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

// MARK: - Sockets

enum LoopbackSocket {
    /// A TCP socket bound to 127.0.0.1 on a kernel-chosen port, optionally listening.
    static func bound(listen backlog: Int32?) throws -> (fd: Int32, port: UInt16) {
        do { return try LoopbackPort.bind(listen: backlog, reuseAddress: true) } catch { throw TestFailure(error.description) }
    }

    /// A port nothing listens on right now (bound, then released).
    static func freePort() throws -> UInt16 {
        do { return try LoopbackPort.freePort() } catch { throw TestFailure(error.description) }
    }
}

/// A raw TCP server on a background thread. `behaviour` runs once per accepted connection on
/// the accept thread (keep it short); connections are tracked so the maximum number open at
/// once can be read.
final class RawServer: @unchecked Sendable {
    enum Behaviour: Sendable {
        /// Never accept: the kernel completes the TCP handshake (backlog) and nothing answers.
        case neverAccept
        /// Accept and hold the connection open, sending nothing.
        case acceptAndHold
        /// Accept, send these bytes, hold the connection open until the client closes.
        case send([UInt8])
    }

    let port: UInt16
    private let fd: Int32
    private let behaviour: Behaviour
    private let lock = NSLock()
    private var open: [Int32] = []
    private var maxOpen = 0
    private var stopped = false
    private var thread: Thread?

    init(_ behaviour: Behaviour) throws {
        let (fd, port) = try LoopbackSocket.bound(listen: 64)
        self.fd = fd
        self.port = port
        self.behaviour = behaviour
        if case .neverAccept = behaviour { return }
        let thread = Thread { [self] in acceptLoop() }
        self.thread = thread
        thread.start()
    }

    var endpoint: Endpoint { Endpoint(host: "127.0.0.1", port: port) }

    /// The most connections open at the same time so far (closed ones are noticed by polling).
    var maxSimultaneous: Int {
        lock.lock()
        defer { lock.unlock() }
        return maxOpen
    }

    private func acceptLoop() {
        while true {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, 20)
            lock.lock()
            if stopped {
                lock.unlock()
                return
            }
            // Drop connections the client closed (readable with EOF / error).
            open = open.filter(Self.stillOpen)
            lock.unlock()
            guard ready > 0 else { continue }
            let client = accept(fd, nil, nil)
            guard client >= 0 else { continue }
            if case .send(let bytes) = behaviour {
                _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
            // Count only connections still open a moment later: one accepted late from the
            // backlog may already have been closed by the client, and under a sanitizer the
            // previous wave's closes were seen to arrive just after the next accept.
            usleep(50_000)
            lock.lock()
            open.append(client)
            open = open.filter(Self.stillOpen)
            maxOpen = max(maxOpen, open.count)
            lock.unlock()
        }
    }

    /// False (and the descriptor closed) when the client has closed the connection.
    private static func stillOpen(_ client: Int32) -> Bool {
        var probe = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
        guard poll(&probe, 1, 0) > 0 else { return true }
        // Drain everything pending: a ClientHello followed by the client's close must
        // count as closed now, not one loop later (the next wave may be accepted first).
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(client, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 { continue }
            if count == 0 || errno != EAGAIN {
                close(client)
                return false
            }
            return true  // data from the client (a ClientHello) drained; still open
        }
    }

    func stop() {
        lock.lock()
        stopped = true
        let clients = open
        open.removeAll()
        lock.unlock()
        // Give the accept loop a moment to notice before the descriptor goes away.
        usleep(50_000)
        for client in clients { close(client) }
        close(fd)
    }
}

// MARK: - openssl s_server

/// An `openssl s_server` process on a free loopback port, killed by `stop()`.
///
/// Spawned with posix_spawn rather than Foundation's `Process`: a child started from a
/// dispatch thread inherits its blocked signal mask (SIGTERM blocked), and `Process`
/// neither resets it nor reliably notices the exit. Here the child gets an empty mask and
/// default dispositions, and is reaped with waitpid.
final class OpenSSLServer: @unchecked Sendable {
    let port: UInt16
    private let pid: pid_t
    private let logPath: String
    private let lock = NSLock()
    private var reaped = false

    /// Starts `openssl s_server -accept 127.0.0.1:<free port> -quiet <arguments>` (relative
    /// paths are resolved against the package root) and waits until the port accepts.
    init(_ arguments: [String]) throws {
        var lastError = "not started"
        let resolved = arguments.map { $0.hasPrefix("TestCerts/") ? RepositoryLayout.packageRoot.appendingPathComponent($0).path : $0 }
        for _ in 0..<3 {
            let port = try LoopbackSocket.freePort()
            let logPath = try Fixtures.temporaryFile(named: "s_server-\(port).log", contents: "")
            let argv = [OpenSSLServer.opensslPath, "s_server", "-accept", "127.0.0.1:\(port)", "-quiet"] + resolved
            let pid = try OpenSSLServer.spawn(argv, log: logPath)
            let deadline = Date().addingTimeInterval(10)
            var exited = false
            while Date() < deadline {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid { exited = true; break }
                if LoopbackPort.accepts(port) { break }
                usleep(50_000)
            }
            if !exited, LoopbackPort.accepts(port) {
                self.port = port
                self.pid = pid
                self.logPath = logPath
                return
            }
            if !exited {
                kill(pid, SIGKILL)
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
            lastError = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "no log"
        }
        throw TestFailure("openssl s_server \(arguments.joined(separator: " ")) did not start: \(lastError)")
    }

    var endpoint: Endpoint { Endpoint(host: "127.0.0.1", port: port) }

    /// What the server printed (for failure messages).
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !reaped else { return }
        reaped = true
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    private static func spawn(_ argv: [String], log: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGPIPE, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, argv[0], &actions, &attributes, &cArguments, environ)
        guard status == 0 else { throw TestFailure("posix_spawn \(argv[0]): \(status)") }
        return pid
    }

    static let opensslPath: String = {
        for candidate in ["/usr/bin/openssl", "/usr/local/bin/openssl", "/opt/homebrew/bin/openssl"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return "/usr/bin/openssl"
    }()

    /// The usual certificate arguments: leaf-good-rsa with the intermediate as its chain.
    static let goodRSA = ["-cert", "TestCerts/leaf-good-rsa.pem", "-key", "TestCerts/keys/leaf-good-rsa.key",
                          "-cert_chain", "TestCerts/intermediate.pem"]
}

/// Runs `body` with a server, stopping it afterwards whatever happens.
func withServer<T>(_ arguments: [String], _ body: (OpenSSLServer) async throws -> T) async throws -> T {
    let server = try OpenSSLServer(arguments)
    defer { server.stop() }
    return try await body(server)
}

// MARK: - Expectations

extension ProbeOutcome {
    var failure: ProbeFailure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }

    var isHandshakeFailure: Bool {
        if case .failed(.handshakeFailed) = self { return true }
        return false
    }

    var isTimeout: Bool {
        if case .failed(.timeout) = self { return true }
        return false
    }
}

/// A prober with short deadlines for loopback tests.
let testProber = TLSProber(configuration: .init(connectTimeout: 5, handshakeTimeout: 15, hostTimeout: 60))
