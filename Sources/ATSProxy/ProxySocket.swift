import ATSVocabulary
import ATSSocket
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem
import Dispatch

/// The TCP plumbing ``ProxyServer`` needs, on top of ATSSocket: listen, accept, connect
/// with a deadline, socket timeouts, full writes, and a two-way splice. Blocking sockets,
/// one thread each; descriptors are plain Int32 for ProxyServer.
enum ProxySocket {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(description: String) { self.description = description }
        init(_ what: String, _ error: SocketError) { description = "\(what): \(error.reason)" }
    }

    /// True for 127.0.0.0/8, ::1 and ::ffff:127.x.
    static func isLoopback(_ address: String) -> Bool {
        IPAddress(address)?.isLoopback ?? false
    }

    /// True when `text` is an IPv4 or IPv6 literal (without a zone).
    static func isIPLiteral(_ text: String) -> Bool {
        IPAddress.isLiteral(text, allowingZone: false)
    }

    /// A listening socket on `address:port` (IP literal; port 0 picks one) and the bound port.
    static func listen(address: String, port: UInt16) throws -> (fd: Int32, port: UInt16) {
        let target: SocketAddress
        do {
            guard let first = try Resolver.resolve(address, port: port, numericHost: true, passive: true).first else {
                throw Failure(description: "cannot listen on \(address)")
            }
            target = first
        } catch let error as SocketError {
            throw Failure(description: "cannot resolve \(address): \(error.reason)")
        }
        do {
            let listener = try Socket.listen(on: target)
            do {
                return (listener.descriptor, try listener.localAddress().port)
            } catch {
                listener.close()
                throw Failure("getsockname", error)
            }
        } catch let error as SocketError {
            throw Failure(error.call == "bind" ? "bind \(HostPort.format(host: address, port: port))" : error.call, error)
        }
    }

    /// Accepts one connection (retrying on EINTR, and after a moment when the peer left
    /// early or descriptors ran out): the socket and the peer's IP address as text; nil
    /// when the listener failed.
    static func accept(_ listener: Int32) -> (fd: Int32, peer: String)? {
        while true {
            do {
                let (socket, peer) = try Socket(descriptor: listener).accept()
                return (socket.descriptor, peer.ipText)
            } catch where error.isTransientAcceptFailure {
                DetachedThread.sleep(seconds: 0.01)
            } catch {
                return nil
            }
        }
    }

    /// Connects to `host:port` (an IP literal or a DNS name), each attempt bounded by `timeout`.
    static func connect(host: String, port: UInt16, timeout: Double) throws -> Int32 {
        let addresses: [SocketAddress]
        do {
            addresses = try Resolver.resolve(host, port: port, numericHost: isIPLiteral(host))
        } catch {
            throw Failure(description: "cannot resolve \(host): \(error.reason)")
        }
        do {
            return try Socket.connect(toAny: addresses, attemptTimeout: timeout).descriptor
        } catch {
            throw Failure(error.call == "connect" ? "connect \(HostPort.format(host: host, port: port))" : error.call, error)
        }
    }

    /// Receive and send timeouts.
    static func setTimeouts(_ fd: Int32, seconds: Double) {
        Socket(descriptor: fd).setTimeouts(seconds: seconds)
    }

    /// Reads what is there (up to `limit`) before `deadline`; nil on EOF, error, or when the
    /// deadline passes first. Unlike a socket timeout, a deadline is not reset by each byte.
    static func read(_ fd: Int32, before deadline: DispatchTime, limit: Int = 16384) -> [UInt8]? {
        let now = DispatchTime.now().uptimeNanoseconds
        guard deadline.uptimeNanoseconds > now else { return nil }
        let left = Deadline.after(seconds: Double(deadline.uptimeNanoseconds - now) / 1e9)
        let bytes = try? Socket(descriptor: fd).receive(capacity: limit, until: left)
        return bytes?.isEmpty == false ? bytes : nil
    }

    /// Writes a short message without waiting (the peer may not be reading) and gives up on
    /// whatever does not fit in the socket buffer.
    static func writeWithoutWaiting(_ fd: Int32, _ bytes: [UInt8]) {
        Socket(descriptor: fd).sendWithoutWaiting(bytes)
    }

    /// Reads and drops what the peer already sent, without waiting, so that a close right
    /// after a short answer is a FIN rather than a reset that discards the answer.
    static func drainWithoutWaiting(_ fd: Int32) {
        Socket(descriptor: fd).drainWithoutWaiting()
    }

    /// Reads what is there (up to `limit`); nil on EOF, error or timeout.
    static func read(_ fd: Int32, limit: Int = 16384) -> [UInt8]? {
        let bytes = try? Socket(descriptor: fd).receive(capacity: limit)
        return bytes?.isEmpty == false ? bytes : nil
    }

    /// Writes every byte (no SIGPIPE); false when the peer is gone or the send timed out.
    @discardableResult
    static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        (try? Socket(descriptor: fd).sendAll(bytes)) != nil
    }

    static func close(_ fd: Int32) { Socket(descriptor: fd).close() }

    /// Wakes a thread blocked in `accept` on this listener (it then fails and returns).
    static func shutdown(_ fd: Int32) { Socket(descriptor: fd).shutdown(.both) }

    /// Copies bytes both ways until the upstream closes, an error, or `idle` seconds without
    /// traffic. A client EOF half-closes the upstream so its answer can still come back.
    static func splice(client: Int32, upstream: Int32, idle: Double) {
        let clientSocket = Socket(descriptor: client), upstreamSocket = Socket(descriptor: upstream)
        var clientOpen = true
        while true {
            let closed = Socket(descriptor: -1)
            guard let ready = try? Poll.wait([(clientOpen ? clientSocket : closed, .readable), (upstreamSocket, .readable)],
                                             until: .after(seconds: idle)),
                  ready.contains(where: { !$0.isEmpty }) else { return }
            if clientOpen && !ready[0].isEmpty {
                if let bytes = read(client) {
                    if !write(upstream, bytes) { return }
                } else {
                    clientOpen = false
                    upstreamSocket.shutdown(.write)
                }
            }
            if !ready[1].isEmpty {
                guard let bytes = read(upstream), write(client, bytes) else { return }
            }
        }
    }
}
