/// Where a URL goes in Dart and Flutter: `Uri`, package:http and dio (dart:io underneath unless
/// cupertino_http's client is used), image widgets, video_player (AVPlayer), webview_flutter and
/// flutter_inappwebview (WKWebView), url_launcher and the browser plugins.
extension SinkTable {
    static let dart = SinkTable(
        calls: [
            SinkRule("parse", .named(["Uri", "WebUri"]), .carries, "Uri.parse"),
            SinkRule("tryParse", .named(["Uri"]), .carries, "Uri.tryParse"),
            SinkRule("encodeFull", .named(["Uri"]), .carries, "Uri.encodeFull"),
            SinkRule("WebUri", .none, .carries, "WebUri"),
            SinkRule("URLRequest", .none, .request, "URLRequest(url:)"),
            SinkRule("Request", .none, position: 1, .load(.network), "http.Request"),
            SinkRule("BaseOptions", .none, label: "baseUrl", .load(.network), "dio BaseOptions(baseUrl:)"),
            SinkRule("getUrl", .load(.network), "HttpClient.getUrl"),
            SinkRule("postUrl", .load(.network), "HttpClient.postUrl"),
            SinkRule("openUrl", .load(.network), "HttpClient.openUrl"),
            SinkRule("network", .named(["Image"]), .load(.network), "Image.network"),
            SinkRule("NetworkImage", .none, .load(.network), "NetworkImage"),
            SinkRule("CachedNetworkImage", .none, label: "imageUrl", .load(.network), "CachedNetworkImage(imageUrl:)"),
            SinkRule("CachedNetworkImageProvider", .none, .load(.network), "CachedNetworkImageProvider"),
            SinkRule("assetNetwork", .named(["FadeInImage"]), label: "image", .load(.network), "FadeInImage.assetNetwork"),
            SinkRule("networkUrl", .containing(["VideoPlayerController"]), .load(.media), "video_player VideoPlayerController.networkUrl (AVPlayer)"),
            SinkRule("network", .containing(["VideoPlayerController"]), .load(.media), "video_player VideoPlayerController.network (AVPlayer)"),
            SinkRule("setUrl", .containing(["player"]), .load(.media), "just_audio setUrl (AVPlayer)"),
            SinkRule("UrlSource", .none, .load(.media), "audioplayers UrlSource"),
            SinkRule("loadRequest", .load(.webView), "webview_flutter loadRequest"),
            SinkRule("WebView", .none, label: "initialUrl", .load(.webView), "webview_flutter WebView(initialUrl:)"),
            SinkRule("InAppWebView", .none, label: "initialUrlRequest", .load(.webView), "flutter_inappwebview InAppWebView"),
            SinkRule("loadUrl", .load(.webView), "flutter_inappwebview loadUrl"),
            SinkRule("launchUrl", .outside, "url_launcher launchUrl"),
            SinkRule("launchUrlString", .outside, "url_launcher launchUrlString"),
            SinkRule("launch", .none, .outside, "url_launcher launch"),
            SinkRule("openWebPage", .outside, "flutter_web_browser openWebPage"),
            SinkRule("authenticate", .containing(["FlutterWebAuth"]), .outside, "flutter_web_auth authenticate (ASWebAuthenticationSession)"),
            SinkRule("open", .containing(["ChromeSafariBrowser", "browser"]), .outside, "ChromeSafariBrowser.open (SFSafariViewController)"),
            SinkRule("canLaunchUrl", .never("asked whether another app can open it, not opened"), "url_launcher canLaunchUrl"),
            SinkRule("canLaunch", .never("asked whether another app can open it, not opened"), "url_launcher canLaunch"),
            SinkRule("canLaunchUrlString", .never("asked whether another app can open it, not opened"), "url_launcher canLaunchUrlString"),
            SinkRule("print", .none, .never("a log message"), "print"),
            SinkRule("debugPrint", .none, .never("a log message"), "debugPrint"),
            SinkRule("log", .never("a log message"), "log"),
            SinkRule("Text", .none, .never("text shown to the user (Text)"), "Text"),
            SinkRule("SelectableText", .none, .never("text shown to the user"), "SelectableText"),
            SinkRule("share", .containing(["Share"]), .never("shared through the share sheet"), "Share.share"),
            SinkRule("ClipboardData", .none, .never("written to the pasteboard"), "Clipboard"),
            SinkRule("RegExp", .none, .never("a regular expression pattern"), "RegExp"),
            SinkRule("Exception", .none, .never("an error message"), "Exception"),
        ] + ["get", "post", "put", "patch", "delete", "head", "read", "readBytes", "request", "download", "fetch"].map {
            SinkRule($0, .containing(["http", "client", "dio", "api", "_http", "session"]), .load(.network), "\($0)(…) (package:http / dio)")
        } + ["get", "post", "put", "patch", "delete", "head", "read", "readBytes"].map {
            SinkRule($0, .none, .load(.network), "\($0)(…) (package:http)")
        },
        comparisons: ["startsWith", "endsWith", "contains", "compareTo", "hasMatch", "allMatches"],
        carriers: ["toString", "replace", "resolve", "resolveUri", "trim", "toLowerCase", "uri", "url", "origin"]
    )
}
