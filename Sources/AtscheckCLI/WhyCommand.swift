import ArgumentParsing
import ATSVocabulary
import ATSWhy
import ATSJSON
import ATSRender

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

        With --policy (the app's Info.plist, app.json or config.xml) each error's URL (the \
        text's, else --url, else https://HOST/) is resolved offline as `atscheck explain` \
        resolves it, for --target or the OS the log's era implies: causes the policy allows are \
        ruled out, and a policy that allows what the device refused (or exempts a host the log \
        shows ATS enforcing) is said to contradict the log, with the lint findings that bear on \
        the load (a misspelt or misplaced key is the usual reason). With --probe the URL is \
        checked live as `atscheck host` checks it (--address, --port, --at, --timeout, --no-fetch \
        and the trust-store options as there), and the causes the server confirms come first; \
        the first 16 distinct URLs are probed, one after another, and the output says how many \
        more were not.

        Exit status: 0 when an error was decoded, 1 when nothing was recognised, 2 on bad usage.
        """,
        options: [url, policy, PolicyOptions.define, loadContext, target, PolicyOptions.subdomainDepth, PolicyOptions.legacyKeys, probe,
                  HostCommand.address, HostCommand.port, HostCommand.at, HostCommand.timeout] + TrustStoreOptions.optionSpecs
            + IssuerFetchArguments.optionSpecs + [format],
        positionals: [text],
        examples: [
            "pbpaste | atscheck why",
            "atscheck why 'HTTP load failed, 0/0 bytes (error code: -1200 [3:-9816])'",
            "atscheck why --format markdown < console.log",
            "pbpaste | atscheck why --policy App/Info.plist --probe",
            "atscheck why --url https://api.example.com/ --policy Info.plist 'HTTP load failed, 0/0 bytes (error code: -1200 [3:-9836])'",
        ]
    )

    static let format = OutputFormat.option([.text, .json, .markdown])
    static let url = Option<String?>("url", value: "URL", help: "The URL that failed, for errors whose text names none.")
    static let policy = Option<String?>("policy", value: "FILE", help: "The app's Info.plist or NSAppTransportSecurity dictionary (XML, binary, JSON), Expo app.json or Cordova config.xml: narrows the causes offline.")
    static let loadContext = PolicyOptions.context(help: "The API the failing load went through.")
    static let target = Option<TargetOS?>("target", value: "OS", help: "The OS the app ran on (ios17, ios16.4, macos14, ...). Default: the one the log's era implies, else the latest iOS.")
    static let probe = Flag("probe", help: "Also check each failing URL live, as atscheck host does, and say which cause the server confirms.")
    static let text = PositionalSpec("TEXT", help: "The pasted log; standard input when absent.", variadic: true, optional: true)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let texts = arguments[Self.text]
        let format = try arguments[Self.format]
        let input = texts.isEmpty ? WhyInput.standardInput() : WhyInput.arguments(texts)
        let checks = try WhyChecks(arguments)
        let applied = try checks.apply(input.scanner.errors(checks.context))
        let errors = applied.errors
        let notProbed = applied.urlsNotProbed
        switch format {
        case .json:
            print(try JSONStyle.text(WhyReport(linesRead: input.scanner.linesRead, truncatedAtBytes: input.truncatedAtBytes,
                                                  errorsNotDecoded: input.scanner.errorsNotKept,
                                                  probeLimit: notProbed > 0 ? WhyChecks.maximumProbes : nil,
                                                  urlsNotProbed: notProbed > 0 ? notProbed : nil, errors: errors)))
        case .markdown:
            print(WhyTextRenderer.markdown(errors, truncatedAtBytes: input.truncatedAtBytes, notDecoded: input.scanner.errorsNotKept,
                                           notProbed: notProbed, probeLimit: WhyChecks.maximumProbes), terminator: "")
        default:
            print(WhyTextRenderer.text(errors, truncatedAtBytes: input.truncatedAtBytes, notDecoded: input.scanner.errorsNotKept,
                                       notProbed: notProbed, probeLimit: WhyChecks.maximumProbes), terminator: "")
        }
        return errors.isEmpty ? .failure : .success
    }
}
