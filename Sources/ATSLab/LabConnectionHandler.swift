import CATSOpenSSL
import CATSOpenSSLShims
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a listener does with each accepted connection. Handlers run on their connection's
/// own thread with a blocking socket whose reads and writes time out after
/// ``LabSocket/ioTimeoutSeconds``; they never close the socket (``LabConnections`` does).
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

    /// The banner the `not-tls` server sends on connect.
    static let sshBanner = "SSH-2.0-OpenSSH_9.2\r\n"

    func serve(_ fd: Int32) {
        switch self {
        case .tls(let context, let profile): Self.serveTLS(fd, context: context, profile: profile)
        case .plainHTTP(let profile):
            let head = LabHTTP.readRequestHead { LabSocket.receive(fd) }
            if !head.isEmpty { _ = LabSocket.sendAll(fd, LabHTTP.response(body: LabHTTP.body(for: profile))) }
        case .silent:
            Self.discardUntilClosed(fd)
        case .notTLS:
            guard LabSocket.sendAll(fd, Array(Self.sshBanner.utf8)) else { return }
            Self.discardUntilClosed(fd)
        case .afterClientHello(let misbehaviour):
            guard LabSocket.receiveRecord(fd) else { return }
            misbehaviour.act(on: fd)
        }
    }

    /// Reads and drops whatever arrives until the peer closes or the lab stops (which shuts
    /// the socket down). Waits in `poll`, so the socket's read timeout does not end the hold.
    private static func discardUntilClosed(_ fd: Int32) {
        while LabSocket.waitReadable(fd) {
            guard LabSocket.receive(fd) != nil else { return }
        }
    }

    private static func serveTLS(_ fd: Int32, context: LabTLSContext, profile: LabProfile) {
        ERR_clear_error()
        defer { ERR_clear_error() }
        guard let ssl = SSL_new(context.context) else { return }
        defer { SSL_free(ssl) }
        guard SSL_set_fd(ssl, fd) == 1 else { return }
        guard SSL_accept(ssl) == 1 else {
            // A fingerprinting profile paused at the ClientHello: drop it with a reset, no alert.
            if ats_lab_accept_paused_at_client_hello(ssl) != 0 { LabSocket.resetOnClose(fd) }
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
