import ATSVocabulary
import ATSCertificates
import ATSJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif


/// A way to make a blocked load pass: an Info.plist change (verified by re-evaluating the
/// observation under the changed policy) and/or a server change that makes it unnecessary.
public struct Fix: Sendable, Hashable, Codable {
    /// The `NSExceptionDomains` entry that would let the load pass, as key → value
    /// (values are `true`/`false` or strings), nil when no Info.plist change can fix it.
    @EncodesNil public private(set) var exceptionDomain: String?
    /// The entry's keys.
    @EncodesNil public private(set) var exceptionKeys: [String: String]?
    /// The same as an XML snippet ready to paste under `NSAppTransportSecurity`.
    @EncodesNil public private(set) var plistSnippet: String?
    /// What to change on the server instead.
    public let serverChange: String

    /// Creates a fix.
    public init(exceptionDomain: String?, exceptionKeys: [String: String]?, plistSnippet: String?, serverChange: String) {
        self.exceptionDomain = exceptionDomain
        self.exceptionKeys = exceptionKeys
        self.plistSnippet = plistSnippet
        self.serverChange = serverChange
    }
}

/// One reason a load would be blocked (or could not be judged).
public struct CheckReason: Sendable, Hashable, Codable {
    /// What kind of reason this is.
    public let code: CheckReasonCode
    /// One sentence.
    public let message: String
    /// The NSURLErrorDomain code the app would most likely see (the first of ``likelyErrors``).
    public let nsurlError: Int
    /// The SecureTransport code (`_kCFStreamErrorCodeKey`) that comes with it, when one applies.
    @EncodesNil public private(set) var secureTransportError: Int?
    /// Every error the app may see for this reason on the target, most likely first, each with
    /// its evidence (``LikelyAppErrors``); never empty.
    public let likelyErrors: [LikelyAppError]
    /// Index in the served chain, for certificate reasons.
    @EncodesNil public private(set) var certificateIndex: Int?
    /// Where the rule comes from.
    public let source: Citation
    /// How to fix it, when known.
    @EncodesNil public private(set) var fix: Fix?

    /// Creates a reason whose only predicted error is `nsurlError` / `secureTransportError`
    /// (``VerdictEvaluator`` replaces it with the ranked list for the target: ``predicting(_:)``).
    public init(code: CheckReasonCode, message: String, nsurlError: Int, secureTransportError: Int?, certificateIndex: Int? = nil,
                source: Citation, fix: Fix? = nil) {
        self.init(code: code, message: message,
                  likelyErrors: [LikelyAppError(nsurlError: nsurlError, secureTransportError: secureTransportError,
                                                evidence: "the code of atscheck's rule, not ranked for a target")],
                  certificateIndex: certificateIndex, source: source, fix: fix)
    }

    /// Creates a reason with a ranked list of errors; `nsurlError` and `secureTransportError`
    /// are its first entry's. An empty list is replaced by -1200 alone.
    public init(code: CheckReasonCode, message: String, likelyErrors: [LikelyAppError], certificateIndex: Int? = nil,
                source: Citation, fix: Fix? = nil) {
        let errors = likelyErrors.isEmpty
            ? [LikelyAppError(nsurlError: -1200, secureTransportError: nil, evidence: "no prediction was given")] : likelyErrors
        self.code = code
        self.message = message
        self.nsurlError = errors[0].nsurlError
        self.secureTransportError = errors[0].secureTransportError
        self.likelyErrors = errors
        self.certificateIndex = certificateIndex
        self.source = source
        self.fix = fix
    }

    /// The same reason with `likelyErrors` as its prediction (the first entry becomes
    /// `nsurlError` / `secureTransportError`).
    public func predicting(_ likelyErrors: [LikelyAppError]) -> CheckReason {
        CheckReason(code: code, message: message, likelyErrors: likelyErrors, certificateIndex: certificateIndex, source: source, fix: fix)
    }

    /// Reads a reason; a document written before `likelyErrors` existed gets its single code as the list.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let code = try container.decode(CheckReasonCode.self, forKey: .code)
        let message = try container.decode(String.self, forKey: .message)
        let nsurlError = try container.decode(Int.self, forKey: .nsurlError)
        let secureTransportError = try container.decodeIfPresent(Int.self, forKey: .secureTransportError)
        let certificateIndex = try container.decodeIfPresent(Int.self, forKey: .certificateIndex)
        let source = try container.decode(Citation.self, forKey: .source)
        let fix = try container.decodeIfPresent(Fix.self, forKey: .fix)
        if let likelyErrors = try container.decodeIfPresent([LikelyAppError].self, forKey: .likelyErrors), !likelyErrors.isEmpty {
            self.init(code: code, message: message, likelyErrors: likelyErrors, certificateIndex: certificateIndex, source: source, fix: fix)
        } else {
            self.init(code: code, message: message, nsurlError: nsurlError, secureTransportError: secureTransportError,
                      certificateIndex: certificateIndex, source: source, fix: fix)
        }
    }

    private enum CodingKeys: String, CodingKey { case code, message, nsurlError, secureTransportError, likelyErrors, certificateIndex, source, fix }

    /// A certificate reason from the trust evaluation.
    public init(_ reason: TrustReason, fix: Fix? = nil) {
        self.init(code: .certificate(reason.code), message: reason.message, nsurlError: reason.nsurlError,
                  secureTransportError: reason.secureTransportError, certificateIndex: reason.certificateIndex,
                  source: reason.source, fix: fix)
    }
}
