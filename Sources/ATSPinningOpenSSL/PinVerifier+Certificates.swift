#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ATSCertificates
import ATSVocabulary
import ATSPinning

extension PinVerifier {
    /// Evaluates `chain` (the certificates the server sent plus the anchor the validator chose,
    /// leaf first) for `host` at `date`.
    ///
    /// An uncovered, expired or excluded host is `.notPinned`. For a pinned host an empty chain,
    /// an unreadable key digest or a policy without any pin set is a `.mismatch` even when the
    /// policy is report-only (fail closed).
    public func evaluate(host: String, chain: [Certificate], at date: Date) -> PinDecision {
        evaluate(host: host, pins: chain.lazy.map { try? Pin(certificate: $0) }, at: date)
    }

    /// Same as ``evaluate(host:chain:at:)`` for DER-encoded certificates; a certificate that
    /// does not decode makes a pinned host a `.mismatch`.
    public func evaluate(host: String, derChain: [Data], at date: Date) -> PinDecision {
        evaluate(host: host, pins: derChain.lazy.map { der in (try? Certificate(derEncoded: der)).flatMap { try? Pin(certificate: $0) } }, at: date)
    }
}
