import ATSCode
@testable import ATSSinks
import Testing

@Suite("Dart sinks: url_launcher, package:http, video_player, webview_flutter")
struct DartSinkTests {
    @Test("launchUrl opens outside; a client's get loads; video_player is media; a web view controller loads")
    func flutterScreen() {
        let code = """
        import 'package:cupertino_http/cupertino_http.dart';
        import 'package:http/http.dart' as http;
        import 'package:url_launcher/url_launcher.dart';

        const String apiBase = 'http://api.sample-flutter.dev';

        class Repository {
          final http.Client client = CupertinoClient.defaultSessionConfiguration();

          Future<String> fetchNews() async {
            final response = await client.get(Uri.parse('$apiBase/news'));
            return response.body;
          }
        }

        Future<void> openTerms() async {
          await launchUrl(Uri.parse('http://terms.sample-flutter.dev'));
        }

        final video = VideoPlayerController.networkUrl(Uri.parse('http://video.sample-flutter.dev/clip.m3u8'));
        final controller = WebViewController()..loadRequest(Uri.parse('http://web.sample-flutter.dev'));
        """
        let found = uses(code, .dart)
        #expect(loadKind(found, "http://api.sample-flutter.dev") == .network)
        #expect(group(found, "http://terms.sample-flutter.dev") == "opened-outside")
        #expect(loadKind(found, "http://video.sample-flutter.dev/clip.m3u8") == .media)
        #expect(loadKind(found, "http://web.sample-flutter.dev") == .webView)
    }
}
