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
    public var schemaVersion = SchemaVersion.current
    public var evaluatedAt: Date
    public var certificates: [CertificateReport]
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
    public let certificate: Certificate
    public let file: String
    /// Position inside its file (0-based).
    public let position: Int

    public init(certificate: Certificate, file: String, position: Int) {
        self.certificate = certificate
        self.file = file
        self.position = position
    }
}
