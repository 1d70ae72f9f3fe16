import AtscheckTestSupport
import Foundation
import Testing

/// `--fail-on` of the commands that judge loads: `unknown` (default) keeps 1 for blocked and
/// 3 for unknown, `blocked` lets unknown pass, `never` always passes; the output is the same.
@Suite("--fail-on for host, scan and app", .timeLimit(.minutes(TestTiming.minutes(2))))
struct FailOnTests {
    @Test("host: unknown (a closed port) is 3, 0 with --fail-on blocked or never; blocked (cleartext) is 1, 0 only with never")
    func host() throws {
        // Bound, never listening, kept open: refused, and no other test can take the port.
        let (descriptor, port) = try LoopbackPort.refusing()
        defer { close(descriptor) }
        let unknown = ["host", "https://127.0.0.1:\(port)/", "--timeout", "2", "--no-fetch"]
        #expect(try ProcessRunner.atscheck(unknown).status == 3)
        #expect(try ProcessRunner.atscheck(unknown + ["--fail-on", "blocked"]).status == 0)
        #expect(try ProcessRunner.atscheck(unknown + ["--fail-on", "never"]).status == 0)
        let blocked = ["scan", "http://blocked.example/", "--format", "jsonl"]
        #expect(try ProcessRunner.atscheck(blocked).status == 1)
        #expect(try ProcessRunner.atscheck(blocked + ["--fail-on", "blocked"]).status == 1)
        let never = try ProcessRunner.atscheck(blocked + ["--fail-on", "never"])
        #expect(never.status == 0 && never.stdout.contains("\"verdict\":\"blocked\""), "still reported: \(never.stdout)")
        let bad = try ProcessRunner.atscheck(blocked + ["--fail-on", "sometimes"])
        #expect(bad.status == 2)
    }

    @Test("app: a blocked URL is 1, 0 with --fail-on never")
    func app() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let bundle = scratch.directory.appendingPathComponent("Gate.app")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.gate</string>
            <key>CFBundlePackageType</key><string>APPL</string><key>CFBundleExecutable</key><string>Gate</string></dict></plist>
            """.utf8).write(to: bundle.appendingPathComponent("Info.plist"))
        // A React Native bundle's request: a load atscheck sees (a string in the executable would be a
        // URL whose use it cannot see).
        try Data("__d(function(g,r,i,a,m,e,d){fetch(\"http://metrics.acme-analytics.com/collect\",{method:\"POST\"})},0,[]);\n".utf8)
            .write(to: bundle.appendingPathComponent("main.jsbundle"))
        #expect(try ProcessRunner.atscheck(["app", bundle.path, "--offline"]).status == 1)
        #expect(try ProcessRunner.atscheck(["app", bundle.path, "--offline", "--fail-on", "never"]).status == 0)

        // Accepted in .atscheck.yml: the URL stays blocked, carries the acceptance, and passes.
        _ = try scratch.file(".atscheck.yml", "accepted:\n  - host: metrics.acme-analytics.com\n    reason: the vendor's SDK, HTTPS from release 4\n")
        let accepted = try ProcessRunner.atscheck(["app", bundle.path, "--offline", "--format", "json"], in: scratch.directory)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: accepted.stdoutData) as? [String: Any])
        let endpoint = try #require((((document["bundles"] as? [[String: Any]])?.first?["endpoints"]) as? [[String: Any]])?.first)
        #expect(endpoint["verdict"] as? String == "blocked")
        #expect((endpoint["accepted"] as? [String: Any])?["reason"] as? String == "the vendor's SDK, HTTPS from release 4")
        #expect(((document["summary"] as? [String: Any])?["accepted"] as? [String: Int])?["blocked"] == 1)
        let text = try ProcessRunner.atscheck(["app", bundle.path, "--offline"], in: scratch.directory)
        #expect(text.stdout.contains("accepted: the vendor's SDK, HTTPS from release 4"), "\(text.stdout)")
    }
}
