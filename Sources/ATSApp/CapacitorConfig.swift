import ATSCode
import ATSJSON
import ATSPolicy
import ATSPolicySources
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A Capacitor app's `capacitor.config.json` (the project's, or the copy `npx cap sync` writes to
/// `ios/App/App/`, which is the one the app bundle holds), read as Capacitor's iOS runtime reads
/// it. Sources (ionic-team/capacitor, 8.4.2):
///
/// - ios/Capacitor/Capacitor/CAPInstanceDescriptor.m `initAsDefault`: the runtime reads the bundle's
///   `capacitor.config.json` and `config.xml`;
///   CAPInstanceDescriptor.swift `_parseConfiguration(at:cordovaConfiguration:)` takes
///   `server.allowNavigation` (`as? [String]`), `server.iosScheme` (`as? String`, lowercased),
///   `server.hostname`, `server.url`, `server.appStartPath`,
///   `ios.limitsNavigationsToAppBoundDomains` (`as? Bool`) and `plugins`; nothing on iOS reads
///   `server.cleartext`. `normalize()` resets a scheme WebKit handles itself
///   (`WKWebView.handlesURLScheme`) or one that is not `^[a-z][a-z0-9.+-]*$` to `capacitor`,
///   an absent hostname to `localhost`, and drops a `server.url` `URL(string:)` refuses.
/// - CAPInstanceConfiguration.m `initWithDescriptor:isDebug:`: `localURL` is
///   `scheme://hostname`, served from the app's files by WebViewAssetHandler (a
///   WKURLSchemeHandler: no network); `serverURL` is `server.url`, else `localURL`.
/// - CAPBridgeViewController.swift `loadWebView()`: the web view loads `appStartServerURL`
///   (`serverURL` plus `server.appStartPath`), so with `server.url` the start page is that URL,
///   a web view load under the app's ATS.
/// - WebViewDelegationHandler.swift `webView(_:decidePolicyFor:decisionHandler:)`: after the
///   plugins' `shouldOverrideLoad`, a navigation to a host `server.allowNavigation` matches
///   (CAPInstanceConfiguration.swift `shouldAllowNavigation(to:)`, `doesHost(_:match:)`) stays
///   in the web view; a main-frame or new-window navigation to a URL that starts with neither
///   `serverURL` nor `localURL` is cancelled and handed to `UIApplication.shared.open` (Safari
///   or the app that owns the link: outside this app and its ATS); other navigations
///   (subframes, the app's own URLs) stay. Requests that are not navigations (fetch, XHR,
///   images, scripts) never reach this delegate.
/// - `plugins.CapacitorHttp.enabled`: WebViewDelegationHandler.swift answers native-bridge.js's
///   `CapacitorHttp` prompt with `getPluginConfig("CapacitorHttp").getBoolean("enabled", false)`
///   (PluginConfig.swift: `as? Bool`, else false); when true, native-bridge.js replaces
///   `window.fetch` and `XMLHttpRequest`, and the requests go through the CapacitorHttp plugin
///   or WebViewAssetHandler.swift `handleCapacitorHttpRequest` to `URLSession.shared`.
/// - cli/src/declarations.ts: `server.cleartext` "Allow cleartext traffic in the Web View. On
///   Android …"; cli/src/cordova.ts `writeCordovaAndroidManifest` is its only reader, writing
///   `android:usesCleartextTraffic="true"`.
public struct CapacitorConfig: Sendable, Equatable {
    /// The file, input-relative.
    public let path: String
    /// `server.url` as written, when it is a string `URL(string:)` accepts: the page the web view
    /// loads at start instead of the app's own files (meant for live reload).
    public let serverURL: String?
    /// The line of `server.url`'s `"url"` key in the file.
    public let serverURLLine: Int?
    /// `server.appStartPath`, appended to the start URL.
    public let appStartPath: String?
    /// `server.hostname` as written (the local URL's host; `localhost` when absent).
    public let hostname: String?
    /// `server.iosScheme` as written, lowercased (the local URL's scheme when valid).
    public let iosScheme: String?
    /// `server.allowNavigation` when it is a list of strings (Capacitor ignores anything else).
    public let allowNavigation: [String]?
    /// `server.cleartext`: read only by Capacitor's Android side; on iOS it does nothing.
    public let cleartext: Bool?
    /// `ios.limitsNavigationsToAppBoundDomains`: the web view's configuration, which then
    /// navigates only to the Info.plist's `WKAppBoundDomains`.
    public let limitsNavigationsToAppBoundDomains: Bool?
    /// `plugins.CapacitorHttp.enabled` (false unless a Boolean true).
    public let capacitorHTTP: Bool
    /// `webDir`: where the web build is, relative to the project (`npx cap copy` copies it into
    /// `ios/App/App/public`).
    public let webDir: String?
    /// Values of the wrong kind, which Capacitor ignores, one sentence each.
    public let problems: [String]

    /// Schemes WebKit handles itself, so `WKWebView.handlesURLScheme` is true and Capacitor
    /// falls back to `capacitor` (cli/src/declarations.ts names http and https; the others are
    /// WebKit's built-in schemes).
    static let webKitSchemes: Set<String> = ["http", "https", "file", "data", "blob", "about", "javascript", "ws", "wss", "ftp"]

    /// The scheme the local URL uses: `server.iosScheme` when Capacitor accepts it, else `capacitor`.
    public var scheme: String {
        guard let iosScheme, !Self.webKitSchemes.contains(iosScheme), let first = iosScheme.unicodeScalars.first,
              ("a"..."z").contains(first),
              iosScheme.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || ".+-".unicodeScalars.contains($0) }) else {
            return "capacitor"
        }
        return iosScheme
    }

    /// `scheme://hostname`: the app's own files, served by Capacitor's scheme handler, never
    /// fetched from the network.
    public var localURL: String { "\(scheme)://\(hostname ?? "localhost")" }

    /// The URL the web view loads at start when it is a network load: `server.url` with
    /// `server.appStartPath`; nil when the app starts from its own files.
    public var startURL: String? {
        guard let serverURL else { return nil }
        guard let appStartPath, !appStartPath.trimmingWhitespaceAndNewlines().isEmpty else { return serverURL }
        return (serverURL.hasSuffix("/") ? serverURL : serverURL + "/") + (appStartPath.hasPrefix("/") ? String(appStartPath.dropFirst()) : appStartPath)
    }

    /// What Capacitor does with a navigation of the web view to `url`.
    public enum Navigation: Sendable, Equatable {
        /// `server.allowNavigation` matches its host (`pattern`): it loads in the web view.
        case allowed(pattern: String)
        /// It starts with the start URL or the local URL: the app's own page, in the web view.
        case application
        /// Anything else: a main-frame or new-window navigation is opened outside the app
        /// (`UIApplication.open`), a subframe's loads in the web view.
        case openedOutsideIfTopLevel
    }

    /// Where a navigation to `url` goes (WebViewDelegationHandler.swift
    /// `webView(_:decidePolicyFor:decisionHandler:)`, plugins aside).
    public func navigation(to url: String) -> Navigation {
        if let host = URL(string: url)?.host, let pattern = allowNavigation?.first(where: { Self.host(host, matches: $0) }) {
            return .allowed(pattern: pattern)
        }
        if let serverURL, url.hasPrefix(serverURL) { return .application }
        if url.hasPrefix(localURL) { return .application }
        return .openedOutsideIfTopLevel
    }

    /// CAPInstanceConfiguration.swift `doesHost(_:match:)`: `*` matches every host; otherwise
    /// the labels are compared case-insensitively, a `*` label matching any one label, and the
    /// label counts must be equal (`*.example.com` matches `a.example.com`, not `example.com`
    /// nor `a.b.example.com`).
    static func host(_ host: String, matches pattern: String) -> Bool {
        if pattern == "*" { return true }
        let hostLabels = host.lowercased().split(separator: ".", omittingEmptySubsequences: true)
        let patternLabels = pattern.lowercased().split(separator: ".", omittingEmptySubsequences: true)
        guard hostLabels.count == patternLabels.count else { return false }
        return zip(hostLabels, patternLabels).allSatisfy { $1 == "*" || $0 == $1 }
    }

    /// Why a file could not be read as a Capacitor configuration.
    public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// One sentence.
        public let description: String
    }

    /// Reads `bytes` (at most ``ProjectTraits/manifestBytes``, JSON nested at most 64 deep and
    /// holding at most 100,000 values).
    public static func read(_ bytes: [UInt8], path: String) throws(ReadError) -> CapacitorConfig {
        guard bytes.count <= ProjectTraits.manifestBytes else {
            throw ReadError(description: "\(path) is larger than \(ProjectTraits.manifestBytes) bytes and was not read")
        }
        guard case .object(let root)? = try? JSONValue.read(Data(bytes), limits: JSONValue.Limits(maximumDepth: 64, maximumValues: 100_000)) else {
            throw ReadError(description: "\(path) could not be read as JSON")
        }
        return make(root, path: path, problems: [], serverURLLine: { JSONKeyLocations.locate(bytes)[["server", "url"]]?.line })
    }

    /// Reads a `capacitor.config.ts` or `.js` without running it: the object it exports (or
    /// types `CapacitorConfig`), where it holds literals (``ObjectLiteral``). A setting written
    /// as code (`process.env.LIVE_URL`, a spread) is not known: a problem names it.
    public static func read(code bytes: [UInt8], path: String) throws(ReadError) -> CapacitorConfig {
        guard bytes.count <= ProjectTraits.manifestBytes else {
            throw ReadError(description: "\(path) is larger than \(ProjectTraits.manifestBytes) bytes and was not read")
        }
        let lexed = SourceLexer.lex(bytes, language: .javaScript, jsx: SourceLanguage.allowsJSX(path: path))
        guard let literal = ObjectLiteral.configuration(in: lexed, typeName: "CapacitorConfig") else {
            throw ReadError(description: "\(path) is code and exports no object atscheck can read: its settings are not known")
        }
        let problems = literal.unknown.map { "\($0) is code, not a value: atscheck does not run it, so its value is not known" }
        return make(literal.value, path: path, problems: problems, serverURLLine: { literal.lines["server.url"] })
    }

    /// The settings of a configuration's top-level object, as Capacitor's runtime reads them.
    private static func make(_ root: [String: JSONValue], path: String, problems initial: [String], serverURLLine: () -> Int?) -> CapacitorConfig {
        var problems = initial
        let server = root["server"].flatMap(object) ?? [:]
        let ios = root["ios"].flatMap(object) ?? [:]
        func string(_ value: JSONValue?, _ key: String) -> String? {
            guard let value else { return nil }
            if case .string(let text) = value { return text }
            problems.append("\(key) is not a string: Capacitor ignores it")
            return nil
        }
        func bool(_ value: JSONValue?, _ key: String) -> Bool? {
            guard let value else { return nil }
            guard let flag = Self.flag(value) else {
                problems.append("\(key) is not a Boolean: Capacitor ignores it")
                return nil
            }
            return flag
        }
        var serverURL = string(server["url"], "server.url")
        if let written = serverURL, URL(string: written) == nil {
            problems.append("server.url \"\(written)\" is not a URL: Capacitor ignores it and loads the app's own files")
            serverURL = nil
        }
        var allowNavigation: [String]?
        if let list = server["allowNavigation"] {
            // `as? [String]`: one item of another kind and the whole list is ignored.
            let strings: [String]? = {
                guard case .array(let items) = list else { return nil }
                let texts = items.compactMap { item -> String? in if case .string(let text) = item { text } else { nil } }
                return texts.count == items.count ? texts : nil
            }()
            if strings == nil { problems.append("server.allowNavigation is not a list of strings: Capacitor ignores it") }
            allowNavigation = strings
        }
        // `getBoolean("enabled", false)`: anything but a Boolean true is false.
        let http = root["plugins"].flatMap(object)?["CapacitorHttp"].flatMap(object)
        let capacitorHTTP = http?["enabled"].flatMap(flag) ?? false
        return CapacitorConfig(
            path: path, serverURL: serverURL, serverURLLine: serverURL == nil ? nil : serverURLLine(),
            appStartPath: string(server["appStartPath"], "server.appStartPath"),
            hostname: string(server["hostname"], "server.hostname"), iosScheme: string(server["iosScheme"], "server.iosScheme")?.lowercased(),
            allowNavigation: allowNavigation, cleartext: bool(server["cleartext"], "server.cleartext"),
            limitsNavigationsToAppBoundDomains: bool(ios["limitsNavigationsToAppBoundDomains"], "ios.limitsNavigationsToAppBoundDomains"),
            capacitorHTTP: capacitorHTTP, webDir: string(root["webDir"], "webDir"), problems: problems)
    }

    /// A value as Capacitor's `as? Bool` takes it from JSONSerialization: a Boolean, or a
    /// number that is exactly 0 or 1 (an NSNumber bridges to Bool only then); nil otherwise.
    private static func flag(_ value: JSONValue) -> Bool? {
        switch value {
        case .bool(let flag): return flag
        case .integer("0"): return false
        case .integer("1"): return true
        default: return nil
        }
    }

    private static func object(_ value: JSONValue) -> [String: JSONValue]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The settings that change what the iOS app loads, for telling two copies apart.
    var iOSSettings: [String: String] {
        var settings: [String: String] = [:]
        settings["server.url"] = serverURL
        settings["server.appStartPath"] = appStartPath
        settings["server.hostname"] = hostname
        settings["server.iosScheme"] = iosScheme
        settings["server.allowNavigation"] = allowNavigation?.joined(separator: ", ")
        settings["ios.limitsNavigationsToAppBoundDomains"] = limitsNavigationsToAppBoundDomains.map { String($0) }
        settings["plugins.CapacitorHttp.enabled"] = String(capacitorHTTP)
        return settings
    }
}
