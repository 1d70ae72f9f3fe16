import CATSOpenSSL
import CATSOpenSSLShims

/// The `hello-then-silence` server's answer: OpenSSL, with a lab context, answers a
/// ClientHello through memory BIOs, and only the first TLS record it writes (the ServerHello,
/// whose version and suite OpenSSL chose from the client's offer) is kept. A real server
/// that stalls after its ServerHello, rebuilt without writing a ServerHello by hand.
enum LabServerHelloOnly {
    /// The first record of the server's answer to `hello` (the client's first flight), or
    /// nil when OpenSSL wrote no answer (it refused the hello with nothing to send).
    static func firstRecord(answering hello: [UInt8], context: LabTLSContext) -> [UInt8]? {
        ERR_clear_error()
        defer { ERR_clear_error() }
        guard let ssl = SSL_new(context.context) else { return nil }
        defer { SSL_free(ssl) }
        guard let input = BIO_new(BIO_s_mem()) else { return nil }
        guard let output = BIO_new(BIO_s_mem()) else {
            BIO_free(input)
            return nil
        }
        SSL_set_bio(ssl, input, output)  // `ssl` owns both now
        SSL_set_accept_state(ssl)
        let written = hello.withUnsafeBytes { BIO_write(input, $0.baseAddress, Int32($0.count)) }
        guard written == Int32(hello.count) else { return nil }
        _ = SSL_do_handshake(ssl)  // wants the client's next flight: the answer is in `output`
        let pending = Int(BIO_ctrl_pending(output))
        guard pending >= 5 else { return nil }
        var answer = [UInt8](repeating: 0, count: pending)
        let read = answer.withUnsafeMutableBytes { BIO_read(output, $0.baseAddress, Int32($0.count)) }
        guard read == Int32(pending) else { return nil }
        let length = 5 + (Int(answer[3]) << 8 | Int(answer[4]))
        return length <= answer.count ? Array(answer.prefix(length)) : nil
    }
}
