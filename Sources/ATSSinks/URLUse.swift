/// What an app does with a URL, as its code shows it: the one question that decides whether a
/// verdict about the URL is a promise (docs/app-audit.md, "What the code does with a URL").
public enum URLUse: Sendable, Hashable, Codable {
    /// Loaded by the app: the URL Loading System (`network`), AVFoundation (`media`) or a web
    /// view (`webView`), through `via` (`URLSession.dataTask(with:)`, `<img src>`). ATS governs it.
    case load(LoadKind, via: String)
    /// Handed to another app or the system to open (`UIApplication.open`, SwiftUI `Link`,
    /// `SFSafariViewController`, `Linking.openURL`): that app's rules apply, not this app's ATS.
    case openedOutside(via: String)
    /// Never loaded: an XML namespace, text shown to the user, a comparison, a pasteboard
    /// write, code left out of a Release build; `why` says which.
    case neverLoaded(why: String)
    /// atscheck found the URL but not what uses it; `hint` says how far it followed it.
    case notSeen(hint: String)

    /// How a load reaches the network.
    public enum LoadKind: String, Sendable, Hashable, Codable {
        /// A request of the URL Loading System (URLSession, NSURLConnection, Alamofire, image
        /// loaders; React Native's `fetch`): in a web page's script, the web view makes it.
        case network
        /// AVFoundation media (AVPlayer, AVURLAsset); `<video>`/`<audio>` in a page: the web view.
        case media
        /// A web view load (WKWebView `load`, `<iframe src>`, a page's `<script src>`).
        case webView = "webview"
        /// A page a web view navigates to (`<a href>`, `location.href`): Cordova and Capacitor
        /// hand navigations to origins they do not allow to the system browser instead.
        case navigation
    }

    /// The group's name in reports: `load`, `opened-outside`, `never-loaded`, `not-seen`.
    public var group: String {
        switch self {
        case .load: return "load"
        case .openedOutside: return "opened-outside"
        case .neverLoaded: return "never-loaded"
        case .notSeen: return "not-seen"
        }
    }

    /// One line for people: `loaded by URLSession.dataTask(with:)`.
    public var explanation: String {
        switch self {
        case .load(_, let via): return "loaded by \(via)"
        case .openedOutside(let via): return "opened outside the app by \(via): ATS does not apply to it"
        case .neverLoaded(let why): return "never loaded: \(why)"
        case .notSeen(let hint): return "use not seen: \(hint)"
        }
    }

    /// Which of two uses of one URL speaks for it: a load beats a use atscheck could not see,
    /// which beats opening outside the app, which beats never loading it (a URL one place loads
    /// is loaded, wherever else it is written).
    public var strength: Int {
        switch self {
        case .load: return 3
        case .notSeen: return 2
        case .openedOutside: return 1
        case .neverLoaded: return 0
        }
    }

    /// The strongest of `uses`, or nil when there is none.
    public static func strongest(_ uses: some Sequence<URLUse>) -> URLUse? {
        var best: URLUse?
        for use in uses where best.map({ use.strength > $0.strength }) ?? true { best = use }
        return best
    }
}
