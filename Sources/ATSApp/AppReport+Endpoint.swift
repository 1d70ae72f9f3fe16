import ATSVocabulary
import ATSCheck
import ATSPolicy
import ATSSinks

extension AppReport.EndpointReport {
    /// Loads first (blocked, unknown, allowed, errors), then URLs whose use was not seen (by
    /// verdict), opened outside, never loaded, outside ATS, filtered.
    var rank: Int {
        let byVerdict = switch verdict {
        case .blocked: 0
        case .unknown: 1
        case .allowed: 2
        case .error: 3
        case .openedOutside: 10
        case .neverLoaded: 11
        case .outsideATS: 12
        case .filtered: 13
        }
        return use == .notSeen ? 5 + byVerdict : byVerdict
    }

    /// Whether its verdict counts: a load the app makes (or a URL judged before uses were
    /// told apart: `use` null with a verdict).
    public var isLoad: Bool { use == .load || (use == nil && verdict.isJudgment) }

    /// The verdict of a URL the app does not load (`opened-outside`, `never-loaded`); nil for
    /// a load and for a use atscheck did not see, whose verdict is the checker's.
    static func verdict(notLoadedBy use: URLUse) -> LoadVerdict? {
        switch use {
        case .openedOutside: .openedOutside
        case .neverLoaded: .neverLoaded
        case .load, .notSeen: nil
        }
    }
}

extension URLUseGroup {
    /// The group a use is reported under.
    init(_ use: URLUse) {
        switch use {
        case .load: self = .load
        case .openedOutside: self = .openedOutside
        case .neverLoaded: self = .neverLoaded
        case .notSeen: self = .notSeen
        }
    }
}
