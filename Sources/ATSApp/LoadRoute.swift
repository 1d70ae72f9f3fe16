import ATSPolicy
import AtscheckSystem

/// How a load written in a file reaches the network, and so whether ATS governs it and how.
public enum LoadRoute: Sendable, Hashable, Codable {
    /// The URL Loading System (URLSession, NSURLConnection): native code, React Native / Expo JS.
    case urlLoadingSystem
    /// A web view (WKWebView): HTML, and JavaScript/TypeScript of Cordova, Ionic or Capacitor web
    /// content (`www/`, Ionic/Capacitor `src/`).
    case webContent
    /// Not through the URL Loading System, so ATS does not govern it (Dart's dart:io sockets).
    case outsideATS(reason: String)

    /// URL path extensions of media (AVFoundation loads them). Not `ts`: a URL ending in `.ts` is
    /// far more often TypeScript source than an MPEG-TS segment, and HLS segments are named by
    /// their playlist (`m3u8`), which is here.
    public static let mediaExtensions: Set<String> = ["mp4", "m4v", "mov", "m3u8", "mp3", "m4a", "aac", "wav", "webm", "mpd"]

    /// The load context ATS resolves `url` in when it is loaded by this route: a web view's for
    /// web content, media for a media extension, URLSession otherwise; nil outside ATS.
    public func context(forURL url: String) -> LoadContext? {
        switch self {
        case .outsideATS: return nil
        case .webContent: return .webView
        case .urlLoadingSystem:
            let path = url.split(separator: "?").first.map(String.init) ?? url
            return Self.mediaExtensions.contains(PathText.pathExtension(path).lowercased()) ? .media : .urlSession
        }
    }

    /// Script files: JavaScript and TypeScript, and the component files that hold them.
    static let scriptExtensions: Set<String> = ["js", "mjs", "cjs", "ts", "mts", "cts", "tsx", "jsx", "vue"]

    /// Why a Dart file's loads are not judged, when its package does not use cupertino_http.
    static let dartOutsideATS = "Dart's HTTP clients (dart:io HttpClient, which package:http and dio use by default) "
        + "open sockets themselves, outside the URL Loading System, so ATS does not govern them; "
        + "to load through URLSession and ATS, depend on cupertino_http and use its CupertinoClient"

    /// The route of `file` (input-relative) whose role is `role`, given what the walk learnt.
    static func of(file: String, role: FileRole, isProject: Bool, traits: ProjectTraits) -> LoadRoute {
        switch role {
        case .cordovaConfig:
            return .webContent
        case .infoPlist, .binary, .extensionless, .provisioningProfile, .expoConfig, .xcodeProject:
            return .urlLoadingSystem
        case .text(let web):
            guard isProject else { return web ? .webContent : .urlLoadingSystem }
            let ext = PathText.pathExtension(file).lowercased()
            if ext == "dart" { return traits.dartRoute(forFile: file) }
            if scriptExtensions.contains(ext), let route = traits.scriptRoute(forFile: file) { return route }
            return web ? .webContent : .urlLoadingSystem
        }
    }
}

extension AppInventory {
    /// The route of loads written in `file` (input-relative), or nil when the file is not searched.
    public func loadRoute(forFile file: String, isProject: Bool) -> LoadRoute? {
        guard let role = FileRole.of(file, project: isProject) else { return nil }
        return LoadRoute.of(file: file, role: role, isProject: isProject, traits: traits)
    }
}
