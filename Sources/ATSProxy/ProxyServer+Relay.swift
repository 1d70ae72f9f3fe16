import AtscheckSystem

// The upstream's answer to a forwarded http:// request, relayed to the client where its
// framing says it ends, so the client connection can carry the next request.
extension ProxyServer {
    /// How relaying one response ended.
    struct RelayEnd: Equatable {
        /// The whole response reached the client, which may send another request.
        var reusable: Bool
        /// What went wrong (`invalid-response-framing`, `response-truncated`, ...), already logged.
        var problem: String?
    }

    /// The most interim (1xx) responses relayed before the final one; more is a 502.
    static let maxInterimResponses = 8

    /// Reads the upstream's response to a `method` request and relays it: interim 1xx heads
    /// (not to an HTTP/1.0 client), then the final head without its hop-by-hop fields, then the
    /// body as its framing says. An invalid head or framing gets `502` (nothing was relayed
    /// yet); a body that breaks off or breaks its framing ends the client connection.
    ///
    /// `verdictLine` is called exactly once, before the client gets anything: `allowed -` when
    /// the first head is relayed, `bad-gateway PROBLEM` when a `502` answers instead; a body
    /// that breaks after its head is logged `relay-broken PROBLEM` on a line of its own.
    func relayResponse(from upstream: Socket, to client: Socket, method: String, keepAlive: Bool, http10Client: Bool,
                       verdictLine: (String, String) -> Void) -> RelayEnd {
        let reader = ProxyByteReader(upstream, idle: idleSeconds)
        var logged = false
        func badGateway(_ problem: String, _ why: String) -> RelayEnd {
            verdictLine(logged ? "relay-broken" : "bad-gateway", problem)
            return self.badGateway(client, problem, why)
        }
        func relayed(_ end: RelayEnd) -> RelayEnd {
            if let problem = end.problem { verdictLine("relay-broken", problem) }
            return end
        }
        for _ in 0...Self.maxInterimResponses {
            let raw: [UInt8]
            switch reader.head(limit: ProxyResponseHead.maximumBytes) {
            case .bytes(let bytes): raw = bytes
            case .tooLong: return badGateway("invalid-response-head", "a response head over \(ProxyResponseHead.maximumBytes) bytes")
            case .ended: return badGateway("no-response", "the upstream closed or went quiet before a response head")
            }
            guard let head = ProxyResponseHead.parse(raw) else {
                return badGateway("invalid-response-head", "a malformed response head")
            }
            let framing = head.bodyFraming(requestMethod: method)
            if case .invalid(let why) = framing { return badGateway("invalid-response-framing", why) }
            if !logged { verdictLine("allowed", "-"); logged = true }
            if head.isInterim {
                if !http10Client && !client.trySendAll(head.relayed(keepAlive: keepAlive)) { return RelayEnd(reusable: false) }
                continue
            }
            let reusable = keepAlive && framing != .untilClose
            guard client.trySendAll(head.relayed(keepAlive: reusable)) else { return RelayEnd(reusable: false) }
            switch framing {
            case .none, .invalid: return RelayEnd(reusable: reusable)
            case .length(let count):
                let copied = Self.copy(count, from: reader, to: client)
                return relayed(RelayEnd(reusable: reusable && copied == .done, problem: copied == .upstreamEnded ? "response-truncated" : nil))
            case .chunked:
                let problem = Self.relayChunks(from: reader, to: client)
                return relayed(RelayEnd(reusable: reusable && problem == nil, problem: problem == "client-gone" ? nil : problem))
            case .untilClose:
                while let bytes = reader.take(upTo: 65536), client.trySendAll(bytes) {}
                return RelayEnd(reusable: false)
            }
        }
        return badGateway("invalid-response-head", "more than \(Self.maxInterimResponses) interim responses")
    }

    /// Answers `502` for a response that cannot be relayed (nothing of it went to the client).
    private func badGateway(_ client: Socket, _ problem: String, _ why: String) -> RelayEnd {
        respond(client, status: "502 Bad Gateway", reason: nil, body: "atscheck proxy: the upstream's response cannot be relayed: \(why)\n")
        return RelayEnd(reusable: false, problem: problem)
    }

    /// How copying a counted run ended.
    enum CopyEnd: Equatable { case done, upstreamEnded, clientGone }

    /// Copies exactly `count` bytes from the upstream to the client.
    static func copy(_ count: Int, from reader: ProxyByteReader, to client: Socket) -> CopyEnd {
        var left = count
        while left > 0 {
            guard let bytes = reader.take(upTo: min(left, 65536)) else { return .upstreamEnded }
            guard client.trySendAll(bytes) else { return .clientGone }
            left -= bytes.count
        }
        return .done
    }

    /// Relays a chunked body chunk by chunk, each chunk-size line and trailer line checked
    /// (``ProxyChunkedBody``); nil when the last chunk and the trailer went through, else the
    /// problem (`client-gone` when the client went away).
    static func relayChunks(from reader: ProxyByteReader, to client: Socket) -> String? {
        let crlf: [UInt8] = [13, 10]
        while true {
            guard case .bytes(let line) = reader.line(limit: ProxyChunkedBody.maximumLineBytes) else { return "response-truncated" }
            guard let size = ProxyChunkedBody.chunkSize(line) else { return "invalid-chunk" }
            guard client.trySendAll(line + crlf) else { return "client-gone" }
            if size == 0 { break }
            switch copy(size, from: reader, to: client) {
            case .done: break
            case .upstreamEnded: return "response-truncated"
            case .clientGone: return "client-gone"
            }
            switch reader.line(limit: 2) {
            case .bytes(let rest) where rest.isEmpty: guard client.trySendAll(crlf) else { return "client-gone" }
            case .ended: return "response-truncated"
            default: return "invalid-chunk"
            }
        }
        var trailerBytes = 0
        while true {
            let piece = reader.line(limit: ProxyChunkedBody.maximumLineBytes)
            guard case .bytes(let line) = piece else { return piece == .ended ? "response-truncated" : "invalid-chunk" }
            trailerBytes += line.count + 2
            guard trailerBytes <= ProxyChunkedBody.maximumTrailerBytes, line.isEmpty || ProxyChunkedBody.isTrailerLine(line) else {
                return "invalid-chunk"
            }
            guard client.trySendAll(line + crlf) else { return "client-gone" }
            if line.isEmpty { return nil }
        }
    }
}
