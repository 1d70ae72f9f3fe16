import AtscheckSystem
import CATSOpenSSL
import CATSOpenSSLShims
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a listener does with each accepted connection. Handlers run on their connection's
/// own thread with a blocking socket whose reads and writes time out after
/// ``LabServer/ioTimeoutSeconds``; they never close the socket (``LabConnections`` does).
enum LabConnectionHandler: Sendable {
    /// TLS handshake with the profile's context, then one HTTP request and response.
    case tls(LabTLSContext, LabProfile)
    /// One HTTP request and response in the clear.
    case plainHTTP(LabProfile)
    /// Hold the connection, read and discard, never send.
    case silent
    /// Send an SSH banner, then read and discard.
    case notTLS
    /// Read the client's first record (its ClientHello), then misbehave.
    case afterClientHello(LabMisbehaviour)
    /// Answer the ClientHello as the context's server would, but send only the first record
    /// of that answer (the ServerHello, with the version and suite chosen from the client's
    /// offer), then nothing more.
    case serverHelloThenSilence(LabTLSContext)

    /// The banner the `not-tls` server sends on connect.
    static let sshBanner = "SSH-2.0-OpenSSH_9.2\r\n"

    func serve(_ connection: Socket) {
        switch self {
        case .tls(let context, let profile): Self.serveTLS(connection, context: context, profile: profile)
        case .plainHTTP(let profile):
            let head = LabHTTP.readRequestHead { connection.tryReceive(capacity: 4096) }
            if !head.isEmpty { _ = connection.trySendAll(LabHTTP.response(body: LabHTTP.body(for: profile))) }
        case .silent:
            // Until the peer closes or the lab stops (which shuts the socket down).
            connection.discardUntilClosed()
        case .notTLS:
            guard connection.trySendAll(Array(Self.sshBanner.utf8)) else { return }
            connection.discardUntilClosed()
        case .afterClientHello(let misbehaviour):
            guard Self.receiveRecord(connection) != nil else { return }
            misbehaviour.act(on: connection)
        case .serverHelloThenSilence(let context):
            guard let hello = Self.receiveRecord(connection), let answer = LabServerHelloOnly.firstRecord(answering: hello, context: context),
                  connection.trySendAll(answer) else { return }
            connection.discardUntilClosed()
        }
    }

    /// Reads one whole TLS record (5-byte header, then its length): the client's first
    /// flight. Nil when the peer closed or sent too little before the read timeout.
    private static func receiveRecord(_ connection: Socket) -> [UInt8]? {
        var bytes: [UInt8] = []
        while bytes.count < 5 || bytes.count < 5 + (Int(bytes[3]) << 8 | Int(bytes[4])) {
            guard let more = connection.tryReceive(capacity: 4096) else { return nil }
            bytes += more
        }
        return bytes
    }

    private static func serveTLS(_ connection: Socket, context: LabTLSContext, profile: LabProfile) {
        ERR_clear_error()
        defer { ERR_clear_error() }
        guard let ssl = SSL_new(context.context) else { return }
        defer { SSL_free(ssl) }
        // OpenSSL reads and writes the descriptor; the socket keeps owning it (and outlives `ssl`).
        guard SSL_set_fd(ssl, connection.descriptor) == 1 else { return }
        guard SSL_accept(ssl) == 1 else {
            // A fingerprinting profile paused at the ClientHello: drop it with a reset, no alert.
            if ats_lab_accept_paused_at_client_hello(ssl) != 0 { connection.resetOnClose() }
            return
        }

        let head = LabHTTP.readRequestHead {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress, Int32($0.count)) }
            return count > 0 ? Array(buffer.prefix(Int(count))) : nil
        }
        if !head.isEmpty {
            let response = LabHTTP.response(body: LabHTTP.body(for: profile))
            var offset = 0
            while offset < response.count {
                let written = response[offset...].withUnsafeBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) }
                guard written > 0 else { return }
                offset += Int(written)
            }
        }
        // Send close_notify; don't wait for the peer's (the socket is closed right after).
        _ = SSL_shutdown(ssl)
    }
}
