import AtscheckSystem
import AtscheckTestSupport
import Foundation
import Testing
@testable import ATSProbe

@Suite("HTTPProbe on loopback", .serialized)
struct HTTPProbeTests {
    @Test("a signal during the wait is retried, not reported as a timeout")
    func signalsAreNotTimeouts() throws {
        let server = try SlowHTTPServer(delay: 0.5)
        defer { server.stop() }
        let endpoint = Endpoint(host: "127.0.0.1", port: server.port)
        let (answer, signals) = SignalInterrupter.run(interruptingFor: 0.4) {
            HTTPProbe.check(endpoint, timeout: 10)
        }
        #expect(signals > 0)
        #expect(answer == .answered("HTTP/1.1 204 No Content"))
    }

    @Test("a failed resolution is looked up once")
    func failedResolutionIsResolvedOnce() {
        let lookups = Counter()
        let answer = HTTPProbe.check(Endpoint(host: "x", address: "not-an-ip", port: 80), timeout: 5) {
            lookups.count += 1
            return AddressResolver.resolve($0)
        }
        #expect(lookups.count == 1)
        guard case .failed(.connectionFailed(let message)) = answer else {
            Issue.record("expected a connection failure, got \(answer)")
            return
        }
        #expect(message.contains("not an IP literal"))
    }

    @Test("an answering server is looked up once and its status line reported")
    func answeredAfterOneResolution() throws {
        let server = try SlowHTTPServer(delay: 0)
        defer { server.stop() }
        let lookups = Counter()
        let answer = HTTPProbe.check(Endpoint(host: "127.0.0.1", port: server.port), timeout: 10) {
            lookups.count += 1
            return AddressResolver.resolve($0)
        }
        #expect(lookups.count == 1)
        #expect(answer == .answered("HTTP/1.1 204 No Content"))
    }

    @Test("a closed port is a connection failure naming the address")
    func refused() throws {
        // Bound but not listening, and kept bound while probed: connecting is refused, and no
        // other test's server can take the port in between (closing it first raced with them).
        let (descriptor, port) = try LoopbackPort.refusing()
        defer { close(descriptor) }
        let answer = HTTPProbe.check(Endpoint(host: "127.0.0.1", port: port), timeout: 5)
        guard case .failed(.connectionFailed(let message)) = answer else {
            Issue.record("expected a connection failure, got \(answer)")
            return
        }
        #expect(message.hasPrefix("connect to 127.0.0.1:\(port): "), "\(message)")
    }
}

/// How often the resolver ran.
private final class Counter: @unchecked Sendable {
    var count = 0
}

/// A one-connection HTTP server on 127.0.0.1 that reads the request, waits `delay` seconds,
/// and answers `204 No Content`.
private final class SlowHTTPServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Socket
    private let done = DispatchSemaphore(value: 0)

    init(delay: Double) throws {
        let (listener, address) = try Socket.listen(ip: "127.0.0.1", port: 0)
        self.listener = listener
        port = address.port
        let thread = Thread { [listener, done] in
            defer { done.signal() }
            guard let (connection, _) = try? listener.accept() else { return }
            defer { connection.close() }
            _ = try? connection.receive(capacity: 4096, until: .after(seconds: 10))
            Thread.sleep(forTimeInterval: delay)
            try? connection.sendAll(Array("HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n".utf8))
        }
        thread.start()
    }

    func stop() {
        listener.shutdown(.both)
        _ = done.wait(timeout: .now() + 5)
        listener.close()
    }
}

