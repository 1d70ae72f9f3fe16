import ATSProxy

/// The proxy's request-head parser, the target splitters it feeds and the body framing; an
/// accepted head never holds a bare CR or LF, and a counted body is never negative.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProxyHead(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let head = ProxyRequestHead.parse(bytes) else { return 0 }
    _ = ProxyRequestHead.splitHostPort(head.target)
    _ = ProxyRequestHead.absoluteHTTP(head.target)
    for header in head.headers { _ = ProxyRequestHead.splitHostPort(header.value) }
    let fields = [head.method, head.target, head.version] + head.headers.flatMap { [$0.name, $0.value] }
    if fields.contains(where: { $0.contains("\r") || $0.contains("\n") }) { fatalError("a bare CR or LF survived parsing") }
    if case .length(let length) = head.bodyFraming, length < 0 { fatalError("a negative body length") }
    return 0
}
