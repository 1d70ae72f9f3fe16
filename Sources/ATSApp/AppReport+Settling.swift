import ATSVocabulary
import ATSCheck
import ATSScan

/// What settles a report after the audit: acceptances, `--only`, and the exit status.
extension AppReport {
    /// Marks the blocked and unknown URLs that `loads` accepts on `day` (`YYYY-MM-DD`), counts
    /// them in the summary (``exitStatus`` leaves them out), and notes the acceptances that
    /// have expired, returning those. Call before ``keepOnly(_:)``.
    @discardableResult
    public mutating func accept(_ loads: AcceptedLoads, day: String) -> [ExpiredAcceptance] {
        guard !loads.entries.isEmpty else { return [] }
        var counts = AcceptedEndpoints()
        var expired: [ExpiredAcceptance] = []
        for bundle in bundles.indices {
            for index in bundles[bundle].endpoints.indices {
                let endpoint = bundles[bundle].endpoints[index]
                let verdict = endpoint.verdict
                guard endpoint.isLoad, let host = try? CheckTarget(url: endpoint.url).host else { continue }
                switch loads.decision(url: endpoint.url, host: host, verdict: verdict, day: day) {
                case .none: break
                case .accepted(let entry):
                    bundles[bundle].endpoints[index].accepted = ScanAcceptance(entry)
                    if verdict == .blocked { counts.blocked += 1 } else { counts.unknown += 1 }
                    if verdict == .unknown, endpoint.policyUnknown { counts.policyUnknown += 1 }
                case .expired(let entry):
                    bundles[bundle].endpoints[index].notes.append("accepted by \(entry.origin) (\(entry.reason)) until \(entry.expires ?? ""): the acceptance has expired")
                    expired.append(ExpiredAcceptance(bundle: bundle, url: endpoint.url, acceptance: ScanAcceptance(entry)))
                }
            }
        }
        if counts != AcceptedEndpoints() { summary.accepted = counts }
        return expired
    }

    /// A load whose acceptance has expired: the SARIF result says so (the JSON only has the
    /// endpoint's note).
    public struct ExpiredAcceptance: Sendable, Equatable {
        /// The index of its bundle in ``bundles``.
        public let bundle: Int
        /// The endpoint's URL.
        public let url: String
        /// The acceptance that expired.
        public let acceptance: ScanAcceptance
    }

    /// Keeps only the endpoints whose verdict (for loads) or use (`not-seen`, `opened-outside`,
    /// `never-loaded`) is in `verdicts` (`--only`); the summary still counts every URL.
    public mutating func keepOnly(_ verdicts: Set<String>) {
        for index in bundles.indices {
            bundles[index].endpoints.removeAll { endpoint in
                endpoint.isLoad ? !verdicts.contains(endpoint.verdict.rawValue) : !verdicts.contains(endpoint.use?.rawValue ?? endpoint.verdict.rawValue)
            }
        }
    }

    /// The exit status: 1 when a URL is blocked, 3 when none is but some could not be told
    /// (unknown or not judged; offline, https:// URLs that were not probed are not counted, but
    /// URLs under a policy that cannot be read are) or a limit left part of the input unjudged,
    /// 0 otherwise.
    /// URLs a configuration accepts (``accept(_:day:)``) or the baseline holds
    /// (``compare(with:findings:)``) do not count.
    public var exitStatus: Int32 { exitStatus(countingNotSeen: false) }

    /// The exit status: 1 when a load is blocked, 3 when none is but some could not be told
    /// (unknown or not judged; offline, https:// URLs that were not probed are not counted, but
    /// URLs under a policy that cannot be read are), a policy that judges files cannot be read
    /// (whether or not any URL was found under it), or a limit left part of the input unjudged,
    /// 0 otherwise. URLs a configuration accepts (``accept(_:day:)``) or the baseline holds
    /// (``compare(with:findings:)``) do not count.
    ///
    /// Counting URLs whose use was not seen as loads when `countingNotSeen`
    /// (`--fail-on not-seen`): their would-be blocked verdicts exit 1, unknown ones 3 (offline,
    /// only those under a policy that cannot be read).
    public func exitStatus(countingNotSeen: Bool) -> Int32 {
        let accepted = summary.accepted ?? AcceptedEndpoints()
        let known = summary.baseline ?? BaselineOutcome(path: "")
        let notSeen = countingNotSeen ? summary.notSeen : NotSeenCounts()
        if summary.blocked + notSeen.blocked - accepted.blocked - known.blocked > 0 { return 1 }
        let unknowns = offline ? summary.policyUnknown - accepted.policyUnknown - known.policyUnknown
            : summary.unknown + notSeen.unknown - accepted.unknown - known.unknown
        return unknowns + summary.errors + notSeen.errors + summary.limitsReached + summary.policiesUnknown > 0 ? 3 : 0
    }
}
