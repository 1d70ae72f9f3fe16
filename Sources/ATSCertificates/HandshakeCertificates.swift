import CATSOpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// The certificates recent TLS handshakes have already decoded, found again by their DER, so
/// that judging a served chain does not decode it a second time. OpenSSL 3.0 spends about
/// 1.5 million instructions decoding one certificate (its public key goes through the provider
/// decoders), and a verdict would otherwise decode its chain once in the handshake and once
/// more here. Bounded to the most recent ``capacity`` certificates; any other DER is decoded as
/// usual, so a miss costs time, never a different answer.
package enum HandshakeCertificates {
    /// How many certificates are kept.
    package static let capacity = 32

    private static let lock = Lock()
    nonisolated(unsafe) private static var handles: [[UInt8]: X509Handle] = [:]
    nonisolated(unsafe) private static var order: [[UInt8]] = []

    /// Keeps `certificate` (an `X509*` owned by a handshake; a reference of its own is taken)
    /// under its DER encoding `der`.
    package static func remember(_ certificate: OpaquePointer, der: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        guard handles[der] == nil, X509_up_ref(certificate) == 1 else { return }
        handles[der] = X509Handle(owning: certificate)
        order.append(der)
        if order.count > capacity { handles[order.removeFirst()] = nil }
    }

    /// How many certificates are kept now.
    static var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return handles.count
    }

    /// The handshake's decoding of `der`, if one is kept.
    static func handle(for der: [UInt8]) -> X509Handle? {
        lock.lock()
        defer { lock.unlock() }
        return handles[der]
    }
}
