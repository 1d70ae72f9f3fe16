import ATSVocabulary
import AtscheckSystem

/// The two sockets the proxy makes itself, with the messages it shows when they fail: its
/// listener, and the connection to an upstream server.
enum ProxyEndpoints {
    /// Why a listener or an upstream connection could not be made.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(description: String) { self.description = description }
        init(_ what: String, _ error: SocketError) { description = "\(what): \(error.reason)" }
    }

    /// A listening socket on `address:port` (IP literal; port 0 picks one) and the bound port.
    static func listen(address: String, port: UInt16) throws(Failure) -> (socket: Socket, port: UInt16) {
        let resolved: [SocketAddress]
        do {
            resolved = try Resolver.resolve(address, port: port, numericHost: true, passive: true)
        } catch {
            throw Failure(description: "cannot resolve \(address): \(error.reason)")
        }
        guard let target = resolved.first else { throw Failure(description: "cannot listen on \(address)") }
        let listener: Socket
        do {
            listener = try Socket.listen(on: target)
        } catch {
            throw Failure(error.call == "bind" ? "bind \(HostPort.format(host: address, port: port))" : error.call, error)
        }
        do {
            return (listener, try listener.localAddress().port)
        } catch {
            throw Failure("getsockname", error)
        }
    }

    /// Connects to `host:port` (an IP literal or a DNS name), each attempt bounded by `timeout`.
    static func connect(host: String, port: UInt16, timeout: Double) throws(Failure) -> Socket {
        let addresses: [SocketAddress]
        do {
            addresses = try Resolver.resolve(host, port: port, numericHost: IPAddress.isLiteral(host, allowingZone: false))
        } catch {
            throw Failure(description: "cannot resolve \(host): \(error.reason)")
        }
        do {
            return try Socket.connect(toAny: addresses, attemptTimeout: timeout)
        } catch {
            throw Failure(error.call == "connect" ? "connect \(HostPort.format(host: host, port: port))" : error.call, error)
        }
    }
}
