import CATSOpenSSL

/// Drains OpenSSL's thread-local error queue into one readable line, e.g.
/// "header too long" or "bad end line". Returns nil when the queue was empty.
package func drainOpenSSLErrors() -> String? {
    let reasons = drainOpenSSLErrorReasons()
    return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
}

/// Drains OpenSSL's thread-local error queue into its distinct reason strings, oldest first.
/// The queue is per thread, so each thread drains its own. The one drainer of the package.
package func drainOpenSSLErrorReasons() -> [String] {
    var reasons: [String] = []
    while true {
        let code = ERR_get_error()
        if code == 0 { break }
        if let reason = ERR_reason_error_string(code) {
            let text = String(cString: reason)
            if !reasons.contains(text) { reasons.append(text) }
        } else {
            reasons.append("OpenSSL error \(code)")
        }
    }
    return reasons
}

/// Runs `body` with a read-only memory BIO over `bytes`.
func withMemoryBIO<T>(_ bytes: [UInt8], _ body: (OpaquePointer) throws -> T) rethrows -> T? {
    try bytes.withUnsafeBufferPointer { buffer -> T? in
        guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
        defer { BIO_free(bio) }
        return try body(bio)
    }
}

/// Collects what `write` prints into a fresh memory BIO.
func stringFromBIO(_ write: (OpaquePointer) -> Void) -> String {
    guard let bio = BIO_new(BIO_s_mem()) else { return "" }
    defer { BIO_free(bio) }
    write(bio)
    var pointer: UnsafeMutablePointer<CChar>? = nil
    let length = BIO_ctrl(bio, BIO_CTRL_INFO, 0, &pointer)
    guard length > 0, let base = pointer else { return "" }
    return base.withMemoryRebound(to: UInt8.self, capacity: length) {
        String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
}

/// The NUL-terminated text in a C buffer.
func cString(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
