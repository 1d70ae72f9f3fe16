import AtscheckTestSupport
import Foundation
import Testing

/// The "app sees" predictions read the same table in `host`, `scan` and `atscheck why`: what a
/// user greps their console for, after `host` or `scan` named it, decodes back to the reason.
@Suite("app sees: host, scan and why agree", .timeLimit(.minutes(TestTiming.minutes(3))))
struct AppSeesTests {
    static let profiles = ["tls10-only", "no-san", "static-rsa-only"]

    @Test("scan text prints the most likely error per reason, the same as host's JSON; each decodes back to its reason in why")
    func scanHostWhy() async throws {
        try await LabServe.with(ScanCommandTests.profiles) { lab in
            let urls = try Self.profiles.map { HostArguments.url($0, port: try lab.port($0)) }
            let scan = try await ScanCommandTests.scan(lab, urls + ["--format", "text"])
            for (profile, url) in zip(Self.profiles, urls) {
                let host = try await AsyncRun.atscheck(HostArguments.host(url)).json()
                let reasons = try #require(host["reasons"] as? [[String: Any]])
                let reason = try #require(reasons.first?["code"] as? String)
                let likely = try #require((reasons.first?["likelyErrors"] as? [[String: Any]])?.first)
                let nsurl = try #require(likely["nsurlError"] as? Int)
                let stream = likely["secureTransportError"] as? Int
                let pair = "\(nsurl)" + (stream.map { " [3:\($0)]" } ?? "")
                let block = scan.stdout.components(separatedBy: url).dropFirst().first ?? ""
                let appSees = block.split(separator: "\n").first { $0.contains("app sees: ") } ?? ""
                #expect(appSees.contains("\(pair) (") && appSees.contains(reason), "\(profile): \(scan.stdout)")

                let log = "Task <5C0A6E11-2B7D-4E10-9A55-0C2B8D1E7F40>.<1> HTTP load failed, 0/0 bytes (error code: \(pair))"
                let why = try await AsyncRun.atscheck(["why", "--format", "json", log]).json()
                let causes = ((why["errors"] as? [[String: Any]])?.first?["causes"] as? [[String: Any]])?.compactMap { $0["reason"] as? String }
                #expect(causes?.contains(reason) == true, "\(profile): \(pair) → \(causes ?? [])")
            }
        }
    }
}
