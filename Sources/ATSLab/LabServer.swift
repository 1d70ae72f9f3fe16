import ATSVocabulary
import AtscheckSystem

/// The running part of a lab: its listening sockets, one ``Acceptor`` thread for all of them,
/// and a thread per accepted connection.
///
/// Threads hold this object, never the ``TLSLab``, so dropping the lab still runs its
/// `deinit` (which stops this server).
final class LabServer: Sendable {
    /// A bound, listening socket and what to do with its connections.
    struct Listener: Sendable {
        let socket: Socket
        let port: UInt16
        let handler: LabConnectionHandler

        /// Binds and listens on `host` (an IPv4 or IPv6 literal) and `port` (0 = ephemeral).
        init(host: String, port: UInt16, handler: LabConnectionHandler) throws(LabError) {
            let address: SocketAddress
            do {
                address = try Resolver.resolve(host, port: port, numericHost: true, passive: true)[0]
            } catch {
                throw LabError("cannot listen on \(host): not an IP address (\(error.reason))")
            }
            let shown = HostPort.format(host: host, port: port)
            do {
                socket = try Socket.listen(on: address)
            } catch {
                let what = error.call == "socket" ? "create a socket for" : error.call == "bind" ? "bind" : "listen on"
                throw LabError("cannot \(what) \(shown): \(error.reason)")
            }
            do {
                self.port = try socket.localAddress().port
            } catch {
                throw LabError("cannot read the bound port of \(shown): \(error.reason)")
            }
            self.handler = handler
        }
    }

    /// Most connections served at once across the whole lab.
    static let connectionLimit = 64
    /// Per-socket send and receive timeout for connection sockets, in seconds.
    static let ioTimeoutSeconds = 5.0

    private let acceptor: Acceptor
    private let connections = LabConnections(limit: LabServer.connectionLimit)

    /// Takes ownership of the listeners' sockets and starts accepting.
    init(listeners: [Listener]) throws(LabError) {
        do {
            acceptor = try Acceptor(listeners: listeners.map(\.socket))
        } catch {
            throw LabError("cannot create the wake-up pipe: \(error.reason)")
        }
        let handlers = listeners.map(\.handler)
        let connections = self.connections
        acceptor.start { index, connection, _ in
            Self.serve(connection, with: handlers[index], connections: connections)
        }
    }

    /// Closes the listeners (freeing their ports), ends every open connection and waits for
    /// all lab threads. Idempotent; concurrent callers return once the first has finished.
    func stop() {
        acceptor.stop()
        connections.stopAll()
    }

    private static func serve(_ connection: Socket, with handler: LabConnectionHandler, connections: LabConnections) {
        guard connections.admit(connection) else { return }
        connection.setTimeouts(seconds: ioTimeoutSeconds)
        let started = DetachedThread.start(stackSize: 1 << 20) {
            SignalMask.blockSIGPIPEOnThisThread()
            handler.serve(connection)
            connections.finish(connection)
        }
        if !started { connections.finish(connection) }
    }
}
