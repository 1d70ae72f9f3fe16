import ATSVocabulary
import AtscheckSystem

/// Checks that a plain-HTTP server answers (`atscheck host --probe-http`): connect, send a
/// `HEAD /` request, and wait for a status line, all within one deadline.
public enum HTTPProbe {
    /// What the server did.
    public enum Answer: Sendable, Hashable, Codable {
        /// It answered with this HTTP status line.
        case answered(String)
        /// It did not (refused, timed out, closed, or spoke something other than HTTP).
        case failed(ProbeFailure)
    }

    /// Probes `endpoint` over cleartext HTTP.
    public static func check(_ endpoint: Endpoint, timeout: Double) -> Answer {
        check(endpoint, timeout: timeout, resolve: AddressResolver.resolve)
    }

    /// Probes `endpoint`, resolving it once with `resolve` (a seam for counting lookups).
    static func check(_ endpoint: Endpoint, timeout: Double, resolve: (Endpoint) -> Resolution) -> Answer {
        let deadline = Deadline.after(seconds: timeout)
        let address: ResolvedAddress
        switch resolve(endpoint) {
        case .failure(let failure):
            return .failed(failure)
        case .success(let addresses):
            guard let first = addresses.first else { return .failed(.connectionFailed("cannot resolve \(endpoint.host)")) }
            address = first
        }
        let socket: Socket
        do {
            socket = try Socket.connect(to: address.address, until: deadline)
        } catch where error.isTimeout {
            return .failed(.timeout("connect timed out"))
        } catch {
            let what = error.call == "connect" ? "connect to \(HostPort.format(host: address.text, port: endpoint.port))" : error.call
            return .failed(.connectionFailed("\(what): \(error.reason)"))
        }

        let hostHeader = HostPort.format(host: endpoint.host, port: endpoint.port)
        let request = Array("HEAD / HTTP/1.1\r\nHost: \(hostHeader)\r\nUser-Agent: atscheck\r\nConnection: close\r\n\r\n".utf8)
        do {
            try socket.sendAll(request, until: deadline)
        } catch where error.isTimeout {
            return .failed(.timeout("sending the request timed out"))
        } catch {
            return .failed(.connectionFailed("the server closed the connection"))
        }
        var received: [UInt8] = []
        while !received.contains(0x0A) && received.count < 4096 {
            do {
                let bytes = try socket.receive(capacity: 1024, until: deadline)
                if bytes.isEmpty { break }
                received += bytes
            } catch where error.isTimeout {
                return .failed(.timeout("no HTTP answer before the deadline"))
            } catch {
                break
            }
        }
        let line = String(decoding: received.prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
        guard line.hasPrefix("HTTP/") else {
            return .failed(received.isEmpty ? .connectionFailed("the server closed without answering") : .notTLS("not an HTTP answer: \(line.prefix(40))"))
        }
        return .answered(line)
    }
}
