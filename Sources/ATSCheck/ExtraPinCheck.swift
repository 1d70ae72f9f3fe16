import ATSVocabulary
import ATSCertificates
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ATSPinning
import ATSPinningOpenSSL
import ATSPolicy
import AtscheckSystem

/// Pins given besides the app's ATS policy (TrustKit, Android NSC), judged over the built chain.
public enum ExtraPinCheck {
    /// How close to the evaluation time a pin-set expiration earns a warning.
    public static let expiryWarningWindow: TimeInterval = 30 * 86_400

    /// A `pin-mismatch` reason for an enforced mismatch; notes for report-only mismatches and
    /// pin sets that expire within 30 days of `date` (or have expired).
    public static func evaluate(_ policies: [PinPolicy], host: String, chain: [Certificate], at date: Date)
        -> (reason: CheckReason?, notes: [String]) {
        let verifier = PinVerifier(policies)
        guard let policy = verifier.policy(for: host), !policy.excludedFromParent else { return (nil, []) }
        let label = "\(sourceName(policy.source)) pins for '\(policy.domain)'"
        var notes: [String] = []
        if let expiration = policy.expiration {
            let day = UTCTimestamp.day(expiration)
            if policy.isExpired(at: date) {
                notes.append("warning: \(label) expired on \(day); the domain is no longer pinned")
            } else if expiration.timeIntervalSince(date) <= expiryWarningWindow {
                let days = Int((expiration.timeIntervalSince(date) / 86_400).rounded(.down))
                notes.append("warning: \(label) expire on \(day) (in \(days) day(s)); renew the pin set before then")
            }
        }
        let decision = verifier.evaluate(host: host, chain: chain, at: date)
        switch decision {
        case .mismatch(let expected, let seen):
            let message = "\(label): no certificate in the chain matches; expected one of [\(list(expected))], chain has [\(list(seen))]"
            let reason = CheckReason(code: .connection(.pinMismatch), message: message,
                                     likelyErrors: likelyErrors(policy.source), source: source(policy.source),
                                     fix: Fix(exceptionDomain: nil, exceptionKeys: nil, plistSnippet: nil,
                                              serverChange: "serve a certificate whose key matches a pin, or add the served key's pin (\(seen.first.map(\.base64) ?? "?")) to the pin set with a backup"))
            return (reason, notes)
        case .reportOnlyMismatch(let expected, let seen):
            notes.append("\(label) do not match (report-only, not enforced): expected one of [\(list(expected))], chain has [\(list(seen))]")
            return (nil, notes)
        case .matched(let pin, let index):
            notes.append("\(label) match certificate \(index) (\(pin.base64))")
            return (nil, notes)
        case .notPinned:
            return (nil, notes)
        }
    }

    /// What the app logs when its own pin check refuses: TrustKit and hand-written delegates
    /// cancel the authentication challenge, so the task ends with
    /// NSURLErrorCancelled (-999), not an ATS code; NSPinnedDomains is ATS's own (-1200 / -9802).
    static func likelyErrors(_ source: PinSource) -> [LikelyAppError] {
        switch source {
        case .ats:
            return LikelyAppErrors.list(for: .connection(.pinMismatch), target: .latest, atsEnforcesTrust: true)
        case .trustkit, .android:
            return [LikelyAppError(nsurlError: -999, secureTransportError: nil,
                                   evidence: "the app's own pin check cancels the authentication challenge (TrustKit's TSKPinningValidator handleChallenge:completionHandler: on TSKTrustDecisionShouldBlockConnection; hand-written delegates do the same): NSURLErrorCancelled"),
                    LikelyAppError(nsurlError: -1202, secureTransportError: -9807,
                                   evidence: "inferred: a delegate that rejects the protection space instead lets the default trust evaluation end the load")]
        }
    }

    private static func list(_ pins: [Pin]) -> String { pins.map(\.base64).joined(separator: ", ") }

    private static func sourceName(_ source: PinSource) -> String {
        switch source {
        case .ats: "NSPinnedDomains"
        case .trustkit: "TrustKit"
        case .android: "Android network security config"
        }
    }

    private static func source(_ source: PinSource) -> Citation {
        switch source {
        case .trustkit: .otherDocument("https://github.com/datatheorem/TrustKit/blob/master/docs/getting-started.md")
        case .android: .otherDocument("https://developer.android.com/privacy-and-security/security-config#CertificatePinning")
        case .ats: .appleDocument("https://developer.apple.com/documentation/bundleresources/information-property-list/nsapptransportsecurity/nspinneddomains")
        }
    }
}
