import AtscheckTestSupport
import Foundation
import Testing

// `atscheck app` and the app inputs of `atscheck lint`, end to end on the committed archives
// (Tests/ATSAppTests/Fixtures) and on an Expo project written here.

@Suite("atscheck app and lint on apps")
struct AppCommandTests {
    static let fixtures = "Tests/ATSAppTests/Fixtures/"

    static func expoProject() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-expo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("src"), withIntermediateDirectories: true)
        try #"{"expo": {"name": "Demo", "ios": {"bundleIdentifier": "test.atscheck.expo", "infoPlist": {"NSAppTransportSecurity": {"NSAllowsArbitraryLoads": true}}}}}"#
            .write(to: root.appendingPathComponent("app.json"), atomically: true, encoding: .utf8)
        try "const feed = 'http://feed.atscheck.test/news';\nexport const loadNews = async () => (await fetch(feed)).json();\n".write(to: root.appendingPathComponent("src/api.ts"), atomically: true, encoding: .utf8)
        return root
    }

    @Test("--offline --format json: the synthetic .ipa's bundles, verdicts and where each URL was found; exit 1")
    func offlineJSON() throws {
        let result = try ProcessRunner.atscheck(["app", Self.fixtures + "Synthetic.ipa", "--offline", "--format", "json"])
        #expect(result.status == 1, "\(result.stderr)")
        let document = try result.json()
        #expect(Set(document.keys) == ["schemaVersion", "input", "kind", "offline", "bundles", "problems", "failure", "attribution", "notJudged",
                                       "inNoTarget", "skipped", "summary"])
        let summary = try #require(document["summary"] as? [String: Any])
        // The page's <script src> and <img src> are loads; the executables' strings are URLs whose
        // use cannot be seen: judged, listed apart, not counted.
        #expect(summary["bundles"] as? Int == 2 && summary["blocked"] as? Int == 2 && summary["allowed"] as? Int == 0)
        #expect((summary["notSeen"] as? [String: Int])?["blocked"] == 4 && (summary["notSeen"] as? [String: Int])?["allowed"] == 1)
        #expect(summary["filtered"] as? Int == 4 && summary["neverLoaded"] as? Int == 1)
        let groups = ["blocked", "unknown", "allowed", "errors", "openedOutside", "neverLoaded", "filtered", "outsideATS", "inNoTarget"]
        #expect(groups.reduce(0) { $0 + (summary[$1] as? Int ?? 0) } + ((summary["notSeen"] as? [String: Int])?["urls"] ?? 0) == summary["total"] as? Int,
                "every URL is in one group: \(summary)")
        let bundles = try #require(document["bundles"] as? [[String: Any]])
        #expect(bundles.map { $0["kind"] as? String } == ["app", "extension"])
        let endpoints = try #require(bundles.first?["endpoints"] as? [[String: Any]])
        let first = try #require(endpoints.first)
        #expect(first["verdict"] as? String == "blocked", "blocked URLs come first")
        let tracker = try #require(endpoints.first { $0["url"] as? String == "http://insecure.atscheck.test/track?id=1" })
        #expect(tracker["foundAt"] as? [String] == ["Payload/Synthetic.app/Synthetic@0x600"])
        #expect((tracker["reasons"] as? [[String: Any]])?.first?["code"] as? String == "insecure-http")
        #expect(tracker["verdict"] as? String == "blocked" && tracker["use"] as? String == "not-seen", "a string of the executable: what uses it is not seen")
        let page = try #require(endpoints.first { $0["url"] as? String == "http://cdn.atscheck.test/app.js" })
        #expect(page["use"] as? String == "load" && page["useDetail"] as? String == "loaded by <script src>")
    }

    @Test("--format jsonl: one line per URL and bundle, the summary line last, the same counts as the document")
    func jsonl() throws {
        let result = try ProcessRunner.atscheck(["app", Self.fixtures + "Synthetic.ipa", "--offline", "--format", "jsonl"])
        #expect(result.status == 1)
        let lines = try result.stdoutLines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let summary = try #require(lines.last?["summary"] as? [String: Any])
        let counts = try #require(summary["summary"] as? [String: Any])
        #expect(lines.count - 1 == counts["endpoints"] as? Int)
        #expect(lines.dropLast().filter { $0["verdict"] as? String == "blocked" && $0["use"] as? String == "load" }.count == counts["blocked"] as? Int)
        let share = try #require(lines.first { $0["url"] as? String == "http://legacy.atscheck.test/share" })
        #expect(share["bundle"] as? String == "Payload/Synthetic.app/PlugIns/Share.appex" && share["bundleKind"] as? String == "extension")
        #expect(share["schemaVersion"] as? Int == 1)
    }

    @Test("text: grouped by bundle, lint first, then blocked by host, unknown counted offline, allowed; 80 columns when not a terminal")
    func text() throws {
        let result = try ProcessRunner.atscheck(["app", Self.fixtures + "Synthetic.ipa", "--offline"])
        #expect(result.status == 1)
        let text = result.stdout
        let order = ["Synthetic (Payload/Synthetic.app) — app", "  lint:", "  blocked: ", "  unknown: ", "  use not seen", "  never loaded", "Payload/Synthetic.app/PlugIns/Share.appex — extension"]
        let positions = order.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == order.count && positions == positions.sorted(), "\(text)")
        #expect(text.contains("Payload/Synthetic.app/index.html:6"))
        let unwrapped = text.replacingOccurrences(of: "\n    ", with: " ")
        #expect(unwrapped.contains("3 https:// URLs on 3 hosts not probed (--probe judges them, --all lists them)"), "\(unwrapped)")
        let long = result.stdoutLines.filter { $0.count > 80 && $0.trimmingCharacters(in: .whitespaces).contains(" ") }
        #expect(long.isEmpty, "only a word longer than a line makes a line longer than 80 columns: \(long)")
        #expect(unwrapped.contains("its NSAppTransportSecurity is ignored (frameworks set no policy)"))
    }

    @Test("unreadable inputs: one line on stderr, exit 2, never a crash", arguments: ["notzip.ipa", "truncated.ipa", "missing.ipa"])
    func unreadable(_ name: String) throws {
        let result = try ProcessRunner.atscheck(["app", Self.fixtures + name, "--offline"])
        #expect(!result.killedBySignal)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderrLines.first?.hasPrefix(Self.fixtures + name + ": ") == true, "\(result.stderr)")
    }

    @Test("hostile entries are listed under 'not read' and the rest is audited")
    func hostile() throws {
        let result = try ProcessRunner.atscheck(["app", Self.fixtures + "traversal.ipa", "--offline"])
        #expect(!result.killedBySignal && result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("not read:\n  ../../etc/evil.txt: path is absolute or leaves the archive"))
        #expect(result.stdout.contains("Payload/Evil.app — app"))
    }

    @Test("an Expo project: app.json's ios.infoPlist is the policy, TypeScript outside www/ is not web content")
    func expo() throws {
        let root = try Self.expoProject()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ProcessRunner.atscheck(["app", root.path, "--offline", "--format", "json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let bundle = try #require((try result.json()["bundles"] as? [[String: Any]])?.first)
        #expect(bundle["kind"] as? String == "expo" && bundle["policy"] as? String == "app.json")
        let endpoint = try #require((bundle["endpoints"] as? [[String: Any]])?.first)
        #expect(endpoint["url"] as? String == "http://feed.atscheck.test/news" && endpoint["verdict"] as? String == "allowed")
        #expect(endpoint["context"] as? String == "urlsession")

        let lint = try ProcessRunner.atscheck(["lint", root.appendingPathComponent("app.json").path])
        #expect(lint.stdout.contains("[arbitrary-loads]"), "\(lint.stdout)")
    }

    @Test("live through the CLI: --resolve sends the app's names to the lab; each verdict is host's for the same URL", .timeLimit(.minutes(TestTiming.minutes(2))))
    func live() async throws {
        try await LabServe.with(["good-rsa", "tls10-only"]) { lab in
            let good = try lab.port("good-rsa"), old = try lab.port("tls10-only")
            let app = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-live-\(UUID().uuidString)/Live.app")
            defer { try? FileManager.default.removeItem(at: app.deletingLastPathComponent()) }
            try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
            try #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleIdentifier</key><string>test.live</string></dict></plist>"#
                .write(to: app.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
            let urls = ["https://good.atscheck.test:\(good)/a", "https://good.atscheck.test:\(old)/b"]
            try Data([0xCF, 0xFA, 0xED, 0xFE, 0] + urls.flatMap { Array($0.utf8) + [0, 0x90] }).write(to: app.appendingPathComponent("Live"))
            let resolve = ["--resolve", "*:\(good):127.0.0.1", "--resolve", "*:\(old):127.0.0.1"]
            let result = try await AsyncRun.atscheck(["app", app.path, "--probe", "--format", "json", "--timeout", "\(2 * TestTiming.scale)"] + resolve + HostArguments.trust)
            #expect(result.status == 0, "strings of an executable are not loads atscheck saw: \(result.stdout)\(result.stderr)")
            let counted = try await AsyncRun.atscheck(["app", app.path, "--probe", "--format", "json", "--fail-on", "not-seen", "--timeout", "\(2 * TestTiming.scale)"] + resolve + HostArguments.trust)
            #expect(counted.status == 1, "--fail-on not-seen counts them: \(counted.stdout)\(counted.stderr)")
            let endpoints = try #require((try result.json()["bundles"] as? [[String: Any]])?.first?["endpoints"] as? [[String: Any]])
            for url in urls {
                let endpoint = try #require(endpoints.first { $0["url"] as? String == url })
                let host = try await AsyncRun.atscheck(HostArguments.host(url))
                let verdict = try host.json()["verdict"] as? String
                #expect(endpoint["verdict"] as? String == verdict, "\(url)")
                let codes = (endpoint["reasons"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
                let hostCodes = (try host.json()["reasons"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
                #expect(codes == hostCodes, "\(url)")
            }
            #expect(endpoints.first { $0["url"] as? String == urls[1] }?["verdict"] as? String == "blocked")
        }
    }

    @Test("--format sarif on a Flutter-style project: the blocked URL on its source line, the lint notice on the Info.plist")
    func sarif() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-flutter-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("ios/Runner"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("lib"), withIntermediateDirectories: true)
        try #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleIdentifier</key><string>test.flutter</string><key>LSRequiresIPhoneOS</key><true/></dict></plist>"#
            .write(to: root.appendingPathComponent("ios/Runner/Info.plist"), atomically: true, encoding: .utf8)
        // Swift in the Runner (a platform channel), which goes through URLSession; Dart's own HTTP does not.
        try "import Flutter\nlet api = URL(string: \"http://api.atscheck.test/v1\")!\nfunc channelFetch() { URLSession.shared.dataTask(with: api).resume() }\n"
            .write(to: root.appendingPathComponent("ios/Runner/AppDelegate.swift"), atomically: true, encoding: .utf8)
        let result = try ProcessRunner.atscheck(["app", root.path, "--offline", "--format", "sarif"])
        #expect(result.status == 1, "\(result.stderr)")
        let run = try #require((try result.json()["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        func location(_ result: [String: Any]) -> (uri: String, line: Int)? {
            guard let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any],
                  let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String,
                  let line = (physical["region"] as? [String: Any])?["startLine"] as? Int else { return nil }
            return (uri, line)
        }
        let blocked = try #require(results.first { $0["ruleId"] as? String == "insecure-http" })
        #expect(location(blocked)?.uri.hasSuffix("ios/Runner/AppDelegate.swift") == true && location(blocked)?.line == 2, "\(blocked)")
        #expect(blocked["level"] as? String == "error")
        let notice = try #require(results.first { $0["ruleId"] as? String == "no-ats-configuration" })
        #expect(location(notice)?.uri.hasSuffix("ios/Runner/Info.plist") == true)
        let rules = ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]] ?? []
        #expect(rules.contains { $0["id"] as? String == "insecure-http" })
    }

    @Test("a project with no app target, bundle, Expo or Cordova configuration: exit 2 with what to do; app.config.js is named")
    func noApp() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-noapp-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("src"), withIntermediateDirectories: true)
        try "fetch('http://a.atscheck.test/')\n".write(to: root.appendingPathComponent("src/index.js"), atomically: true, encoding: .utf8)
        let empty = try ProcessRunner.atscheck(["app", root.path])
        #expect(empty.status == 2 && empty.stderr.contains("no app or app extension bundle, Xcode app target, Expo app.json or Cordova config.xml found"), "\(empty.stderr)")
        try "export default { ios: { infoPlist: {} } };\n".write(to: root.appendingPathComponent("app.config.js"), atomically: true, encoding: .utf8)
        let expo = try ProcessRunner.atscheck(["app", root.path])
        #expect(expo.status == 2 && expo.stderr.contains("app.config.js is code") && expo.stderr.contains("npx expo config --json"), "\(expo.stderr)")
        let both = try ProcessRunner.atscheck(["app", root.path, "--offline", "--probe"])
        #expect(both.status == 2 && both.stderr.contains("contradict"))
    }

    @Test("--only blocked: the text and the JSON keep the blocked URLs, the summary still counts them all")
    func only() throws {
        let result = try ProcessRunner.atscheck(["app", Self.fixtures + "Synthetic.ipa", "--offline", "--only", "blocked", "--format", "json"])
        #expect(result.status == 1)
        let document = try result.json()
        let verdicts = Set(((document["bundles"] as? [[String: Any]]) ?? []).flatMap { ($0["endpoints"] as? [[String: Any]] ?? []).compactMap { $0["verdict"] as? String } })
        #expect(verdicts == ["blocked"])
        #expect((document["summary"] as? [String: Any])?["unknown"] as? Int == 3)
        let text = try ProcessRunner.atscheck(["app", Self.fixtures + "Synthetic.ipa", "--offline", "--only", "blocked"])
        #expect(text.stdout.contains("  blocked: ") && !text.stdout.contains("  allowed (") && !text.stdout.contains("  unknown: "), "\(text.stdout)")
    }

    @Test("lint takes an .ipa (each bundle's Info.plist), a directory with nothing to lint (exit 2) and - for stdin")
    func lintInputs() throws {
        let ipa = try ProcessRunner.atscheck(["lint", Self.fixtures + "Synthetic.ipa"])
        #expect(ipa.status == 0, "\(ipa.stdout)")
        #expect(ipa.stdoutLines.last == "0 errors, 2 warnings, 1 notice in 2 files")
        #expect(ipa.stdout.contains("Share.appex/Info.plist:4:1: notice: No NSAppTransportSecurity dictionary"))

        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let none = try ProcessRunner.atscheck(["lint", empty.path])
        #expect(none.status == 2 && none.stderr.contains("no Info.plist, app.json or config.xml"), "\(none.stderr)")

        let stdin = try ProcessRunner.run(try ProcessRunner.atscheckBinary.get(), ["lint", "-"],
                                          stdin: Data("<dict><key>NSAllowsArbitraryLoads</key><true/></dict>".utf8), displayName: "atscheck")
        #expect(stdin.stdout.contains("-:1:7: warning:") && stdin.stdout.contains("[arbitrary-loads]"), "\(stdin.stdout)")
    }
}
