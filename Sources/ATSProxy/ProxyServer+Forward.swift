import ATSCheck
import ATSPolicy
import AtscheckSystem

// Absolute-form http:// requests: judged by the policy alone, forwarded one upstream
// connection per request, the response relayed where its framing says it ends.
extension ProxyServer {
    /// The most bytes of a blocked request's body read and dropped to keep the connection
    /// open after its `403`; a longer body ends the connection instead.
    static let maxDiscardedBodyBytes = 65536

    /// Judges, forwards and answers one absolute-form request. Returns the bytes that followed
    /// its counted body (the start of the next request) when the client connection may carry
    /// another request, nil when it ends.
    func forward(_ client: Socket, head: ProxyRequestHead, rest: [UInt8]) -> [UInt8]? {
        guard let target = ProxyRequestHead.absoluteHTTP(head.target) else {
            log(method: head.method, hostPort: "-", verdict: "bad-request", reason: "-")
            respond(client, status: "400 Bad Request", reason: nil, body: "atscheck proxy: expected an absolute http:// URL or CONNECT\n")
            return nil
        }
        let hostPort = Self.hostPort(target.host, target.port)
        let bodyLength: Int
        switch head.bodyFraming {
        case .length(let length): bodyLength = length
        case .refused(let status, let why):
            log(method: head.method, hostPort: hostPort, verdict: "bad-request", reason: "framing")
            respond(client, status: status, reason: nil, body: "atscheck proxy: \(why)\n")
            return nil
        }
        let verdict: Verdict
        do {
            verdict = try judgeCleartext(host: target.host, port: target.port)
        } catch {
            log(method: head.method, hostPort: hostPort, verdict: "bad-request", reason: "-")
            respond(client, status: "400 Bad Request", reason: nil, body: "atscheck proxy: \(error)\n")
            return nil
        }
        // A client that sent `Expect: 100-continue` holds its body back until told to go on
        // (RFC 9110 §10.1.1): the proxy answers the expectation itself, once the request is
        // judged and its upstream is reached, and does not pass the field on.
        let waitsForContinue = head.headers.expectsContinue && rest.count < bodyLength
        guard verdict.status == .allowed else {
            let reason = verdict.reasons.first?.code.rawValue ?? "unknown"
            log(method: head.method, hostPort: hostPort, verdict: verdict.status.rawValue, reason: reason)
            // The 403 is framed by its Content-Length, so the connection can go on once the
            // refused request's body is read past; a body held back for 100 Continue is never
            // sent, so that connection ends instead.
            let next = head.keepsAlive && !waitsForContinue ? discardBody(client, length: bodyLength, rest: rest) : nil
            respond(client, status: "403 Forbidden", reason: reason, body: Self.explanation(verdict, blocked: true),
                    appError: verdict.reasons.first?.likelyErrors.first, keepAlive: next != nil)
            return next
        }
        let upstream: Socket
        do {
            upstream = try ProxyEndpoints.connect(host: address(target.host, target.port), port: target.port, timeout: configuration.timeout)
        } catch {
            log(method: head.method, hostPort: hostPort, verdict: "bad-gateway", reason: "connection-failed")
            respond(client, status: "502 Bad Gateway", reason: "connection-failed", body: "atscheck proxy: \(error)\n")
            return nil
        }
        defer { upstream.close() }
        // Each request gets one verdict line, written before the client sees any of its answer
        // (so a client that has the answer can read the line): `allowed` when the upstream's
        // first head is relayed, `bad-gateway` when a `502` is sent instead. A body that breaks
        // after its head went through gets a `relay-broken` line of its own.
        let verdictLine = { (verdict: String, reason: String) in self.log(method: head.method, hostPort: hostPort, verdict: verdict, reason: reason) }
        // The upstream sees the target's authority as Host (a client's own Host header could
        // name another virtual host than the one judged), no hop-by-hop field, and a connection
        // that ends after one response. Only this request's counted body is sent: what follows
        // it is the next request, read, judged and logged on its own after this response.
        var lines = ["\(head.method) \(target.path) \(head.version)",
                     "Host: \(target.port == 80 ? Self.bracketed(target.host) : hostPort)"]
        let dropped = head.headers.hopByHopNames.union(["host", "proxy-authorization"]).union(head.headers.expectsContinue ? ["expect"] : [])
        for header in head.headers where !dropped.contains(header.name.lowercased()) {
            lines.append("\(header.name): \(header.value)")
        }
        lines.append("Connection: close")
        upstream.setTimeouts(seconds: idleSeconds)
        let body = Array(rest.prefix(bodyLength))
        guard upstream.trySendAll(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body) else {
            verdictLine("bad-gateway", "upstream-closed")
            respond(client, status: "502 Bad Gateway", reason: "connection-failed", body: "atscheck proxy: the upstream closed before the request was sent\n")
            return nil
        }
        var sent = body.count
        client.setTimeouts(seconds: idleSeconds)
        if waitsForContinue, !client.trySendAll(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) {
            verdictLine("allowed", "client-gone")
            return nil
        }
        while sent < bodyLength, let bytes = client.tryReceive(capacity: min(16384, bodyLength - sent), until: .after(seconds: idleSeconds)) {
            guard upstream.trySendAll(bytes) else { break }
            sent += bytes.count
        }
        guard sent == bodyLength else {
            verdictLine("allowed", "body-incomplete")
            return nil
        }
        let relayed = relayResponse(from: upstream, to: client, method: head.method, keepAlive: head.keepsAlive,
                                    http10Client: head.version == "HTTP/1.0", verdictLine: verdictLine)
        return relayed.reusable ? Array(rest.dropFirst(bodyLength)) : nil
    }

    /// Reads past a refused request's body: the bytes after it, or nil when it is longer than
    /// ``maxDiscardedBodyBytes`` or the client stops sending it.
    private func discardBody(_ client: Socket, length: Int, rest: [UInt8]) -> [UInt8]? {
        if rest.count >= length { return Array(rest.dropFirst(length)) }
        guard length - rest.count <= Self.maxDiscardedBodyBytes else { return nil }
        var left = length - rest.count
        let deadline = Deadline.after(seconds: configuration.timeout)
        while left > 0 {
            guard let bytes = client.tryReceive(capacity: min(16384, left), until: deadline) else { return nil }
            left -= bytes.count
        }
        return []
    }
}
