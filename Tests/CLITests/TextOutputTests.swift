import Foundation
import Testing

@Suite("Text output")
struct TextOutputTests {
    /// The widest line the text output may have (we aim for 80).
    static let maximumWidth = 100

    @Test("verdict line and reason codes, user-installed root", arguments: TrustTables.userRoot)
    func userRootText(_ testCase: TrustCase) throws {
        let result = try ProcessRunner.atscheck(TrustCommand.userRoot(testCase.files, host: testCase.host,
                                                                      ocsp: testCase.ocsp, json: false))
        expectTextVerdict(result, testCase)
    }

    @Test("verdict line and reason codes, preinstalled root", arguments: TrustTables.systemRoot)
    func systemRootText(_ testCase: TrustCase) throws {
        let result = try ProcessRunner.atscheck(TrustCommand.systemRoot(testCase.files, host: testCase.host,
                                                                        ocsp: testCase.ocsp, json: false))
        expectTextVerdict(result, testCase)
    }

    @Test("field listing without --host has no verdict", arguments: ["leaf-good-rsa.pem", "leaf-good-rsa.der", "chain-full.pem"])
    func withoutHost(_ file: String) throws {
        let result = try ProcessRunner.atscheck(["cert", Fixtures.cert(file)])
        #expect(result.status == 0, "\(result.command): \(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(!result.stdoutLines.contains { $0.hasPrefix("TRUSTED") || $0.hasPrefix("NOT TRUSTED") })
        #expect(result.stdout.contains("CN=good.atscheck.test,O=atscheck tests"))
        #expect(result.stdout.contains("2001"), "the leaf's serial 0x2001 should be shown")
        expectWidth(result)
    }

    private func expectTextVerdict(_ result: RunResult, _ testCase: TrustCase,
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!result.killedBySignal, sourceLocation: sourceLocation)
        #expect(result.status == (testCase.expected.isEmpty ? 0 : 1), "\(result.command): \(result.stderr)",
                sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, sourceLocation: sourceLocation)
        let lines = result.stdoutLines
        let verdicts = lines.filter { $0.hasPrefix("TRUSTED") || $0.hasPrefix("NOT TRUSTED") }
        #expect(verdicts.count == 1, "expected one verdict line, got \(verdicts)", sourceLocation: sourceLocation)
        let expectedVerdict = (testCase.expected.isEmpty ? "TRUSTED" : "NOT TRUSTED") + " for \(testCase.host) "
        #expect(verdicts.first?.hasPrefix(expectedVerdict) == true, "verdict \(verdicts), expected '\(expectedVerdict)…'",
                sourceLocation: sourceLocation)

        // Reason codes as whole words: the expected ones must appear, no other README code may.
        let words = Set(lines.flatMap { $0.split(whereSeparator: { $0.isWhitespace || $0 == "[" || $0 == "]" }).map(String.init) })
        for code in testCase.expected {
            #expect(words.contains(code), "reason '\(code)' missing from the text output", sourceLocation: sourceLocation)
        }
        let unexpected = TrustTables.allCodes.subtracting(testCase.expected).intersection(words)
        #expect(unexpected.isEmpty, "unexpected reasons in text output: \(unexpected.sorted())", sourceLocation: sourceLocation)
        expectWidth(result, sourceLocation: sourceLocation)
    }

    private func expectWidth(_ result: RunResult, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in result.stdoutLines where line.count > Self.maximumWidth {
            Issue.record("line of \(line.count) columns (> \(Self.maximumWidth)) in `\(result.command)`:\n\(line)",
                         sourceLocation: sourceLocation)
        }
    }
}
