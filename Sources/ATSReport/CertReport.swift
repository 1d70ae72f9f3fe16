import ATSVocabulary
import ATSCertificates
import ATSJSON
import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `atscheck cert --format json` document: every certificate read, and the trust
/// evaluation with `--host` (docs/json-schema.md, "atscheck cert").
public struct CertReport: Codable, Sendable, Equatable {
    /// Encoded as `schemaVersion`: the document's schema version (``SchemaVersion/current``).
    public var schemaVersion = SchemaVersion.current
    /// The instant the certificates were judged at: `--at`, or the current time.
    public var evaluatedAt: Date
    /// Every certificate of every file, in the order read (index 0 is the leaf).
    public var certificates: [CertificateReport]
    /// The trust evaluation of the certificates for `--host`; null without `--host`.
    @EncodesNil public var validation: ValidationReport?

    /// `certificates` as read; `evaluation` of them against `store`, when there was one, its
    /// reasons' errors ranked for `target` under full ATS.
    public init(certificates: [LoadedCertificate], evaluation: TrustEvaluation?, store: TrustStore?, time: Date,
                target: TargetOS = .latest) {
        evaluatedAt = time
        self.certificates = certificates.enumerated().map {
            CertificateReport(certificate: $1.certificate, index: $0, file: $1.file, positionInFile: $1.position)
        }
        validation = evaluation.flatMap { evaluation in
            store.map { ValidationReport(evaluation: evaluation, presented: certificates.map(\.certificate), store: $0, target: target) }
        }
    }
}

/// A certificate with where it was read from.
public struct LoadedCertificate: Sendable {
    /// The decoded certificate.
    public let certificate: Certificate
    /// The path of the file it was read from, as given.
    public let file: String
    /// Position inside its file (0-based).
    public let position: Int

    /// `certificate`, read from `file` at `position` (0-based) within it.
    public init(certificate: Certificate, file: String, position: Int) {
        self.certificate = certificate
        self.file = file
        self.position = position
    }
}
