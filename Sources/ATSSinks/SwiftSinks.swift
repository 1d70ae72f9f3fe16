/// Where a URL goes in Swift: Foundation's URL types, URLSession, web views, AVFoundation,
/// SwiftUI and UIKit, and the libraries apps load through (Alamofire, Kingfisher, SDWebImage,
/// Nuke). Sources: each API's documentation; the libraries' own request methods.
extension SinkTable {
    static let swift = SinkTable(
        calls: [
            // Values that carry the URL on.
            SinkRule("URL", .none, label: "fileURLWithPath", .never("a file path"), "URL(fileURLWithPath:)"),
            SinkRule("URL", .none, label: "filePath", .never("a file path"), "URL(filePath:)"),
            SinkRule("URL", .none, .carries, "URL(string:)"),
            // `.init(string:)` where the type is a URL (a `URL` parameter or variable).
            SinkRule("init", label: "string", .carries, "URL.init(string:)"),
            SinkRule("NSURL", .none, .carries, "NSURL(string:)"),
            SinkRule("URLComponents", .none, .carries, "URLComponents(string:)"),
            SinkRule("String", .none, label: "localized", .carries, "String(localized:)"),
            SinkRule("String", .none, label: "contentsOf", .load(.network), "String(contentsOf:)"),
            SinkRule("String", .none, .carries, "String(…)"),
            SinkRule("URLRequest", .none, .request, "URLRequest(url:)"),
            SinkRule("NSURLRequest", .none, .request, "NSURLRequest(url:)"),
            SinkRule("NSMutableURLRequest", .none, .request, "NSMutableURLRequest(url:)"),
            // The URL Loading System.
            SinkRule("dataTask", .load(.network), "URLSession.dataTask(with:)"),
            SinkRule("downloadTask", .load(.network), "URLSession.downloadTask(with:)"),
            SinkRule("uploadTask", .load(.network), "URLSession.uploadTask(with:)"),
            SinkRule("dataTaskPublisher", .load(.network), "URLSession.dataTaskPublisher(for:)"),
            SinkRule("webSocketTask", .load(.network), "URLSession.webSocketTask(with:)"),
            SinkRule("data", label: "from", .load(.network), "URLSession.data(from:)"),
            SinkRule("data", label: "for", .load(.network), "URLSession.data(for:)"),
            SinkRule("download", label: "from", .load(.network), "URLSession.download(from:)"),
            SinkRule("download", label: "for", .load(.network), "URLSession.download(for:)"),
            SinkRule("upload", label: "for", .load(.network), "URLSession.upload(for:)"),
            SinkRule("bytes", label: "from", .load(.network), "URLSession.bytes(from:)"),
            SinkRule("bytes", label: "for", .load(.network), "URLSession.bytes(for:)"),
            SinkRule("Data", .none, label: "contentsOf", .load(.network), "Data(contentsOf:)"),
            SinkRule("NSData", .none, label: "contentsOf", .load(.network), "NSData(contentsOf:)"),
            SinkRule("NSString", .none, label: "contentsOf", .load(.network), "NSString(contentsOf:)"),
            SinkRule("NSDictionary", .none, label: "contentsOf", .load(.network), "NSDictionary(contentsOf:)"),
            SinkRule("NSArray", .none, label: "contentsOf", .load(.network), "NSArray(contentsOf:)"),
            SinkRule("XMLParser", .none, label: "contentsOf", .load(.network), "XMLParser(contentsOf:)"),
            // Alamofire, Moya's providers and the like.
            SinkRule("request", .named(["AF", "Alamofire"]), .load(.network), "Alamofire AF.request"),
            SinkRule("download", .named(["AF", "Alamofire"]), .load(.network), "Alamofire AF.download"),
            SinkRule("upload", .named(["AF", "Alamofire"]), .load(.network), "Alamofire AF.upload"),
            SinkRule("streamRequest", .named(["AF", "Alamofire"]), .load(.network), "Alamofire AF.streamRequest"),
            SinkRule("request", .containing(["session", "manager"]), .load(.network), "Alamofire Session.request"),
            // Image loaders (URLSession underneath).
            SinkRule("setImage", .containing(["kf"]), .load(.network), "Kingfisher kf.setImage(with:)"),
            SinkRule("url", .named(["KF"]), .load(.network), "Kingfisher KF.url"),
            SinkRule("KFImage", .none, .load(.network), "Kingfisher KFImage"),
            SinkRule("KFAnimatedImage", .none, .load(.network), "Kingfisher KFAnimatedImage"),
            SinkRule("sd_setImage", .load(.network), "SDWebImage sd_setImage(with:)"),
            SinkRule("sd_setBackgroundImage", .load(.network), "SDWebImage sd_setBackgroundImage(with:)"),
            SinkRule("WebImage", .none, .load(.network), "SDWebImageSwiftUI WebImage(url:)"),
            SinkRule("AnimatedImage", .none, label: "url", .load(.network), "SDWebImageSwiftUI AnimatedImage(url:)"),
            SinkRule("loadImage", .load(.network), "loadImage(with:)"),
            SinkRule("ImageRequest", .none, .load(.network), "Nuke ImageRequest(url:)"),
            SinkRule("LazyImage", .none, .load(.network), "NukeUI LazyImage(url:)"),
            SinkRule("AsyncImage", .none, .load(.network), "SwiftUI AsyncImage(url:)"),
            SinkRule("CachedAsyncImage", .none, .load(.network), "CachedAsyncImage(url:)"),
            SinkRule("MKTileOverlay", .none, .load(.network), "MKTileOverlay(urlTemplate:)"),
            // Web views.
            SinkRule("load", .containing(["web"]), .load(.webView), "WKWebView.load(_:)"),
            SinkRule("loadFileURL", .never("a file URL"), "WKWebView.loadFileURL"),
            SinkRule("loadHTMLString", label: "baseURL", .never("the base URL of an HTML string: only the page's relative references load from it"),
                     "WKWebView.loadHTMLString(_:baseURL:)"),
            // AVFoundation.
            SinkRule("AVPlayer", .none, .load(.media), "AVPlayer(url:)"),
            SinkRule("AVQueuePlayer", .none, .load(.media), "AVQueuePlayer(url:)"),
            SinkRule("AVPlayerItem", .none, .load(.media), "AVPlayerItem(url:)"),
            SinkRule("AVURLAsset", .none, .load(.media), "AVURLAsset(url:)"),
            SinkRule("AVAsset", .none, .load(.media), "AVAsset(url:)"),
            SinkRule("AVAudioPlayer", .none, .load(.media), "AVAudioPlayer(contentsOf:)"),
            // Opened by another app or the system.
            SinkRule("open", .containing(["NSWorkspace", "workspace"]), .outside, "NSWorkspace.open(_:)"),
            SinkRule("open", .containing(["extensionContext"]), .outside, "NSExtensionContext.open(_:)"),
            SinkRule("open", .containing(["UIApplication", "application"]), .outside, "UIApplication.open(_:)"),
            SinkRule("openURL", .outside, "openURL(_:)"),
            SinkRule("Link", .none, .outside, "SwiftUI Link"),
            SinkRule("SFSafariViewController", .none, .outside, "SFSafariViewController(url:)"),
            SinkRule("SafariView", .none, .outside, "SafariView (SFSafariViewController)"),
            SinkRule("SafariViewController", .none, .outside, "SafariViewController (SFSafariViewController)"),
            SinkRule("ASWebAuthenticationSession", .none, .outside, "ASWebAuthenticationSession(url:)"),
            SinkRule("canOpenURL", .never("asked whether another app can open it (canOpenURL), not opened"), "canOpenURL(_:)"),
            // Never loaded.
            // The translation of a URL is a URL: followed, as `String(localized:)` is.
            SinkRule("NSLocalizedString", .none, .carries, "NSLocalizedString"),
            SinkRule("LocalizedStringKey", .never("localized text shown to the user"), "LocalizedStringKey"),
            SinkRule("LocalizedStringResource", .never("localized text shown to the user"), "LocalizedStringResource"),
            SinkRule("Text", .none, .never("text shown to the user (SwiftUI Text)"), "Text"),
            SinkRule("Label", .none, .never("text shown to the user (SwiftUI Label)"), "Label"),
            SinkRule("UIAlertController", .never("text shown to the user (an alert)"), "UIAlertController"),
            SinkRule("Alert", .none, .never("text shown to the user (an alert)"), "Alert"),
            SinkRule("setTitle", .never("text shown to the user"), "setTitle"),
            SinkRule("print", .none, .never("a log message"), "print"),
            SinkRule("debugPrint", .none, .never("a log message"), "debugPrint"),
            SinkRule("NSLog", .none, .never("a log message"), "NSLog"),
            SinkRule("os_log", .none, .never("a log message"), "os_log"),
            SinkRule("fatalError", .none, .never("an error message"), "fatalError"),
            SinkRule("assert", .none, .never("an assertion message"), "assert"),
            SinkRule("assertionFailure", .none, .never("an assertion message"), "assertionFailure"),
            SinkRule("precondition", .none, .never("an assertion message"), "precondition"),
            SinkRule("preconditionFailure", .none, .never("an assertion message"), "preconditionFailure"),
            SinkRule("debug", .containing(["log"]), .never("a log message"), "Logger"),
            SinkRule("info", .containing(["log"]), .never("a log message"), "Logger"),
            SinkRule("notice", .containing(["log"]), .never("a log message"), "Logger"),
            SinkRule("warning", .containing(["log"]), .never("a log message"), "Logger"),
            SinkRule("error", .containing(["log"]), .never("a log message"), "Logger"),
            SinkRule("trace", .containing(["log"]), .never("a log message"), "Logger"),
            SinkRule("fault", .containing(["log"]), .never("a log message"), "Logger"),
            SinkRule("log", .containing(["log"]), .never("a log message"), "Logger"),
            SinkRule("NSRegularExpression", .none, .never("a regular expression pattern"), "NSRegularExpression(pattern:)"),
            SinkRule("NSPredicate", .none, .never("a predicate format"), "NSPredicate(format:)"),
            SinkRule("UIActivityViewController", .none, .never("shared through the share sheet"), "UIActivityViewController"),
            SinkRule("ShareLink", .none, .never("shared through the share sheet"), "ShareLink"),
            SinkRule("setString", .containing(["pasteboard"]), .never("written to the pasteboard"), "UIPasteboard.setString"),
            SinkRule("setValue", .containing(["pasteboard"]), .never("written to the pasteboard"), "UIPasteboard.setValue"),
        ],
        properties: SinkTable.uiProperties + SinkTable.sdkProperties,
        comparisons: ["hasPrefix", "hasSuffix", "contains", "starts", "elementsEqual", "isEqual", "isEqualToString", "range",
                      "localizedCaseInsensitiveContains", "caseInsensitiveCompare", "compare", "firstRange", "matches"],
        carriers: ["absoluteString", "absoluteURL", "url", "URL", "string", "standardized", "appendingPathComponent",
                   "appendingPathExtension", "appending", "deletingLastPathComponent", "deletingPathExtension", "replacingOccurrences",
                   "trimmingCharacters", "addingPercentEncoding", "removingPercentEncoding", "lowercased", "appendingFormat", "description",
                   "self", "asURL", "toURL", "asUrl"]
    )

    /// Assignments that configure an SDK to load the URL itself: Sentry's `options.dsn` (the
    /// SDK posts its events to the DSN's host through URLSession). Shared by Swift and Objective-C.
    static let sdkProperties: [SinkRule] = [
        SinkRule("dsn", .load(.network), "Sentry options.dsn"),
    ]

    /// Assignments that never load (UIKit, AppKit, PassKit): shared by Swift and Objective-C.
    static let uiProperties: [SinkRule] = {
        var rules: [SinkRule] = []
        for property in ["string", "strings", "url", "urls", "items", "URL", "URLs"] {
            rules.append(SinkRule(property, .containing(["pasteboard"]), .never("written to the pasteboard"), "UIPasteboard.\(property)"))
        }
        for property in ["text", "attributedText", "title", "placeholder", "subtitle", "message", "accessibilityLabel", "accessibilityHint",
                         "accessibilityValue", "prompt", "toolTip", "stringValue", "footerText", "headerText", "detailText"] {
            rules.append(SinkRule(property, .never("text shown to the user"), property))
        }
        rules.append(SinkRule("tokenNotificationURL", .never("Apple Pay's servers call it with the payment token; the app does not load it"),
                              "PKPaymentRequest.tokenNotificationURL"))
        rules.append(SinkRule("managementURL", .never("Wallet shows it to the user to manage a recurring payment"), "PKRecurringPaymentRequest.managementURL"))
        return rules
    }()
}
