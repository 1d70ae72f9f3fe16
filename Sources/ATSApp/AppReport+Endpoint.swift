import ATSCheck
import ATSPolicy
import ATSSinks

extension AppReport.EndpointReport {
    /// Loads first (blocked, unknown, allowed, errors), then URLs whose use was not seen (by
    /// verdict), opened outside, never loaded, outside ATS, filtered.
    var rank: Int {
        let byVerdict = ["blocked": 0, "unknown": 1, "allowed": 2, "error": 3, "opened-outside": 10, "never-loaded": 11, "outside-ats": 12, "filtered": 13][verdict] ?? 14
        return use == "not-seen" ? 5 + byVerdict : byVerdict
    }

    /// Whether its verdict counts: a load the app makes (or a URL judged before uses were
    /// told apart: `use` null with a verdict).
    public var isLoad: Bool { use == "load" || (use == nil && ["blocked", "unknown", "allowed", "error"].contains(verdict)) }
}
