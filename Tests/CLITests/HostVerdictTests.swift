import AtscheckTestSupport
import Foundation
import Testing

// `atscheck host` end to end against `atscheck lab --serve`: every profile's verdict, reason
// codes, fix and exit status, in JSON and in text.

@Suite("atscheck host against every lab profile", .timeLimit(.minutes(TestTiming.minutes(3))))
struct HostVerdictTests {
    /// Widest text line allowed; only a line holding a URL may be wider.
    static let maximumWidth = 100

    @Test("JSON verdict, exact codes, fix and exit status", arguments: LabTable.cases)
    func json(_ expected: LabCase) async throws {
        try await LabServe.with([expected.profile]) { lab in
            let port = try lab.port(expected.profile)
            let result = try await AsyncRun.atscheck(HostArguments.host(HostArguments.url(expected.profile, port: port),
                                                                       ["--timeout", TestTiming.argument(2)]))
            #expect(!result.killedBySignal)
            #expect(result.status == expected.exitStatus, "\(result.command): \(result.stdout.prefix(2000)) \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(result.stderr)")
            let document = try result.json()
            #expect(document["verdict"] as? String == expected.verdict)
            let reasons = try #require(document["reasons"] as? [[String: Any]])
            let codes = reasons.compactMap { $0["code"] as? String }
            #expect(Set(codes) == expected.codes, "\(codes)")
            #expect(codes.count == expected.codes.count, "repeated codes: \(codes)")
            let fix = reasons.first?["fix"] as? [String: Any]
            if let keys = expected.fixKeys {
                #expect(fix?["exceptionKeys"] as? [String: String] == keys)
                #expect(fix?["exceptionDomain"] as? String == "good.atscheck.test")
                #expect((fix?["plistSnippet"] as? String)?.hasPrefix("<key>NSExceptionDomains</key>") == true)
            } else if expected.verdict == "blocked" {
                #expect(fix?["exceptionKeys"] is NSNull, "no Info.plist key fixes \(expected.profile)")
                #expect(fix?["plistSnippet"] is NSNull)
                #expect((fix?["serverChange"] as? String)?.isEmpty == false)
            } else if expected.verdict == "unknown" {
                #expect(reasons.first?["fix"] is NSNull)
            }
        }
    }

    @Test("text: verdict line, reason lines, the matrix, at most 100 columns", arguments: LabTable.cases)
    func text(_ expected: LabCase) async throws {
        try await LabServe.with([expected.profile]) { lab in
            let port = try lab.port(expected.profile)
            let url = HostArguments.url(expected.profile, port: port)
            let result = try await AsyncRun.atscheck(HostArguments.host(url, json: false, ["--timeout", TestTiming.argument(2)]))
            #expect(result.status == expected.exitStatus, "\(result.command): \(result.stdout) \(result.stderr)")
            let lines = result.stdoutLines
            #expect(lines.first == "\(expected.verdict.uppercased())  \(url)")
            let reasonCodes = lines.filter { $0.hasPrefix("  ✗ ") }.map { line in
                String(line.dropFirst(4).split(separator: " ").first ?? "")
            }
            #expect(Set(reasonCodes) == expected.codes, "\(reasonCodes)")
            if expected.fixKeys != nil {
                #expect(lines.contains("    fix (Info.plist, verified): under NSAppTransportSecurity add"))
            } else {
                #expect(!result.stdout.contains("fix (Info.plist"))
            }
            if expected.profile == "plain-http" {
                #expect(!result.stdout.contains("ATS diagnostics"), "no TLS, no matrix")
            } else {
                #expect(lines.contains("ATS diagnostics (as nscurl --ats-diagnostics would report):"))
                let rows = lines.filter { line in LabTable.diagnosticRows.contains { line.hasSuffix(" " + $0) && line.hasPrefix("    ") } }
                #expect(rows.count == LabTable.diagnosticRows.count, "\(rows)")
            }
            Self.expectWidth(result)
        }
    }

    /// Every stdout line fits `maximumWidth`, except lines whose only overflow is a URL.
    static func expectWidth(_ result: RunResult, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in result.stdoutLines where line.count > maximumWidth {
            let withoutURLs = line.split(separator: " ").filter { !$0.contains("://") }.joined(separator: " ")
            if withoutURLs.count < line.count && withoutURLs.count <= maximumWidth { continue }
            Issue.record("line of \(line.count) columns (> \(maximumWidth)) in `\(result.command)`:\n\(line)",
                         sourceLocation: sourceLocation)
        }
    }
}
