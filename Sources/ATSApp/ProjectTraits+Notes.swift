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
    mutating func settle() {
        notes = declarations.keys.sorted().flatMap { directory in
            Self.notes(for: declarations[directory]!, where: directory.isEmpty ? "the project" : directory + "/")
        }
    }

    private static func notes(for declaration: Declaration, where place: String) -> [String] {
        var notes = declaration.problems.map { "\(place): \($0)" }
        let packages = declaration.routePackages
        if declaration.isDartPackage {
            if packages.contains("cupertino_http") {
                notes.append("\(place): depends on cupertino_http, so its Dart URLs are judged as URLSession loads; "
                    + "only requests made through cupertino_http's CupertinoClient go through ATS, the rest use dart:io sockets outside it.")
            } else {
                notes.append("\(place): Dart code's HTTP goes through dart:io sockets, outside ATS: its URLs are listed as not governed by ATS "
                    + "(cupertino_http would route them through URLSession).")
            }
            let viaSystem = packages.intersection(["webview_flutter", "flutter_inappwebview", "video_player"]).sorted()
            if !viaSystem.isEmpty {
                notes.append("\(place): \(viaSystem.joined(separator: ", ")) load the URLs given to them in WKWebView or AVPlayer, under ATS; "
                    + "which Dart strings those are is not known.")
            }
        }
        if declaration.capacitorHTTP == true {
            notes.append("\(place): CapacitorHttp is enabled: fetch and XMLHttpRequest in the web code go through URLSession, "
                + "so its scripts' URLs are judged as URLSession loads (NSAllowsArbitraryLoadsInWebContent does not cover them).")
        } else if declaration.capacitorHTTP == nil, let code = declaration.capacitorCodeConfig {
            notes.append("\(place): \(code) is code and is not evaluated; whether CapacitorHttp is enabled is not known "
                + "(`npx cap sync ios` writes ios/App/App/capacitor.config.json, which is read).")
        }
        if declaration.isWebContentProject {
            let native = packages.intersection(["cordova-plugin-advanced-http", "@capacitor-community/http"]).sorted()
            if !native.isEmpty {
                notes.append("\(place): \(native.joined(separator: ", ")) makes requests in native code (URLSession), where "
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
                notes.append("\(place): a file-XHR plugin with InterceptRemoteRequests=\(mode): \(which) in native code, "
                    + "where NSAllowsArbitraryLoadsInWebContent does not apply.")
            }
        }
        return notes
    }
}
