import ATSCertificates

/// A failing trust check in JSON (`validation.reasons[]`, docs/json-schema.md "Reason").
public struct TrustReasonReport: Codable, Sendable, Equatable {
    public var code: String
    public var message: String
    @EncodesNil public var certificateIndex: Int?
    /// `TrustReason.nsurlError`; the key stays `appleError` in schema 1 (the same number is
    /// `nsurlError` in `host`'s reasons).
    public var appleError: Int
    @EncodesNil public var secureTransportError: Int?
    public var source: String

    public init(_ reason: TrustReason) {
        code = reason.code.rawValue
        message = reason.message
        certificateIndex = reason.certificateIndex
        appleError = reason.nsurlError
        secureTransportError = reason.secureTransportError
        source = reason.source
    }
}
