#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ATSPinning
import ATSVocabulary
import CATSOpenSSL
import CATSOpenSSLShims
import AtscheckSystem
import ATSCertificates

/// Adds SPKI pinning to an OpenSSL client `SSL_CTX`.
///
/// ``install(on:verifier:at:)`` turns on `SSL_VERIFY_PEER` and a verify callback. OpenSSL's own
/// path validation (the context's trust store, `X509_VERIFY_PARAM` time / host) still runs and
/// still decides first: the callback never turns a failed check into a pass. Once OpenSSL has
/// built and verified the chain (`X509_STORE_CTX_get0_chain`, at depth 0), the chain's pins are
/// checked with the ``PinVerifier``. An enforced mismatch fails the handshake with
/// `X509_V_ERR_APPLICATION_VERIFICATION`; a report-only mismatch is recorded and the handshake
/// goes on. The decision of each connection is kept on its `SSL` and can be read afterwards
/// with ``lastDecision(for:)`` / ``failureReason(for:)``.
///
/// The host checked is the one given to ``setHost(_:for:)``, else the connection's SNI name.
/// A connection with neither is `.notPinned`.
public enum PinningSSLAdapter {
    /// What the adapter keeps on an `SSL_CTX`.
    final class ContextState: @unchecked Sendable {
        let verifier: PinVerifier
        let date: Date?
        init(verifier: PinVerifier, date: Date?) {
            self.verifier = verifier
            self.date = date
        }
    }

    /// What the adapter keeps on one `SSL` (written during its handshake, read after it).
    final class ConnectionState: @unchecked Sendable {
        private let lock = Lock()
        private var _host: String?
        private var _decision: PinDecision?
        private var _reason: String?
        var host: String? {
            get { lock.withLock { _host } }
            set { lock.withLock { _host = newValue } }
        }
        var decision: PinDecision? { lock.withLock { _decision } }
        var reason: String? { lock.withLock { _reason } }
        func record(_ decision: PinDecision, reason: String?) {
            lock.withLock { _decision = decision; _reason = reason }
        }
    }

    private static let release: ats_pin_release_fn = { pointer in
        guard let pointer else { return }
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }

    static let contextIndex: Int32 = ats_pin_ctx_ex_index(release)
    static let connectionIndex: Int32 = ats_pin_ssl_ex_index(release)

    /// Installs pinning on a client `SSL_CTX*`: `SSL_VERIFY_PEER` plus the pin check.
    ///
    /// - Parameters:
    ///   - context: an `SSL_CTX*`; the adapter's state lives as long as it does. Installing
    ///     again replaces the verifier.
    ///   - verifier: the pin policies.
    ///   - date: the instant pin-set expirations are judged at; nil uses the clock at each
    ///     handshake. (Certificate validity follows the context's `X509_VERIFY_PARAM`.)
    /// - Returns: false when OpenSSL could not store the state (nothing was installed).
    @discardableResult
    public static func install(on context: OpaquePointer, verifier: PinVerifier, at date: Date? = nil) -> Bool {
        guard contextIndex >= 0, connectionIndex >= 0 else { return false }
        let state = Unmanaged.passRetained(ContextState(verifier: verifier, date: date) as AnyObject)
        let previous = SSL_CTX_get_ex_data(context, contextIndex)
        guard SSL_CTX_set_ex_data(context, contextIndex, state.toOpaque()) == 1 else {
            state.release()
            return false
        }
        if let previous { Unmanaged<AnyObject>.fromOpaque(previous).release() }
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, verifyCallback)
        return true
    }

    /// Sets the host name the pins of `ssl` are checked for (otherwise its SNI name is used).
    public static func setHost(_ host: String, for ssl: OpaquePointer) {
        connectionState(ssl, create: true)?.host = host
    }

    /// The pin decision of the last verification on `ssl`; nil when the adapter did not run
    /// (no handshake yet, or OpenSSL's own validation failed first).
    public static func lastDecision(for ssl: OpaquePointer) -> PinDecision? {
        connectionState(ssl, create: false)?.decision
    }

    /// Why the handshake on `ssl` was refused for pinning, or nil when it was not.
    public static func failureReason(for ssl: OpaquePointer) -> String? {
        connectionState(ssl, create: false)?.reason
    }

    /// A one-line description of a blocking or report-only decision.
    public static func describe(_ decision: PinDecision, host: String) -> String? {
        switch decision {
        case .mismatch(let expected, let seen):
            return "certificate pin mismatch for \(host): expected one of [\(expected.map(\.base64).joined(separator: ", "))],"
                + " chain has [\(seen.map(\.base64).joined(separator: ", "))]"
        case .reportOnlyMismatch(let expected, let seen):
            return "certificate pin mismatch for \(host) (report-only, not enforced): expected one of"
                + " [\(expected.map(\.base64).joined(separator: ", "))], chain has [\(seen.map(\.base64).joined(separator: ", "))]"
        case .notPinned, .matched:
            return nil
        }
    }

    private static func connectionState(_ ssl: OpaquePointer, create: Bool) -> ConnectionState? {
        guard connectionIndex >= 0 else { return nil }
        if let pointer = SSL_get_ex_data(ssl, connectionIndex) {
            return Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? ConnectionState
        }
        guard create else { return nil }
        let state = ConnectionState()
        let retained = Unmanaged.passRetained(state as AnyObject)
        guard SSL_set_ex_data(ssl, connectionIndex, retained.toOpaque()) == 1 else {
            retained.release()
            return nil
        }
        return state
    }

    private static let verifyCallback: @convention(c) (Int32, OpaquePointer?) -> Int32 = { preverified, store in
        // OpenSSL's verdict stands: never override a failed check.
        guard preverified == 1, let store else { return preverified }
        guard X509_STORE_CTX_get_error_depth(store) == 0 else { return 1 }
        guard let ssl = ats_pin_ssl_from_store(store), let sslContext = SSL_get_SSL_CTX(ssl),
              let pointer = SSL_CTX_get_ex_data(sslContext, contextIndex),
              let context = Unmanaged<AnyObject>.fromOpaque(pointer).takeUnretainedValue() as? ContextState
        else { return 1 }
        let connection = connectionState(ssl, create: true)
        let host = connection?.host ?? ats_pin_ssl_servername(ssl).map { String(cString: $0) }
        guard let host else {
            connection?.record(.notPinned, reason: nil)
            return 1
        }
        // The key of each certificate OpenSSL built the chain from, hashed from its own object.
        var objects: [OpaquePointer] = []
        if let chain = X509_STORE_CTX_get0_chain(store) {
            for index in 0..<ats_x509_stack_count(chain) {
                if let certificate = ats_x509_stack_at(chain, index) { objects.append(certificate) }
            }
        }
        let pins = objects.lazy.map { subjectPublicKeySHA256($0).flatMap { try? Pin(digest: $0) } }
        let decision = context.verifier.evaluate(host: host, pins: pins, at: context.date ?? Date())
        let reason = describe(decision, host: host)
        connection?.record(decision, reason: reason)
        guard decision.blocksConnection else { return 1 }
        X509_STORE_CTX_set_error(store, X509_V_ERR_APPLICATION_VERIFICATION)
        return 0
    }
}
