import Foundation
import Testing
@testable import AtscheckSystem

@Suite("Sockets on loopback")
struct SocketTests {
    @Test("bound port is read back typed", arguments: ["127.0.0.1", "::1"])
    func boundPort(ip: String) throws {
        // Each descriptor is closed exactly once: a second close(2) of the same number can hit
        // a descriptor a test running in parallel has just been given (it failed the ::1 case
        // with "listen: Bad file descriptor" under the full suite).
        let chosen: UInt16
        do {
            let (listener, bound) = try Socket.listen(ip: ip, port: 0)
            defer { listener.close() }
            #expect(bound.port != 0)
            #expect(bound.ipText == ip)
            #expect(try listener.localAddress().port == bound.port)
            let target = try #require(Resolver.resolve(ip, port: bound.port, numericHost: true).first)
            let client = try Socket.connect(to: target, until: .after(seconds: 5))
            defer { client.close() }
            let (server, peer) = try listener.accept()
            defer { server.close() }
            #expect(peer.ipText == ip)
            #expect(try client.localAddress().port == peer.port)
            chosen = bound.port
        }

        // An explicit port comes back as itself.
        let (again, rebound) = try Socket.listen(ip: ip, port: chosen)
        defer { again.close() }
        #expect(rebound.port == chosen)
    }

    @Test func closedPortIsRefused() throws {
        let (listener, bound) = try Socket.listen(ip: "127.0.0.1", port: 0)
        listener.close()
        let error = #expect(throws: SocketError.self) {
            try Socket.connect(to: bound, until: .after(seconds: 5)).close()
        }
        #expect(error?.isConnectionRefused == true)
        #expect(error?.call == "connect")
    }

    @Test func connectDeadlineToAListenerThatNeverAnswers() throws {
        // A listener with a full accept queue: Linux (and Darwin) drop further SYNs, so the
        // next connect neither succeeds nor fails until its deadline.
        let (listener, bound) = try Socket.listen(ip: "127.0.0.1", port: 0, backlog: 0)
        defer { listener.close() }
        var fillers: [Socket] = []
        defer { fillers.forEach { $0.close() } }
        for _ in 0..<8 {
            fillers.append(try Socket.startConnect(to: bound).socket)
        }
        Thread.sleep(forTimeInterval: 0.2)
        let started = ContinuousClock.now
        let error = #expect(throws: SocketError.self) {
            for _ in 0..<8 {
                fillers.append(try Socket.connect(to: bound, until: .after(seconds: 0.5)))
            }
        }
        let elapsed = ContinuousClock.now - started
        #expect(error?.isTimeout == true)
        #expect(error?.call == "connect")
        #expect(elapsed >= .milliseconds(450))
        #expect(elapsed < .seconds(6))
    }

    @Test func sendAllDeliversALargeBufferWhole() throws {
        let (listener, bound) = try Socket.listen(ip: "127.0.0.1", port: 0)
        defer { listener.close() }
        let payload = (0..<(6 * 1024 * 1024 + 17)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let received = Received()
        let reader = Thread {
            guard let (server, _) = try? listener.accept() else { received.done.signal(); return }
            while let bytes = try? server.receive(capacity: 65536), !bytes.isEmpty { received.bytes += bytes }
            server.close()
            received.done.signal()
        }
        reader.start()
        let client = try Socket.connect(to: bound, until: .after(seconds: 5))
        try client.sendAll(payload)
        client.shutdown(.write)
        #expect(received.done.wait(timeout: .now() + 30) == .success)
        client.close()
        #expect(received.bytes.count == payload.count)
        #expect(received.bytes == payload)
    }

    @Test func sendAllWithADeadlineWaitsForRoomAndTimesOutWhenNobodyReads() throws {
        let (client, server) = try ConnectedPair.make(ip: "127.0.0.1")
        defer { client.close(); server.close() }
        let error = #expect(throws: SocketError.self) {
            try client.sendAll([UInt8](repeating: 7, count: 64 * 1024 * 1024), until: .after(seconds: 0.3))
        }
        #expect(error?.isTimeout == true)
        #expect(error?.call == "send")
    }

    @Test func receiveWithADeadline() throws {
        let (client, server) = try ConnectedPair.make(ip: "::1")
        defer { client.close(); server.close() }
        let error = #expect(throws: SocketError.self) { try client.receive(capacity: 10, until: .after(seconds: 0.2)) }
        #expect(error?.isTimeout == true)
        try server.sendAll(Array("hello".utf8), until: .after(seconds: 5))
        #expect(try client.receive(capacity: 10, until: .after(seconds: 5)) == Array("hello".utf8))
        server.shutdown(.both)
        #expect(try client.receive(capacity: 10, until: .after(seconds: 5)) == [])
    }
}

/// What the reader thread collected.
final class Received: @unchecked Sendable {
    var bytes: [UInt8] = []
    let done = DispatchSemaphore(value: 0)
}

/// Both ends of a fresh loopback connection (the listener is closed once it accepted).
enum ConnectedPair {
    static func make(ip: String) throws -> (client: Socket, server: Socket) {
        let (listener, bound) = try Socket.listen(ip: ip, port: 0)
        defer { listener.close() }
        let client = try Socket.connect(to: bound, until: .after(seconds: 5))
        do {
            return (client, try listener.accept().socket)
        } catch {
            client.close()
            throw error
        }
    }
}
