import ATSVocabulary
import ATSCertificates
import ATSProbe
import ATSPolicy

/// Each reason with the errors an app would log for it on the target, most likely first:
/// whether ATS enforces system trust for the host decides -1200/-9802 against -1202/-9807
/// (docs/ats-rules.md#error-codes).
enum RankedReasons {
    /// `reasons` with their ``LikelyAppErrors`` for `resolution`'s target.
    static func ranked(_ reasons: [CheckReason], _ resolution: Resolution) -> [CheckReason] {
        reasons.map {
            $0.predicting(LikelyAppErrors.list(for: $0.code, certificateIndex: $0.certificateIndex, target: resolution.target,
                                               atsEnforcesTrust: !resolution.requirements.delegateMayLoosenTrust))
        }
    }
}
