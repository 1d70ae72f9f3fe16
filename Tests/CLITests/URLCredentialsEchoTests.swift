import AtscheckTestSupport
import Foundation
import Testing

/// A URL given to `explain`, `host` or `pins` with a user part (`user:password@`) is shown
/// masked (`https://***@host/`) in every format and every message, and stderr says once that
/// the credentials were not shown: a password pasted into a command never reaches a CI log.
@Suite("URL credentials are never echoed", .timeLimit(.minutes(TestTiming.minutes(2))))
struct URLCredentialsEchoTests {
    static let secret = "pa55word"

    static func expectMasked(_ run: RunResult, _ label: String) {
        #expect(!run.stdout.contains(secret) && !run.stderr.contains(secret), "\(label): \(run.stdout) \(run.stderr)")
        #expect(run.stderr.components(separatedBy: "credentials").count == 2, "\(label): said once: \(run.stderr)")
    }

    @Test("explain shows the URL masked in text and JSON, and judges it as without the user part")
    func explain() throws {
        let policy = try ExplainCommandTests.infoPlist("<key>NSAllowsArbitraryLoads</key><false/>")
        defer { try? FileManager.default.removeItem(atPath: policy) }
        for url in ["https://user:\(Self.secret)@api.example.com/v1", "http://user:\(Self.secret)@api.example.com/"] {
            let plain = url.replacingOccurrences(of: "user:\(Self.secret)@", with: "")
            for format in ["text", "json"] {
                let run = try ProcessRunner.atscheck(["explain", url, "--policy", policy, "--format", format])
                Self.expectMasked(run, "explain \(url) \(format)")
                #expect(run.stdout.contains(url.replacingOccurrences(of: "user:\(Self.secret)@", with: "***@")), "\(run.stdout)")
                let without = try ProcessRunner.atscheck(["explain", plain, "--policy", policy, "--format", format])
                #expect(run.status == without.status, "the user part changes no verdict: \(run.status) \(without.status)")
            }
        }
    }

    @Test("host shows an http:// URL masked in text and JSON (judged by the policy alone, no connection)")
    func host() throws {
        let url = "http://user:\(Self.secret)@good.atscheck.test:9/"
        for json in [false, true] {
            let run = try ProcessRunner.atscheck(HostArguments.host(url, json: json))
            Self.expectMasked(run, "host \(json ? "json" : "text")")
            #expect(run.status == 1 && run.stdout.contains("http://***@good.atscheck.test:9/"), "\(run.stdout) \(run.stderr)")
        }
        let invalid = try ProcessRunner.atscheck(["host", "http://user:\(Self.secret)@bad host/"])
        #expect(invalid.status == 2, "\(invalid.stderr)")
        Self.expectMasked(invalid, "host, an invalid target")
    }

    @Test("pins names an http:// URL masked when it refuses it")
    func pins() throws {
        let run = try ProcessRunner.atscheck(["pins", "http://user:\(Self.secret)@good.atscheck.test/"])
        #expect(run.status == 2 && run.stderr.contains("'http://***@good.atscheck.test/' is an http:// URL"), "\(run.stderr)")
        Self.expectMasked(run, "pins")
    }
}
