import ATSProxy

/// The proxy's head parsers and what they feed: the request head (target splitters, body
/// framing, keep-alive), the same bytes as a response head (body framing for GET and HEAD,
/// the relayed head) and, line by line, as chunk-size and trailer lines. An accepted head
/// never holds a bare CR or LF, a counted body is never negative, a relayed head parses back
/// to the same status with no hop-by-hop field but its own `Connection`, and a chunk size is
/// never negative.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProxyHead(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let head = ProxyRequestHead.parse(bytes) {
        _ = ProxyRequestHead.splitHostPort(head.target)
        _ = ProxyRequestHead.absoluteHTTP(head.target)
        _ = head.keepsAlive
        for header in head.headers { _ = ProxyRequestHead.splitHostPort(header.value) }
        let fields = [head.method, head.target, head.version] + head.headers.flatMap { [$0.name, $0.value] }
        if fields.contains(where: { $0.contains("\r") || $0.contains("\n") }) { fatalError("a bare CR or LF survived parsing") }
        if case .length(let length) = head.bodyFraming, length < 0 { fatalError("a negative body length") }
    }
    if let response = ProxyResponseHead.parse(bytes) {
        for method in ["GET", "HEAD"] {
            if case .length(let length) = response.bodyFraming(requestMethod: method), length < 0 { fatalError("a negative response length") }
        }
        let relayed = response.relayed(keepAlive: true)
        guard let again = ProxyResponseHead.parse(Array(relayed.dropLast(4))), again.status == response.status else {
            fatalError("a relayed head that does not parse back")
        }
        let hopByHop: Set<String> = ["keep-alive", "proxy-connection"]
        if again.headers.contains(where: { hopByHop.contains($0.name.lowercased()) }) { fatalError("a hop-by-hop field was relayed") }
    }
    for line in bytes.split(separator: 10, omittingEmptySubsequences: false) {
        let trimmed = Array(line.last == 13 ? line.dropLast() : line)
        if let size = ProxyChunkedBody.chunkSize(trimmed), size < 0 { fatalError("a negative chunk size") }
        _ = ProxyChunkedBody.isTrailerLine(trimmed)
    }
    return 0
}
