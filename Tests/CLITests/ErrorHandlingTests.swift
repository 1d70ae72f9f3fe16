import Foundation
import Testing

/// A command line that must fail with exit status 2.
struct FailingCommand: Sendable, CustomTestStringConvertible {
    let name: String
    let arguments: [String]
    /// Substrings the first stderr line must contain.
    let mentions: [String]
    var testDescription: String { name }
}

@Suite("Bad input and bad usage")
struct ErrorHandlingTests {
    static let missingFile = FileManager.default.temporaryDirectory
        .appendingPathComponent("atscheck-no-such-dir-\(UUID().uuidString)/missing.pem").path
    static let good = Fixtures.cert("leaf-good-rsa.pem")

    static let badInputCommands: [FailingCommand] = [
        ["empty.pem", "truncated.pem", "garbage.der", "not-a-certificate.pem", "private-key-only.pem"].map {
            FailingCommand(name: $0, arguments: ["cert", Fixtures.cert($0)], mentions: [Fixtures.cert($0)])
        },
        [
            FailingCommand(name: "missing file", arguments: ["cert", missingFile], mentions: [missingFile]),
            FailingCommand(name: "a directory", arguments: ["cert", "TestCerts"], mentions: ["TestCerts"]),
            FailingCommand(name: "good file, then a bad one (no partial output)",
                           arguments: ["cert", good, Fixtures.cert("empty.pem"), "--format", "json"],
                           mentions: [Fixtures.cert("empty.pem")]),
            FailingCommand(name: "bad file with --host and --format json",
                           arguments: TrustCommand.userRoot(["truncated.pem"], host: "good.atscheck.test"),
                           mentions: [Fixtures.cert("truncated.pem")]),
            FailingCommand(name: "missing --ca-file",
                           arguments: ["cert", good, "--host", "good.atscheck.test", "--ca-file", missingFile,
                                       "--no-system-roots", "--at", Fixtures.evaluationTime],
                           mentions: [missingFile]),
            FailingCommand(name: "--public-suffix-list a directory",
                           arguments: ["cert", good, "--host", "good.atscheck.test", "--public-suffix-list", "TestCerts"],
                           mentions: ["TestCerts"]),
            FailingCommand(name: "--public-suffix-list a certificate, not a list",
                           arguments: ["cert", good, "--host", "good.atscheck.test", "--public-suffix-list", good],
                           mentions: [good]),
            FailingCommand(name: "missing --ocsp-response",
                           arguments: TrustCommand.userRoot(["leaf-good-rsa.pem"], host: "good.atscheck.test")
                               + ["--ocsp-response", missingFile],
                           mentions: [missingFile]),
        ],
    ].flatMap { $0 }

    @Test("unusable input: exit 2, no stdout, one stderr line naming the file", arguments: badInputCommands)
    func badInput(_ command: FailingCommand) throws {
        let result = try ProcessRunner.atscheck(command.arguments)
        #expect(!result.killedBySignal)
        #expect(result.status == 2, "\(result.command)")
        #expect(result.stdout.isEmpty, "stdout should be empty, got: \(result.stdout.prefix(200))")
        #expect(result.stderrLines.count == 1, "expected exactly one stderr line, got: \(result.stderrLines)")
        #expect(result.stderr.hasSuffix("\n"))
        let line = result.stderrLines.first ?? ""
        for mention in command.mentions {
            #expect(line.contains(mention), "stderr '\(line)' does not name '\(mention)'")
        }
    }

    static let badUsageCommands: [FailingCommand] = [
        FailingCommand(name: "unknown option", arguments: ["cert", good, "--hots", "good.atscheck.test"],
                       mentions: ["atscheck cert", "--hots", "did you mean", "--host"]),
        FailingCommand(name: "--format yaml", arguments: ["cert", good, "--format", "yaml"],
                       mentions: ["atscheck cert", "--format", "yaml"]),
        FailingCommand(name: "missing FILE", arguments: ["cert"], mentions: ["atscheck cert", "FILE"]),
        FailingCommand(name: "missing FILE with options", arguments: ["cert", "--format", "json"],
                       mentions: ["atscheck cert", "FILE"]),
        FailingCommand(name: "--at notadate", arguments: ["cert", good, "--at", "notadate"],
                       mentions: ["atscheck cert", "--at", "notadate"]),
        FailingCommand(name: "--at notadate with --host",
                       arguments: ["cert", good, "--host", "good.atscheck.test", "--ca-file", Fixtures.cert("root.pem"),
                                   "--no-system-roots", "--at", "notadate"],
                       mentions: ["atscheck cert", "--at", "notadate"]),
        FailingCommand(name: "--ocsp-response without --host",
                       arguments: ["cert", good, "--ocsp-response", Fixtures.cert("ocsp-good.der")],
                       mentions: ["atscheck cert", "--ocsp-response", "--host"]),
        FailingCommand(name: "--system-roots with --no-system-roots",
                       arguments: ["cert", good, "--host", "good.atscheck.test", "--system-roots", Fixtures.cert("root.pem"),
                                   "--no-system-roots", "--at", Fixtures.evaluationTime],
                       mentions: ["atscheck cert", "--system-roots", "--no-system-roots"]),
        FailingCommand(name: "--system-roots with --no-system-roots, without --host",
                       arguments: ["cert", good, "--system-roots", Fixtures.cert("root.pem"), "--no-system-roots"],
                       mentions: ["atscheck cert", "--system-roots", "--no-system-roots"]),
        FailingCommand(name: "empty --host", arguments: ["cert", good, "--host", "", "--no-system-roots"],
                       mentions: ["atscheck cert", "--host"]),
        FailingCommand(name: "unknown subcommand", arguments: ["crt", good], mentions: ["atscheck", "crt", "did you mean", "cert"]),
    ]

    @Test("bad usage: exit 2, no stdout, one error line and a hint line", arguments: badUsageCommands)
    func badUsage(_ command: FailingCommand) throws {
        let result = try ProcessRunner.atscheck(command.arguments)
        #expect(!result.killedBySignal)
        #expect(result.status == 2, "\(result.command)")
        #expect(result.stdout.isEmpty, "stdout should be empty, got: \(result.stdout.prefix(200))")
        let lines = result.stderrLines
        #expect(lines.count == 2, "expected an error line and a hint line, got: \(lines)")
        let error = lines.first ?? ""
        for mention in command.mentions {
            #expect(error.contains(mention), "error '\(error)' does not mention '\(mention)'")
        }
        let hint = lines.count > 1 ? lines[1] : ""
        #expect(hint.contains("--help"), "hint line '\(hint)' does not point to --help")
    }

    @Test("help and version: exit 0, text on stdout, nothing on stderr",
          arguments: [["--help"], ["-h"], ["cert", "--help"], ["help", "cert"], ["--version"]])
    func helpAndVersion(_ arguments: [String]) throws {
        let result = try ProcessRunner.atscheck(arguments)
        #expect(!result.killedBySignal)
        #expect(result.status == 0, "\(result.command): \(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(!result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }

    @Test("help texts say what they should")
    func helpContents() throws {
        let top = try ProcessRunner.atscheck(["--help"])
        #expect(top.stdout.contains("cert"), "atscheck --help does not list the cert subcommand")
        let certHelp = try ProcessRunner.atscheck(["cert", "--help"])
        for option in ["--host", "--ca-file", "--system-roots", "--no-system-roots", "--at", "--ocsp-response", "--format"] {
            #expect(certHelp.stdout.contains(option), "atscheck cert --help does not mention \(option)")
        }
        let helpCert = try ProcessRunner.atscheck(["help", "cert"])
        #expect(helpCert.stdout == certHelp.stdout, "`atscheck help cert` differs from `atscheck cert --help`")
        let version = try ProcessRunner.atscheck(["--version"])
        #expect(version.stdoutLines.count == 1)
        #expect(version.stdout.contains { $0.isNumber }, "--version printed no version number: \(version.stdout)")
        for result in [top, certHelp] {
            for line in result.stdoutLines where line.count > 80 {
                Issue.record("help line of \(line.count) columns in `\(result.command)`: \(line)")
            }
        }
    }
}
