import ArgumentParsing
import ATSWhy

/// `atscheck why`: paste what Xcode printed, get what failed, why (ranked), and the command
/// that confirms it.
enum WhyCommand: AtscheckCommand {
    static let name = "why"

    static let abstract = "Decode a pasted Xcode console error: what failed, why, and the command to run next."
    static let spec = CommandSpec(
        name: "atscheck why",
        abstract: abstract,
        discussion: """
        Reads the text from the arguments, or from standard input when there are none (at most \
        64 MiB, line by line), and finds every error in it: NSError descriptions (Swift and \
        Objective-C forms), [-1200] and [3:-9816] pairs, _kCFStreamError keys, NSUnderlyingError \
        nesting, failing URLs, SecTrust results, BoringSSL alert and error-queue lines, the ATS \
        console lines. For each it names every code in the era the text's shape implies, says \
        whether ATS enforced the host, ranks the likely causes as atscheck reason codes \
        (docs/ats-rules.md) with how sure each is, and gives the command that confirms the top \
        one, or says why the failure is not ATS's. Codes atscheck does not know are reported as \
        unknown, never guessed.

        Exit status: 0 when an error was decoded, 1 when nothing was recognised, 2 on bad usage.
        """,
        options: [format],
        positionals: [text],
        examples: [
            "pbpaste | atscheck why",
            "atscheck why 'HTTP load failed, 0/0 bytes (error code: -1200 [3:-9816])'",
            "atscheck why --format markdown < console.log",
        ]
    )

    static let format = OutputFormat.option([.text, .json, .markdown])
    static let text = PositionalSpec("TEXT", help: "The pasted log; standard input when absent.", variadic: true, optional: true)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let texts = arguments[Self.text]
        let format = try arguments[Self.format]
        let input = texts.isEmpty ? WhyInput.standardInput() : WhyInput.arguments(texts)
        let errors = input.scanner.errors()
        switch format {
        case .json:
            print(try JSONOutput.encode(WhyReport(linesRead: input.scanner.linesRead, truncatedAtBytes: input.truncatedAtBytes, errors: errors)))
        case .markdown:
            print(WhyTextRenderer.markdown(errors, truncatedAtBytes: input.truncatedAtBytes), terminator: "")
        default:
            print(WhyTextRenderer.text(errors, truncatedAtBytes: input.truncatedAtBytes), terminator: "")
        }
        return errors.isEmpty ? .failure : .success
    }
}
