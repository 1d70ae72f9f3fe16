import ATSVocabulary
import ATSCertificates
import ATSProbe
import ATSPolicy

/// Each reason with the errors an app would log for it on the target, most likely first:
/// whether ATS enforces system trust for the host decides -1200/-9802 against -1202/-9807
/// (docs/ats-rules.md#error-codes).
enum RankedReasons {
    /// `reasons` with their ``LikelyAppErrors`` for `resolution`'s target; a host whose name
    /// did not resolve puts -1003 (NSURLErrorCannotFindHost) before -1004.
    static func ranked(_ reasons: [CheckReason], _ resolution: Resolution) -> [CheckReason] {
        reasons.map {
            var errors = LikelyAppErrors.list(for: $0.code, certificateIndex: $0.certificateIndex, target: resolution.target,
                                              atsEnforcesTrust: !resolution.requirements.delegateMayLoosenTrust)
            if $0.code == .connection(.connectionFailed), $0.message.hasPrefix("cannot resolve") {
                errors = errors.filter { $0.nsurlError == -1003 } + errors.filter { $0.nsurlError != -1003 }
            }
            return $0.predicting(errors)
        }
    }
}
