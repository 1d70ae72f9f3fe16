import ATSProxy

/// The proxy's request-head parser and the target splitters it feeds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProxyHead(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let head = ProxyRequestHead.parse(bytes) else { return 0 }
    _ = ProxyRequestHead.splitHostPort(head.target)
    _ = ProxyRequestHead.absoluteHTTP(head.target)
    for header in head.headers { _ = ProxyRequestHead.splitHostPort(header.value) }
    return 0
}
