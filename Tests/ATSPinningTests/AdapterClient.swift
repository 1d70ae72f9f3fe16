import Foundation
import CATSOpenSSL
import CATSOpenSSLShims
import ATSLab
@testable import ATSPinning
@testable import ATSPinningOpenSSL
#if canImport(Glibc)
import Glibc
#endif

/// A tiny blocking OpenSSL client that uses ``PinningSSLAdapter``: trusts only TestCerts'
/// root, checks the lab name, validates certificates at 2025-06-01 (never the clock).
enum AdapterClient {
    struct Outcome {
        /// SSL_connect returned 1.
        let connected: Bool
        /// SSL_get_verify_result.
        let verifyResult: Int
        let decision: PinDecision?
        let reason: String?
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// Handshakes with `endpoint`, pins from `policies`; I/O limited to 10 s per call.
    static func handshake(_ endpoint: LabEndpoint, policies: [PinPolicy]) throws -> Outcome {
        guard let context = SSL_CTX_new(TLS_client_method()) else { throw Failure(description: "SSL_CTX_new failed") }
        defer { SSL_CTX_free(context) }
        let root = Fixtures.testCerts.appendingPathComponent("root.pem").path
        guard SSL_CTX_load_verify_locations(context, root, nil) == 1 else { throw Failure(description: "cannot load \(root)") }
        let parameters = SSL_CTX_get0_param(context)
        X509_VERIFY_PARAM_set_time(parameters, time_t(Fixtures.now.timeIntervalSince1970))
        guard X509_VERIFY_PARAM_set1_host(parameters, endpoint.serverName, 0) == 1 else { throw Failure(description: "set1_host") }
        guard PinningSSLAdapter.install(on: context, verifier: PinVerifier(policies), at: Fixtures.now) else {
            throw Failure(description: "install failed")
        }

        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = endpoint.port.bigEndian
        guard inet_pton(AF_INET, endpoint.address, &address.sin_addr) == 1 else { throw Failure(description: "address") }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "connect to \(endpoint): \(errno)") }

        guard let ssl = SSL_new(context) else { throw Failure(description: "SSL_new failed") }
        defer { SSL_free(ssl) }
        _ = ats_pin_ssl_set_sni(ssl, endpoint.serverName)
        SSL_set_fd(ssl, fd)
        let result = SSL_connect(ssl)
        if result == 1 { SSL_shutdown(ssl) }
        ERR_clear_error()
        return Outcome(connected: result == 1, verifyResult: Int(SSL_get_verify_result(ssl)),
                       decision: PinningSSLAdapter.lastDecision(for: ssl),
                       reason: PinningSSLAdapter.failureReason(for: ssl))
    }
}
