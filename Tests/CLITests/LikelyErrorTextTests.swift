import AtscheckTestSupport
import Foundation
import Testing

// The "app sees" line of `cert` and `host` text: the most likely error for the target, then the
// others (the team's error-code evidence (error-codes.md) §1, §2, §11: an untrusted chain is -1200 [3:-9802] when ATS
// enforces the host from iOS 11, -1202 [3:-9807] when it does not, -1202 [3:-9813] on iOS 9–10).
@Suite("Likely app errors in text output")
struct LikelyErrorTextTests {
    /// Each "app sees" line joined with its "also" continuation line, when it has one.
    static func appSees(_ stdout: String) -> [String] {
        let lines = RunResult.lines(stdout)
        return lines.indices.filter { lines[$0].hasPrefix("    app sees:") || lines[$0].hasPrefix("    if refused, app sees:") }.map { index in
            let next = index + 1 < lines.count && lines[index + 1].hasPrefix("      also ") ? lines[index + 1] : ""
            return lines[index] + (next.isEmpty ? "" : " " + next.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test("cert: a self-signed leaf ranks -1200 [3:-9802] first on iOS 17, -1202 [3:-9813] on iOS 10")
    func cert() throws {
        let modern = try ProcessRunner.atscheck(TrustCommand.userRoot(["leaf-self-signed.pem"], host: "good.atscheck.test", json: false)
                                                    + ["--target", "ios17"])
        #expect(modern.status == 1, "\(modern.stderr)")
        #expect(Self.appSees(modern.stdout).first?.hasPrefix("    app sees: NSURLErrorDomain -1200 [3:-9802] (most likely); also -1202 [3:-9807], -1202 [3:-9813]") == true,
                "\(modern.stdout)")
        let old = try ProcessRunner.atscheck(TrustCommand.userRoot(["leaf-self-signed.pem"], host: "good.atscheck.test", json: false)
                                                 + ["--target", "ios10"])
        #expect(Self.appSees(old.stdout).first?.hasPrefix("    app sees: NSURLErrorDomain -1202 [3:-9813] (most likely)") == true,
                "\(old.stdout)")
        HostVerdictTests.expectWidth(modern)
    }

    @Test("host: the self-signed lab server under NSAllowsArbitraryLoads ranks -1202 [3:-9807] first")
    func hostArbitraryLoads() async throws {
        let policy = try ExplainCommandTests.infoPlist("<key>NSAllowsArbitraryLoads</key><true/>")
        defer { try? FileManager.default.removeItem(atPath: policy) }
        try await LabServe.with(["self-signed"]) { lab in
            let url = HostArguments.url("self-signed", port: try lab.port("self-signed"))
            let result = try await AsyncRun.atscheck(HostArguments.host(url, json: false, ["--policy", policy, "--target", "ios17",
                                                                                          "--timeout", TestTiming.argument(2)]))
            #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
            let lines = Self.appSees(result.stdout)
            #expect(lines.first?.hasPrefix("    app sees: NSURLErrorDomain -1202 [3:-9807] (most likely); also -1202 [3:-9813]") == true,
                    "\(result.stdout)")
            #expect(!result.stdout.contains("-9802"))
            HostVerdictTests.expectWidth(result)
        }
    }
}
