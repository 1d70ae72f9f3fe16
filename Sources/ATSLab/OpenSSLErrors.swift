import CATSOpenSSL

/// Empties this thread's OpenSSL error queue and returns its entries joined with "; ",
/// or nil when it was empty. The queue is per thread, so lab threads drain their own.
func drainLabOpenSSLErrors() -> String? {
    var messages: [String] = []
    while true {
        let code = ERR_get_error()
        if code == 0 { break }
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        messages.append(text)
    }
    return messages.isEmpty ? nil : messages.joined(separator: "; ")
}
