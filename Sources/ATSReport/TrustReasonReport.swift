import ATSVocabulary
import ATSCertificates
import ATSCheck
import ATSJSON
import ATSPolicy

/// A failing trust check in JSON (`validation.reasons[]`, docs/json-schema.md "Reason").
public struct TrustReasonReport: Codable, Sendable, Equatable {
    /// The reason's code (`cert-expired`, …): a stable contract.
    public var code: String
    /// One sentence for humans.
    public var message: String
    /// Index in `validation.chain` of the certificate concerned; null when the reason concerns the chain.
    @EncodesNil public var certificateIndex: Int?
    /// The NSURLErrorDomain code an app would most likely see: the first of `likelyErrors`
    /// (the key stays `appleError` in schema 1; the same number is `nsurlError` in `host`'s reasons).
    public var appleError: Int
    /// The SecureTransport code that comes with it.
    @EncodesNil public var secureTransportError: Int?
    /// Every error an app may log for the reason on the target, most likely first (``LikelyAppErrors``).
    public var likelyErrors: [LikelyAppError]
    /// URL of the Apple document or published code the rule comes from.
    public var source: String

    /// `reason` with its errors ranked for `target`, ATS enforcing trust for the host or not.
    public init(_ reason: TrustReason, target: TargetOS, atsEnforcesTrust: Bool) {
        code = reason.code.rawValue
        message = reason.message
        certificateIndex = reason.certificateIndex
        likelyErrors = LikelyAppErrors.list(for: reason, target: target, atsEnforcesTrust: atsEnforcesTrust)
        appleError = likelyErrors[0].nsurlError  // never empty (LikelyAppErrors.list)
        secureTransportError = likelyErrors[0].secureTransportError
        source = reason.source.url
    }
}
