import ATSCertificates
import ATSCheck
import ATSPolicy
import ATSProxy
import AtscheckSystem
import AtscheckTestSupport
import Foundation
import Testing

/// CONNECT probes: concurrent CONNECTs to one host:port share one probe (counted as the
/// connections a loopback server accepts), at most `maxProbesInFlight` run at once and the
/// rest wait for a slot and are still answered; a probe slot that never comes free is a 503.
@Suite("proxy: CONNECT probes bounded and shared", .timeLimit(.minutes(TestTiming.minutes(2))))
struct ProxyProbeSharingTests {
    /// A loopback server that counts the connections it accepts and holds them unanswered
    /// until ``release()``; from then on it closes each at once (so every handshake fails).
    final class HoldingServer: @unchecked Sendable {
        let port: UInt16
        private let listener: Socket
        private let lock = NSLock()
        private var held: [Socket] = []
        private var accepted = 0
        private var released = false

        init() throws {
            let (socket, address) = try Socket.listen(ip: "127.0.0.1", port: 0, backlog: 256)
            listener = socket
            port = address.port
            Thread { [self] in
                while let (client, _) = try? listener.accept() {
                    lock.withLock {
                        accepted += 1
                        if released { client.close() } else { held.append(client) }
                    }
                }
            }.start()
        }

        /// Connections accepted so far.
        var accepts: Int { lock.withLock { accepted } }

        /// Closes the held connections and every later one.
        func release() {
            lock.withLock {
                released = true
                held.forEach { $0.close() }
                held.removeAll()
            }
        }

        func stop() {
            release()
            listener.shutdown(.both)
        }
    }

    static func proxy(_ server: HoldingServer) throws -> ProxyServer {
        let configuration = ProxyConfiguration(environment: .offline(), resolve: ["*:\(server.port)": "127.0.0.1"],
                                               timeout: TestTiming.seconds(10), log: { _ in })
        let proxy = try ProxyServer(configuration: configuration, listenAddress: "127.0.0.1", port: 0)
        proxy.start()
        return proxy
    }

    static func connect(_ proxyPort: UInt16, _ hostPort: String) throws -> Socket {
        let socket = try Socket.connect(toAny: Resolver.resolve("127.0.0.1", port: proxyPort, numericHost: true), attemptTimeout: 5)
        try socket.sendAll(Array("CONNECT \(hostPort) HTTP/1.1\r\n\r\n".utf8))
        return socket
    }

    static func status(_ socket: Socket) throws -> String {
        var received: [UInt8] = []
        let deadline = Deadline.after(seconds: TestTiming.seconds(30))
        while received.count < 12 {
            let chunk = try socket.receive(capacity: 4096, until: deadline)
            if chunk.isEmpty { break }
            received += chunk
        }
        return String(decoding: received.prefix(12), as: UTF8.self)
    }

    /// Waits (bounded, never asserting on time) until `condition` holds.
    static func waitUntil(_ condition: () -> Bool) throws {
        let deadline = Deadline.after(seconds: TestTiming.seconds(30))
        while !condition() {
            guard !deadline.hasPassed else { throw CancellationError() }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    /// A single CONNECT's probe against a fresh holding server, held until it started: the
    /// connections one probe makes.
    static func connectionsOfOneProbe() throws -> Int {
        let server = try HoldingServer()
        defer { server.stop() }
        let proxy = try Self.proxy(server)
        defer { proxy.stop() }
        let client = try connect(proxy.port, "solo.test:\(server.port)")
        try waitUntil { server.accepts >= 1 }
        server.release()
        #expect(try status(client) == "HTTP/1.1 502")
        return server.accepts
    }

    @Test("five concurrent CONNECTs to one host:port share one probe: the server sees one probe's connections")
    func sharedProbe() throws {
        let oneProbe = try Self.connectionsOfOneProbe()
        let server = try HoldingServer()
        defer { server.stop() }
        let proxy = try Self.proxy(server)
        defer { proxy.stop() }
        let first = try Self.connect(proxy.port, "shared.test:\(server.port)")
        try Self.waitUntil { server.accepts >= 1 }
        let others = try (0..<4).map { _ in try Self.connect(proxy.port, "shared.test:\(server.port)") }
        try Self.waitUntil { proxy.probeActivity.waitingForOthers == 4 }
        #expect(proxy.probeActivity.running == 1)
        server.release()
        for client in [first] + others { #expect(try Self.status(client) == "HTTP/1.1 502") }
        #expect(server.accepts == oneProbe, "one probe makes \(oneProbe) connections")
    }

    @Test("more CONNECTs to distinct endpoints than the probe bound: 16 probe at once, the rest wait for a slot, all are answered")
    func boundedProbes() throws {
        let server = try HoldingServer()
        defer { server.stop() }
        let proxy = try Self.proxy(server)
        defer { proxy.stop() }
        let count = ProxyServer.maxProbesInFlight + 4
        let clients = try (0..<count).map { try Self.connect(proxy.port, "n\($0).test:\(server.port)") }
        try Self.waitUntil { proxy.probeActivity.running + proxy.probeActivity.waitingForSlot == count }
        #expect(proxy.probeActivity.running == ProxyServer.maxProbesInFlight)
        #expect(proxy.probeActivity.waitingForSlot == 4)
        server.release()
        for client in clients { #expect(try Self.status(client) == "HTTP/1.1 502") }
        let after = proxy.probeActivity
        #expect(after.running == 0 && after.waitingForSlot == 0 && after.waitingForOthers == 0)
    }

    @Test("the gate: a slot that never comes free is noSlot at the deadline; an asker of a running key shares its outcome")
    func gate() throws {
        let gate = ProxyProbeGate<Int>(limit: 1)
        let release = DispatchSemaphore(value: 0)
        let results = LockedResults()
        Thread {
            if case .finished(let value, let shared) = gate.outcome(for: "a", slotDeadline: .never, outcomeDeadline: .never, probe: {
                release.wait()
                return 7
            }) { results.add("leader \(value) \(shared)") }
        }.start()
        try Self.waitUntil { gate.now.running == 1 }
        Thread {
            if case .finished(let value, let shared) = gate.outcome(for: "a", slotDeadline: .never, outcomeDeadline: .never, probe: { 0 }) {
                results.add("follower \(value) \(shared)")
            }
        }.start()
        try Self.waitUntil { gate.now.waitingForOthers == 1 }
        var refused = false
        if case .noSlot = gate.outcome(for: "b", slotDeadline: .after(seconds: 0.05), outcomeDeadline: .never, probe: { 1 }) { refused = true }
        #expect(refused)
        release.signal()
        try Self.waitUntil { results.all.count == 2 }
        #expect(Set(results.all) == ["leader 7 false", "follower 7 true"])
    }
}

/// Strings added from several threads.
final class LockedResults: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String] = []
    func add(_ value: String) { lock.withLock { values.append(value) } }
    var all: [String] { lock.withLock { values } }
}
