import AtscheckTestSupport
import Foundation
import Testing
@testable import AtscheckSystem

@Suite("A socket owns its descriptor")
struct OwnershipTests {
    @Test func closeRunsOnceAndLeavesAReusedNumberAlone() throws {
        let (first, _) = try Socket.listen(ip: "127.0.0.1", port: 0)
        first.close()
        #expect(!first.isOpen)
        #expect(first.descriptor == -1)
        // The kernel hands out the lowest free number, very likely the one just closed: a
        // second close of the old owner must not reach it.
        let (second, bound) = try Socket.listen(ip: "127.0.0.1", port: 0)
        first.close()
        first.shutdown(.both)
        #expect(second.isOpen)
        #expect(try second.localAddress() == bound)
        second.close()
    }

    @Test func callsOnAClosedSocketFailWithEBADF() throws {
        let (client, server) = try ConnectedPair.make(ip: "127.0.0.1")
        client.close()
        let error = #expect(throws: SocketError.self) { try client.sendAll([1]) }
        #expect(error?.code == EBADF)
        #expect(!client.trySendAll([1]))
        #expect(client.tryReceive() == nil)
        server.close()
    }

    @Test func droppingTheLastReferenceClosesTheConnection() throws {
        let (listener, bound) = try Socket.listen(ip: "127.0.0.1", port: 0)
        let server: Socket
        do {
            let client = try Socket.connect(to: bound, until: .after(seconds: 5))
            server = try listener.accept().socket
            try client.sendAll([7])
        }
        // The client went out of scope: its deinit closed it, so the server reads the byte, then EOF.
        #expect(try server.receive(capacity: 10, until: .after(seconds: 5)) == [7])
        #expect(try server.receive(capacity: 10, until: .after(seconds: 5)) == [])
    }

    @Test func concurrentClosesCloseOnce() throws {
        let (socket, _) = try Socket.listen(ip: "127.0.0.1", port: 0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in socket.close() }
        #expect(!socket.isOpen)
    }

    @Test func pollSkipsAMissingSocket() throws {
        let (client, server) = try ConnectedPair.make(ip: "127.0.0.1")
        try client.sendAll([1])
        let ready = try Poll.wait([(nil, .readable), (server, .readable)], until: .after(seconds: 5))
        #expect(ready[0].isEmpty)
        #expect(ready[1].contains(.readable))
    }
}

@Suite("The acceptor stops without races")
struct AcceptorTests {
    @Test func stopWithNothingPendingEndsTheLoopAndFreesThePort() throws {
        let (listener, bound) = try Socket.listen(ip: "127.0.0.1", port: 0)
        let acceptor = try Acceptor(listeners: [listener])
        let ended = DispatchSemaphore(value: 0)
        #expect(DetachedThread.start {
            acceptor.run { _, _, _ in }
            ended.signal()
        })
        while !acceptor.isAccepting { Thread.sleep(forTimeInterval: 0.005) }
        acceptor.stop()
        #expect(!acceptor.isAccepting)
        #expect(!listener.isOpen)
        #expect(ended.wait(timeout: .now() + 10) == .success)
        // The port is free the moment stop returns.
        let (again, rebound) = try Socket.listen(ip: "127.0.0.1", port: bound.port)
        #expect(rebound.port == bound.port)
        again.close()
    }

    @Test func acceptsOnEveryListenerUntilStopped() throws {
        let (one, first) = try Socket.listen(ip: "127.0.0.1", port: 0)
        let (two, second) = try Socket.listen(ip: "::1", port: 0)
        let acceptor = try Acceptor(listeners: [one, two])
        let seen = Seen()
        #expect(acceptor.start { index, connection, peer in
            seen.add(index, peer: peer.ipText)
            connection.close()
        })
        let clients = try [first, second].map { try Socket.connect(to: $0, until: .after(seconds: 5)) }
        #expect(seen.wait(for: 2))
        acceptor.stop()
        #expect(seen.sorted == [[0: "127.0.0.1"], [1: "::1"]])
        clients.forEach { $0.close() }
    }

    @Test func stopBeforeStartClosesTheListenersAndStartThenDoesNothing() throws {
        let (listener, _) = try Socket.listen(ip: "127.0.0.1", port: 0)
        let acceptor = try Acceptor(listeners: [listener])
        acceptor.stop()
        #expect(!listener.isOpen)
        // The loop sees the acceptor stopped and returns at once (a wait here would hang the test).
        acceptor.run { _, _, _ in Issue.record("nothing to accept") }
        #expect(!acceptor.isAccepting)
    }

    @Test func concurrentStopsAllReturnOnceTheLoopEnded() throws {
        let (listener, _) = try Socket.listen(ip: "127.0.0.1", port: 0)
        let acceptor = try Acceptor(listeners: [listener])
        #expect(acceptor.start { _, _, _ in })
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            acceptor.stop()
            #expect(!acceptor.isAccepting)
            #expect(!listener.isOpen)
        }
    }

    /// The debug assertion is for an acceptor dropped while its loop runs. Dropping one that
    /// never ran, or that was stopped, must not assert (this test would crash in debug if it did);
    /// the running state the assertion reads is `isAccepting`.
    @Test func onlyARunningAcceptorCountsAsLeaked() throws {
        do {
            let (listener, _) = try Socket.listen(ip: "127.0.0.1", port: 0)
            let idle = try Acceptor(listeners: [listener])
            #expect(!idle.isAccepting)
        }
        let (listener, _) = try Socket.listen(ip: "127.0.0.1", port: 0)
        var running: Acceptor? = try Acceptor(listeners: [listener])
        #expect(running?.start { _, _, _ in } == true)
        while running?.isAccepting == false { Thread.sleep(forTimeInterval: 0.005) }
        #expect(running?.isAccepting == true)
        running?.stop()
        #expect(running?.isAccepting == false)
        running = nil
        #expect(!listener.isOpen)
    }

    @Test func signalsDoNotEndTheLoop() throws {
        let (listener, bound) = try Socket.listen(ip: "127.0.0.1", port: 0)
        let acceptor = try Acceptor(listeners: [listener])
        let seen = Seen()
        let (accepted, signals) = SignalInterrupter.run(interruptingFor: 0.3, afterwards: {
            let client = try? Socket.connect(to: bound, until: .after(seconds: 5))
            _ = seen.wait(for: 1)
            acceptor.stop()
            client?.close()
        }) {
            acceptor.run { index, connection, peer in
                seen.add(index, peer: peer.ipText)
                connection.close()
            }
            return seen.sorted.count
        }
        #expect(signals > 0)
        #expect(accepted == 1)
    }
}

/// What an acceptor's handler saw, from its thread.
private final class Seen: @unchecked Sendable {
    private let condition = NSCondition()
    private var entries: [[Int: String]] = []

    func add(_ index: Int, peer: String) {
        condition.lock()
        entries.append([index: peer])
        condition.broadcast()
        condition.unlock()
    }

    /// Waits up to 10 s for `count` connections.
    func wait(for count: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let end = Date() + 10
        while entries.count < count { if !condition.wait(until: end) { return false } }
        return true
    }

    var sorted: [[Int: String]] {
        condition.lock()
        defer { condition.unlock() }
        return entries.sorted { $0.keys.first! < $1.keys.first! }
    }
}
