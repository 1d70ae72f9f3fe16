import AtscheckTestSupport
import Foundation
import Testing

/// `app` and `scan --format github`: a blocked URL annotates the file and line where it was
/// found (an error; an unknown one a warning), a policy's lint findings annotate the policy;
/// accepted loads are not annotated. `app --format markdown` summarises per bundle.
@Suite("app and scan: GitHub annotations and Markdown", .timeLimit(.minutes(TestTiming.minutes(2))))
struct VerdictAnnotationTests {
    static func app(in scratch: LintFixtures.Scratch) throws -> URL {
        let bundle = scratch.directory.appendingPathComponent("Gate.app")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.gate</string>
            <key>CFBundlePackageType</key><string>APPL</string><key>CFBundleExecutable</key><string>Gate</string>
            <key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><string>YES</string></dict></dict></plist>
            """.utf8).write(to: bundle.appendingPathComponent("Info.plist"))
        // A React Native bundle whose requests are on lines 2 and 3.
        try Data("""
            __d(function(g,r,i,a,m,e,d){"use strict";
            fetch("http://metrics.acme-analytics.com/collect",{method:"POST",body:JSON.stringify(e)});
            fetch("http://cdn.acme-static.com/lib.js").then(function(t){return t.text()})},0,[]);

            """.utf8).write(to: bundle.appendingPathComponent("main.jsbundle"))
        return bundle
    }

    @Test("app: an error per blocked URL on its file and line, the policy's lint on the policy; an accepted URL is quiet")
    func appAnnotations() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let bundle = try Self.app(in: scratch)
        let result = try ProcessRunner.atscheck(["app", bundle.path, "--offline", "--format", "github", "--no-config"], in: scratch.directory)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let base = scratch.directory.path
        #expect(lines.contains { $0.hasPrefix("::error file=\(base)/Gate.app/main.jsbundle,line=2,title=insecure-http%3A http%3A//metrics.acme-analytics.com/collect::") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("::error file=\(base)/Gate.app/main.jsbundle,line=3,") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("::error file=\(base)/Gate.app/Info.plist,line=") && $0.contains("title=wrong-type::") }, "\(lines)")

        _ = try scratch.file(".atscheck.yml", "accepted:\n  - host: cdn.acme-static.com\n    reason: the vendor's CDN\n")
        let accepted = try ProcessRunner.atscheck(["app", bundle.path, "--offline", "--format", "github"], in: scratch.directory)
        #expect(!accepted.stdout.contains("cdn.acme-static.com"), "\(accepted.stdout)")
        #expect(accepted.stdout.contains("metrics.acme-analytics.com"))

        // SARIF keeps the accepted URL as a dismissed result, with the reason.
        let sarif = try ProcessRunner.atscheck(["app", bundle.path, "--offline", "--format", "sarif"], in: scratch.directory)
        let log = try #require(try JSONSerialization.jsonObject(with: sarif.stdoutData) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let dismissed = results.filter { $0["suppressions"] != nil }
        #expect(dismissed.count == 1, "\(results.count) results")
        #expect(((dismissed.first?["message"] as? [String: Any])?["text"] as? String)?.contains("cdn.acme-static.com") == true)
        #expect(((dismissed.first?["suppressions"] as? [[String: Any]])?.first?["justification"]) as? String == "the vendor's CDN")

        let markdown = try ProcessRunner.atscheck(["app", bundle.path, "--offline", "--format", "markdown"], in: scratch.directory)
        #expect(markdown.stdout.contains("**2 blocked**") && markdown.stdout.contains("accepted in `.atscheck.yml`: 1 blocked"), "\(markdown.stdout)")
        #expect(markdown.stdout.contains("| http://cdn.acme-static.com/lib.js | blocked (accepted) |"), "\(markdown.stdout)")
        #expect(markdown.stdout.contains("Lint of Gate.app/Info.plist: `wrong-type` (error)"), "\(markdown.stdout)")
    }

    @Test("app: a URL found in 7 places is annotated at 5, the last saying 2 more places are left")
    func annotationCap() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let bundle = try Self.app(in: scratch)
        for index in 0..<7 {
            try Data("<script src=\"http://tracker.acme-metrics.com/p\"></script>\n".utf8).write(to: bundle.appendingPathComponent("page\(index).html"))
        }
        let result = try ProcessRunner.atscheck(["app", bundle.path, "--offline", "--format", "github", "--no-config"], in: scratch.directory)
        let lines = result.stdout.split(separator: "\n").filter { $0.contains("tracker.acme-metrics.com") }
        #expect(lines.count == 5, "VerdictAnnotations.placesAnnotated: \(lines)")
        #expect(lines.filter { $0.contains("found in 2 more places, annotated only here") }.count == 1, "\(lines)")
    }

    @Test("scan: an annotation per blocked or unknown URL on its list line; none for command-line URLs")
    func scanAnnotations() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let list = try scratch.file("urls.txt", "# comment\nhttp://a.example.com/x\nhttp://localhost/\n")
        let result = try ProcessRunner.atscheck(["scan", "--input", list, "http://b.example.com/", "--format", "github", "--no-config"], in: scratch.directory)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 1, "localhost is allowed, the argument has no file: \(lines)")
        #expect(lines.first?.hasPrefix("::error file=\(list),line=2,title=insecure-http%3A http%3A//a.example.com/x::") == true, "\(lines)")
    }
}

