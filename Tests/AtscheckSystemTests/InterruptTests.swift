import AtscheckTestSupport
import Foundation
import Testing
@testable import AtscheckSystem

@Suite("EINTR is retried, not reported", .serialized)
struct InterruptTests {
    @Test func acceptSurvivesSignals() throws {
        let (listener, bound) = try Socket.listen(ip: "127.0.0.1", port: 0)
        defer { listener.close() }
        // The set-up does interrupt: a bare accept(2) gives up with EINTR.
        let (bare, _) = SignalInterrupter.run(interruptingFor: 0.1) { () -> Int32 in
            accept(listener.descriptor, nil, nil) < 0 ? errno : 0
        }
        #expect(bare == EINTR)

        let client = Clients()
        let (accepted, signals) = SignalInterrupter.run(interruptingFor: 0.3, afterwards: { client.connect(to: bound) }) {
            Result { () throws(SocketError) in try listener.accept().socket }
        }
        defer { client.close() }
        #expect(signals > 0)
        let socket = try #require(try accepted?.get())
        socket.close()
    }

    @Test func pollSurvivesSignalsAndKeepsItsDeadline() throws {
        let (client, server) = try ConnectedPair.make(ip: "127.0.0.1")
        defer { client.close(); server.close() }

        // Nothing arrives: the wait lasts its whole deadline despite the signals.
        let started = ContinuousClock.now
        let (quiet, signals) = SignalInterrupter.run(interruptingFor: 0.2) {
            Result { () throws(SocketError) in try Poll.wait(server, for: .readable, until: .after(seconds: 0.6)) }
        }
        #expect(signals > 0)
        #expect(try quiet?.get() == [])
        #expect(ContinuousClock.now - started >= .milliseconds(550))

        // Data after the signals: the wait reports it.
        let (ready, _) = SignalInterrupter.run(interruptingFor: 0.2, afterwards: { try? client.sendAll([1]) }) {
            Result { () throws(SocketError) in try Poll.wait(server, for: .readable, until: .after(seconds: 5)) }
        }
        #expect(try ready?.get().contains(.readable) == true)
    }
}

/// A client connection made from the signalling thread.
private final class Clients: @unchecked Sendable {
    private var socket: Socket?
    func connect(to address: SocketAddress) { socket = try? Socket.connect(to: address, until: .after(seconds: 5)) }
    func close() { socket?.close() }
}
