extension ProjectTraits {
    /// Writes `notes` from the declarations, once the walk is over.
    ///
    /// Sources for what the notes say about Cordova and Capacitor:
    /// - cordova-ios makes no request for the web view itself: its scheme handler
    ///   (CordovaLib/Classes/Private/Plugins/CDVWebViewEngine/CDVURLSchemeHandler.m, rel/8.1.0)
    ///   serves only the app's own files on the app scheme and hands other tasks to plugins.
    /// - `InterceptRemoteRequests` is a preference of cordova-plugin-wkwebview-file-xhr (Oracle,
    ///   2.1.x; README "Configuration", src/ios/CDVWKWebViewFileXhr.m) and its fork
    ///   @globules-io/cordova-plugin-ios-xhr: `all|secureOnly|none`, default `secureOnly`; the
    ///   remote XHRs it intercepts are made natively.
    /// - Capacitor's CapacitorHttp (`plugins.CapacitorHttp.enabled`, default false:
    ///   ios/Capacitor/Capacitor/WebViewDelegationHandler.swift) makes core/native-bridge.ts
    ///   replace window.fetch and XMLHttpRequest; requests go to the CapacitorHttp plugin or
    ///   through WebViewAssetHandler.handleCapacitorHttpRequest to URLSession.shared (8.4.2).
    /// - Capacitor's `server.*` and `ios.*` settings: ``CapacitorConfig`` cites the runtime's
    ///   functions for each.
    ///
    /// A note that holds for several directories (a Flutter workspace's packages) is written
    /// once, naming the first few.
    mutating func settle() {
        var places: [String: [String]] = [:]
        var order: [String] = []
        for directory in declarations.keys.sorted() {
            let place = directory.isEmpty ? "the project" : directory + "/"
            for note in Self.notes(for: declarations[directory]!) {
                if places[note] == nil { order.append(note) }
                places[note, default: []].append(place)
            }
        }
        notes = order.map { note in
            let named = places[note]!
            let more = named.count > 3 ? " and \(named.count - 3) more" : ""
            return named.prefix(3).joined(separator: ", ") + more + ": " + note
        }
    }

    /// The notes one directory's declaration calls for, without the place.
    private static func notes(for declaration: Declaration) -> [String] {
        var notes = declaration.problems
        let packages = declaration.routePackages
        if declaration.isDartPackage {
            if packages.contains("cupertino_http") {
                notes.append("depends on cupertino_http, so its Dart URLs are judged as URLSession loads; "
                    + "only requests made through cupertino_http's CupertinoClient go through ATS, the rest use dart:io sockets outside it.")
            } else {
                notes.append("Dart code's HTTP goes through dart:io sockets, outside ATS: its URLs are listed as not governed by ATS "
                    + "(cupertino_http would route them through URLSession).")
            }
            let viaSystem = packages.intersection(["webview_flutter", "flutter_inappwebview", "video_player"]).sorted()
            if !viaSystem.isEmpty {
                notes.append("\(viaSystem.joined(separator: ", ")) load the URLs given to them in WKWebView or AVPlayer, under ATS; "
                    + "which Dart strings those are is not known.")
            }
        }
        if declaration.capacitorHTTP == true {
            notes.append("CapacitorHttp is enabled: fetch and XMLHttpRequest in the web code go through URLSession, "
                + "so its scripts' URLs are judged as URLSession loads (NSAllowsArbitraryLoadsInWebContent does not cover them).")
        } else if declaration.capacitorHTTP == nil, let code = declaration.capacitorCodeConfig {
            notes.append("\(code) is code and is not evaluated; whether CapacitorHttp is enabled is not known "
                + "(`npx cap sync ios` writes ios/App/App/capacitor.config.json, which is read).")
        }
        if let capacitor = declaration.capacitor { notes += capacitorNotes(capacitor, copies: declaration.capacitorConfigs) }
        if declaration.isWebContentProject {
            let native = packages.intersection(["cordova-plugin-advanced-http", "@capacitor-community/http"]).sorted()
            if !native.isEmpty {
                notes.append("\(native.joined(separator: ", ")) makes requests in native code (URLSession), where "
                    + "NSAllowsArbitraryLoadsInWebContent does not apply; URLs passed to it are still judged as web content.")
            }
            if !packages.isDisjoint(with: ["cordova-plugin-wkwebview-file-xhr", "@globules-io/cordova-plugin-ios-xhr", "cordova-plugin-ios-xhr"]) {
                let mode = declaration.interceptRemoteRequests ?? "secureOnly"
                let which: String
                switch mode.lowercased() {
                case "all": which = "every remote XMLHttpRequest (http:// and https://) is made"
                case "none": which = "no remote XMLHttpRequest is made"
                default: which = "remote XMLHttpRequests to https:// are made"
                }
                notes.append("a file-XHR plugin with InterceptRemoteRequests=\(mode): \(which) in native code, "
                    + "where NSAllowsArbitraryLoadsInWebContent does not apply.")
            }
        }
        return notes
    }

    /// What a Capacitor configuration changes about the iOS app's loads (``CapacitorConfig``
    /// cites the runtime for each).
    private static func capacitorNotes(_ config: CapacitorConfig, copies: [CapacitorConfig]) -> [String] {
        var notes: [String] = []
        if let start = config.startURL {
            notes.append("\(config.path)'s server.url makes the web view load \(start) at start instead of the app's own files "
                + "(live reload; Capacitor says not for production): it is judged as a web view load under the iOS app's Info.plist.")
        }
        if config.cleartext == true {
            notes.append("server.cleartext is an Android setting (Capacitor's CLI writes android:usesCleartextTraffic from it); on iOS it changes "
                + "nothing: an http:// load needs the Info.plist's ATS keys (NSAllowsArbitraryLoadsInWebContent, NSAllowsLocalNetworking or an exception domain).")
        }
        if let scheme = config.iosScheme, scheme != config.scheme {
            notes.append("server.iosScheme \"\(scheme)\" is a scheme WebKit handles itself or not a valid scheme, so Capacitor serves the app's files from capacitor:// instead.")
        }
        let own = [config.localURL] + (config.startURL.map { [$0] } ?? [])
        let allowed = config.allowNavigation.map { $0.isEmpty ? "" : " and to server.allowNavigation's hosts (\($0.joined(separator: ", ")))" } ?? ""
        notes.append("Capacitor keeps navigations to the app's own URL (\(own.joined(separator: ", ")))\(allowed) in the web view; a link, window.location "
            + "or window.open to any other host is opened outside the app (UIApplication.open), where this app's ATS does not apply. "
            + "fetch, XMLHttpRequest and subresources are not navigations: they load in the web view under ATS, as judged here.")
        if config.limitsNavigationsToAppBoundDomains == true {
            notes.append("ios.limitsNavigationsToAppBoundDomains is on: the web view navigates only to the Info.plist's WKAppBoundDomains "
                + "(Capacitor asks for its hostname, \(config.hostname ?? "localhost"), among them).")
        }
        // The iOS copy is what the bundle holds; say so when the project's own file says otherwise.
        if let project = copies.first(where: { $0.path != config.path && !ProjectTraits.isCapacitorIOSCopy($0.path) }) {
            let differing = Set(project.iOSSettings.keys).union(config.iOSSettings.keys).filter { project.iOSSettings[$0] != config.iOSSettings[$0] }.sorted()
            if !differing.isEmpty {
                notes.append("\(config.path), the copy the app bundle holds, differs from \(project.path) in \(differing.joined(separator: ", ")): "
                    + "the copy is what ships and is read; `npx cap sync ios` brings it up to date.")
            }
        }
        return notes
    }
}
