import AtscheckSystem
import Foundation

/// How many client connections are open at once through any of the relays sharing it, and
/// the most there ever were.
final class ConnectionGauge: @unchecked Sendable {
    private let lock = NSLock()
    private var open = 0
    private var most = 0

    /// The most connections open at once so far.
    var peak: Int { lock.withLock { most } }

    func opened() { lock.withLock { open += 1; most = max(most, open) } }
    func closed() { lock.withLock { open -= 1 } }
}

/// A loopback TCP relay in front of a server that counts the connections made through it:
/// how a test sees how many handshakes a scan really opened. With a gauge, a connection counts
/// as open from its accept until the client's side of it ends.
final class CountingRelay: @unchecked Sendable {
    let port: UInt16
    private let listener: Socket
    private let upstreamPort: UInt16
    private let gauge: ConnectionGauge?
    private let lock = NSLock()
    private var count = 0

    init(to upstreamPort: UInt16, gauge: ConnectionGauge? = nil) throws {
        self.gauge = gauge
        let (socket, address) = try Socket.listen(ip: "127.0.0.1", port: 0)
        listener = socket
        port = address.port
        self.upstreamPort = upstreamPort
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Connections accepted so far.
    var connections: Int { lock.withLock { count } }

    func stop() { listener.shutdown(.both) }

    private func acceptLoop() {
        while let (client, _) = try? listener.accept() {
            lock.withLock { count += 1 }
            gauge?.opened()
            Thread { [upstreamPort, gauge] in
                guard let addresses = try? Resolver.resolve("127.0.0.1", port: upstreamPort, numericHost: true),
                      let upstream = try? Socket.connect(toAny: addresses, attemptTimeout: 5) else {
                    gauge?.closed()
                    client.close()
                    return
                }
                let done = DispatchGroup()
                for (from, to) in [(client, upstream), (upstream, client)] {
                    done.enter()
                    Thread {
                        while let bytes = try? from.receive(capacity: 16384), !bytes.isEmpty {
                            if (try? to.sendAll(bytes)) == nil { break }
                        }
                        to.shutdown(.write)
                        if from == client { gauge?.closed() }
                        done.leave()
                    }.start()
                }
                done.wait()
                client.close()
                upstream.close()
            }.start()
        }
        listener.close()
    }
}
