import ATSCode
@testable import ATSSinks
import Testing

@Suite("JavaScript sinks: React Native screens, axios clients, web pages")
struct JavaScriptSinkTests {
    @Test("a React Native screen: Linking.openURL opens outside; fetch of a base URL joined with a path loads")
    func reactNativeScreen() {
        let code = """
        import React from 'react';
        import { Linking, Text, TouchableOpacity, View, Image } from 'react-native';

        const API_BASE = 'http://api.sample-rn.org';

        export async function fetchProfile(id) {
          const response = await fetch(`${API_BASE}/profiles/${id}`);
          return response.json();
        }

        export default function About() {
          return (
            <View>
              <Text>Questions? Write to us at https://help.sample-rn.org</Text>
              <TouchableOpacity onPress={() => Linking.openURL('http://privacy.sample-rn.org')}>
                <Text>Privacy</Text>
              </TouchableOpacity>
              <Image source={{ uri: 'http://cdn.sample-rn.org/logo.png' }} style={{ width: 10 }} />
            </View>
          );
        }
        """
        let found = uses(code, .javaScript)
        #expect(group(found, "http://api.sample-rn.org") == "load")
        #expect(loadVia(found, "http://api.sample-rn.org") == "fetch")
        #expect(group(found, "http://privacy.sample-rn.org") == "opened-outside")
        #expect(group(found, "https://help.sample-rn.org") == "never-loaded")
        #expect(loadVia(found, "http://cdn.sample-rn.org/logo.png") == "React Native <Image source>")
    }

    @Test("axios.create({ baseURL }), an exported config object read through its key, XHR and window.open")
    func clients() {
        let code = """
        export const Config = {
          apiUrl: 'http://config.sample.org/api',
          docsUrl: 'http://docs.sample.org',
        };
        const client = axios.create({ baseURL: 'http://axios.sample.org' });
        client.get('/items');
        export const load = () => fetch(Config.apiUrl + '/items');
        var xhr = new XMLHttpRequest();
        xhr.open('GET', 'http://xhr.sample.org/data.json');
        window.open('http://popup.sample.org', '_blank');
        """
        let found = uses(code, .javaScript)
        #expect(loadVia(found, "http://axios.sample.org") == "axios.create({ baseURL })")
        #expect(loadVia(found, "http://config.sample.org/api") == "fetch")
        #expect(loadVia(found, "http://xhr.sample.org/data.json") == "XMLHttpRequest.open")
        #expect(group(found, "http://popup.sample.org") == "opened-outside")
        #expect(found["http://docs.sample.org"] == [.notSeen(hint: "pending docsUrl")])
    }

    @Test("a Cordova page: <a target=_blank> opens outside, XHR in its script loads, a stylesheet loads, text never does")
    func cordovaPage() {
        let page = """
        <!DOCTYPE html>
        <html>
        <head>
          <link rel="stylesheet" href="http://css.sample-cordova.org/app.css">
          <link rel="canonical" href="http://canonical.sample-cordova.org/">
          <script src="cordova.js"></script>
        </head>
        <body>
          <p>Read the manual at http://manual.sample-cordova.org</p>
          <a href="http://blank.sample-cordova.org" target="_blank">Website</a>
          <img src="http://img.sample-cordova.org/banner.png">
          <script>
            var request = new XMLHttpRequest();
            request.open("GET", "http://xhr.sample-cordova.org/feed.json", true);
            request.send();
          </script>
        </body>
        </html>
        """
        var found: [String: [URLUse]] = [:]
        for url in MarkupUses.uses(in: Array(page.utf8), extract: extract).urls {
            if case .code(let uses, _) = url.place { found[url.url, default: []] += uses }
        }
        #expect(loadKind(found, "http://css.sample-cordova.org/app.css") == .webView)
        #expect(group(found, "http://canonical.sample-cordova.org/") == "never-loaded")
        #expect(group(found, "http://manual.sample-cordova.org") == "never-loaded")
        #expect(group(found, "http://blank.sample-cordova.org") == "opened-outside")
        #expect(loadKind(found, "http://img.sample-cordova.org/banner.png") == .webView)
        #expect(loadVia(found, "http://xhr.sample-cordova.org/feed.json") == "XMLHttpRequest.open")
    }
}

@Suite("Sinks: values followed into the app's own functions")
struct FunctionSinkTests {
    @Test("a React Native helper that opens links, a Swift method that loads, an Objective-C method, a Dart function")
    func helpers() {
        let javaScript = """
        const openExternal = (url) => Linking.openURL(url);
        export function loadFeed(address) { return fetch(address).then((r) => r.json()); }
        openExternal('http://terms.sample-rn.org');
        loadFeed('http://feed.sample-rn.org/items');
        """
        let js = uses(javaScript, .javaScript)
        #expect(group(js, "http://terms.sample-rn.org") == "opened-outside")
        #expect(loadVia(js, "http://feed.sample-rn.org/items") == "fetch")

        let swift = """
        final class Store {
            func refresh() { download(from: URL(string: "http://store.sample.org/catalog")!) }
            private func download(from url: URL) { URLSession.shared.dataTask(with: url).resume() }
            func help() { Self.show(URL(string: "http://help.sample.org")!) }
            static func show(_ page: URL) { UIApplication.shared.open(page) }
        }
        """
        let found = uses(swift, .swift)
        #expect(loadVia(found, "http://store.sample.org/catalog") == "URLSession.dataTask(with:)")
        #expect(group(found, "http://help.sample.org") == "opened-outside")

        let objectiveC = """
        - (void)viewDidLoad { [self fetchPath:@"http://objc.sample.org/list" animated:YES]; }
        - (void)fetchPath:(NSString *)path animated:(BOOL)animated {
            [[[NSURLSession sharedSession] dataTaskWithURL:[NSURL URLWithString:path]] resume];
        }
        """
        #expect(loadVia(uses(objectiveC, .cFamily), "http://objc.sample.org/list") == "NSURLSession dataTaskWithURL:")

        let dart = """
        Future<void> openPage(String link) async { await launchUrl(Uri.parse(link)); }
        void onTap() { openPage('http://page.sample-flutter.dev'); }
        """
        #expect(group(uses(dart, .dart), "http://page.sample-flutter.dev") == "opened-outside")
    }

    @Test("a function declared in no file read stays pending, named for the other files")
    func pendingFunction() {
        let found = uses("configure(endpoint: \"http://elsewhere.sample.org\")", .swift)
        #expect(found["http://elsewhere.sample.org"] == [.notSeen(hint: "pending \(UseAnalyzer.pendingFunction("configure", label: "endpoint", position: 0))")])
    }

    @Test("an arrow function's lone parameter is its input: the URL it returns does not flow to other uses of that name")
    func loneParameter() {
        let code = """
        const LINKIFY_OPTIONS = {
          formatHref: {
            mention: href => `https://www.sample-nature.org/people${href}`,
          },
        };
        const renderersProps = {
          a: { onPress: async ( event, href ) => { Linking.openURL( href ); } },
        };
        function preload( href ) { return fetch( href ); }
        const avatar = login => `http://avatars.sample-nature.org/${login}.png`;
        fetch( avatar( "amy" ) );
        """
        let found = uses(code, .javaScript)
        #expect(group(found, "https://www.sample-nature.org/people") == "not-seen", "\(found)")
        #expect(group(found, "http://avatars.sample-nature.org/") == "load", "the arrow assigned to a name is followed by that name")
    }

    @Test("minified code: a URL kept in a short name is not followed (its reads are anyone's); a URL passed straight to a load still is")
    func minified() {
        let head = "var ko=\"http://www.opengis.net/kml/2.2\";"
        let tail = ";function Xo(){var b=new XMLHttpRequest;b.open(\"GET\",ko);b.send()}"
            + "function Yo(){var b=new XMLHttpRequest;b.open(\"GET\",\"http://tiles.sample-maps.org/a.png\");b.send()}\n"
        // Short, it is read like any code: `ko` is followed to the request.
        #expect(group(uses(head + tail, .javaScript), "http://www.opengis.net/kml/2.2") == "load")
        // One long line as a minifier writes it.
        let filler = (0..<120).map { "function f\($0)(a,b){var c=a.x\($0)||b;return c}" }.joined(separator: ";")
        let code = head + filler + tail
        #expect(code.utf8.count > 4096)
        let found = uses(code, .javaScript)
        #expect(group(found, "http://www.opengis.net/kml/2.2") == "not-seen", "\(found)")
        #expect(group(found, "http://tiles.sample-maps.org/a.png") == "load")
    }
}
