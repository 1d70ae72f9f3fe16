import ATSCheck
import ATSVocabulary

/// `why --probe`: the decoded causes set against what a live `host` check of the failing URL
/// finds. A cause the server shows moves to the top; a server that passes today is said to,
/// since the log's failure then is not reproduced (fixed since, another path, another policy).
public enum ProbeConfirmation {
    /// `error` with the verdict of `url` applied.
    public static func confirm(_ error: DecodedError, verdict: Verdict, url: String) -> DecodedError {
        var error = error
        let found = verdict.reasons.map(\.code.rawValue).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        let confirmed = error.causes.map(\.reason).filter(found.contains)
        let candidates = Set(error.causes.map(\.reason))
        let also = found.filter { !candidates.contains($0) }
        let conclusion: String
        switch verdict.status {
        case _ where !confirmed.isEmpty:
            conclusion = "the server confirms " + confirmed.joined(separator: ", ")
                + (also.isEmpty ? "" : "; it also shows " + also.joined(separator: ", "))
        case .blocked:
            conclusion = "the server fails " + also.joined(separator: ", ")
                + ", which the log's codes do not point at: the app may have reached another server (a proxy, another address), or the server changed"
        case .allowed:
            conclusion = "the server passes under this policy now: the failure is not reproduced (fixed since, a proxy or captive network on the device's path, or another policy in the app)"
        case .unknown:
            conclusion = "the check could not decide (" + (found.isEmpty ? "no reason given" : found.joined(separator: ", ")) + "); nothing is confirmed"
        }
        if !confirmed.isEmpty {
            error.causes = error.causes.filter { confirmed.contains($0.reason) } + error.causes.filter { !confirmed.contains($0.reason) }
        }
        error.probe = WhyProbeCheck(url: url, verdict: verdict.status, reasons: found,
                                    confirmed: confirmed, alsoFound: also, conclusion: conclusion)
        return error
    }
}
