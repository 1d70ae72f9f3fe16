import ATSVocabulary
import ATSCertificates

extension LikelyAppErrors {
    /// The ranked list for a trust evaluation's reason (`cert`, `validation.reasons`).
    public static func list(for reason: TrustReason, target: TargetOS, atsEnforcesTrust: Bool) -> [LikelyAppError] {
        list(for: .certificate(reason.code), certificateIndex: reason.certificateIndex, target: target, atsEnforcesTrust: atsEnforcesTrust)
    }
}
