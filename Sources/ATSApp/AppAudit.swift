import ATSVocabulary
import ATSArchive
import ATSCheck
import ATSLint
import ATSPolicy
import ATSSinks
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One URL as judged for one bundle.
public struct AuditedEndpoint: Sendable {
    /// The URL as found in the files.
    public let url: String
    /// The context its places imply: `webView` for HTML and JavaScript, `media` for a media
    /// file's URL, `urlSession` otherwise.
    public let context: LoadContext
    /// Where it was found in this bundle (and its frameworks).
    public let places: [FoundAt]
    /// The filter rule that dropped it (not judged), when one did and `--all` was not given.
    public let filtered: String?
    /// The verdict; nil when filtered, when the policy is unknown, or when the URL could not be
    /// judged (`error`).
    public let verdict: Verdict?
    /// Why it could not be judged.
    public let error: String?
    /// Why its verdict is unknown without a probe: the bundle's policy could not be read.
    public var unknown: String? = nil
    /// Why ATS does not govern it: every place it was found loads outside the URL Loading
    /// System (Dart's own HTTP client).
    public var outsideATS: String? = nil
    /// What the app's code does with it (the strongest use of its places): a load is judged and
    /// counts; a use atscheck could not see is judged and listed apart; opening outside the app
    /// and never loading it are not judged. Nil for a URL set aside before its use mattered.
    public var use: URLUse? = nil

    /// Whether its verdict counts: a load atscheck saw.
    public var countsAsLoad: Bool {
        if case .load? = use { return true }
        return false
    }
}

/// A URL found in one policy's files: where, and the context its places load it in (nil when
/// every place loads it outside ATS, with why).
struct FoundLoad {
    let url: String
    let places: [FoundAt]
    let context: LoadContext?
    let outsideATS: String?
    /// The strongest use of its places (``URLUse/strongest(_:)``); nil when no place says.
    var use: URLUse? = nil

    /// Whether it is set aside as `comment`: every place is in a comment (a comment is not a
    /// load), and `--all` was not given. Named in code too, it is judged with all its places.
    func setAsideAsComment(all: Bool) -> Bool {
        !all && !places.isEmpty && places.allSatisfy(\.isComment)
    }

    /// Whether its verdict counts: a load the code makes (atscheck saw it).
    var isLoad: Bool {
        if case .load? = use { return true }
        return false
    }
}

/// A bundle that sets policy, its lint findings, and every URL found in it and in its frameworks.
public struct AuditedBundle: Sendable {
    /// The bundle or project source whose policy judged the endpoints.
    public let bundle: AppBundle
    /// The policy unit: the Xcode target, its role and why its policy was taken.
    public let unit: PolicyUnit
    /// Lint findings on its Info.plist.
    public let findings: [Finding]
    /// The findings its Info.plist's own `atscheck:ignore` comments accept (not in `findings`).
    public var commented: [SuppressedFinding] = []
    /// Whether the Info.plist has an NSAppTransportSecurity dictionary at all (without one, ATS's
    /// defaults apply).
    public let hasATSDictionary: Bool
    /// Every URL found in the bundle's files (and its frameworks'), with its verdict or why there is none.
    public let endpoints: [AuditedEndpoint]
    /// Frameworks and resource bundles inside it (listed; their Info.plists set no policy).
    public let frameworks: [AppBundle]
    /// The OS its URLs were judged for.
    public let target: TargetOS
}

/// The audit of one input.
public struct AppAudit: Sendable {
    /// The input path, as given.
    public let path: String
    /// `ipa` or `directory`.
    public let kind: AppInputKind
    /// One per policy unit, in ``PolicyAttribution``'s order.
    public let bundles: [AuditedBundle]
    /// What the walk could not read.
    public let walk: ArchiveReadSummary
    /// How files were attributed to policies.
    public let attribution: PolicyAttribution
    /// Places of URLs that no policy judges, counted by why (a test target's files).
    public let notJudged: [String: Int]
    /// Places of URLs in files no target builds, copies or embeds (not app code), counted by why
    /// (`in no target of ios/App.xcodeproj`).
    public let inNoTarget: [String: Int]
    /// URLs found only in files that no policy judges (in no target, test targets' files),
    /// each with where and why.
    public let notInApp: [NotInAppURL]
    /// What the project's frameworks do to routes, one sentence each (``ProjectTraits/notes``:
    /// cupertino_http, Capacitor's navigation, native HTTP plugins).
    public var routeNotes: [String] = []
    /// Places of a project the walk did not enter or read, with why.
    public let skipped: [SkippedPlace]
}


