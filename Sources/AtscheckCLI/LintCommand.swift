import ArgumentParsing
import ATSJSON
import ATSLint
import ATSPolicy
import ATSVocabulary
import ATSRunPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// `atscheck lint`: check ATS policies (Info.plist files) against every rule of the registry.
enum LintCommand: AtscheckCommand {
    static let name = "lint"

    static let listFormats: [OutputFormat] = [.text, .json]

    static let abstract = "Check Info.plist ATS settings for mistakes, for people and for CI."
    static let spec = CommandSpec(
        name: "atscheck lint",
        abstract: abstract,
        discussion: """
        Reads each FILE (an Info.plist or a bare NSAppTransportSecurity dictionary; XML, binary \
        or JSON) and runs every rule on it; --list-rules prints the rules. Findings are errors \
        (ATS will not do what the file says), warnings (weaker security or an App Review \
        justification needed) or notices. Line and column numbers are known for XML files, Expo app.json and Cordova config.xml.

        A FILE may also be an app or a project: an .ipa or a directory is searched for its \
        policy sources as atscheck app finds them (each bundle's or target's Info.plist, Expo \
        app.json, Cordova config.xml); an app.json is linted as its expo.ios.infoPlist and a \
        config.xml as what cordova-ios writes, with positions, key paths and fixes in that \
        file's terms; app.config.js is not run (npx expo config --json > app.json writes a \
        file atscheck reads); - reads standard input. A file holding no ATS configuration gets a no-ats-configuration notice.

        Formats: text (path:line:col: severity: message [rule]), json (docs/json-schema.md), \
        sarif (SARIF 2.1.0 for GitHub code scanning; paths relative to the working directory; \
        rule links built on --sarif-base-uri) and github (workflow commands that annotate a \
        pull request).

        Every rule, with its sources, is documented in docs/ats-rules.md under its id \
        (docs/ats-rules.md#arbitrary-loads, ...).

        Exit status: 0 when there are no errors (and, with --strict, no warnings), 1 when there \
        are, 2 on bad usage or when a FILE cannot be read at all (missing, no permission, a \
        directory with no policy file); the other files are still checked. A file that is not a property list is \
        an invalid-plist error (exit 1), not exit 2.
        """,
        options: [format, LintFailThreshold.option, strict, PolicyOptions.target, publicSuffixListOption, disable, sarifBaseURIOption] + ScopeOptions.specs
            + [showSuppressed, Baseline.read, Baseline.write, githubSummary, at, listRules],
        positionals: [files],
        examples: [
            "atscheck lint Info.plist",
            "atscheck lint Policies/*.plist --target ios16 --strict",
            "atscheck lint App/Info.plist --format sarif --sarif-base-uri https://github.com/ORG/atscheck/blob/main/ > atscheck.sarif",
            "atscheck lint App/Info.plist --disable pin-no-backup --strict",
            "atscheck lint App/Info.plist --format github",
            "atscheck lint --list-rules --format json",
        ]
    )

    static let format = OutputFormat.option([.text, .json, .sarif, .github, .markdown], help: "Output format (--list-rules: text or json).")
    static let githubSummary = Flag("github-summary", help: "Also append the Markdown summary to the file $GITHUB_STEP_SUMMARY names (GitHub Actions' job summary); automatic with --format github when it is set.")
    static let strict = Flag("strict", help: "Fail (exit 1) on warnings too: --fail-on warning.")
    static let publicSuffixListOption = Option<String?>("public-suffix-list", value: "FILE",
                                                        help: "The Public Suffix List to use instead of the snapshot compiled into atscheck (\(PublicSuffixList.snapshotSource)).")
    static let at = TimeArgument.option(help: "Judge the configuration's accepted findings (their expires days) at this instant instead of now.")
    static let disable = Option<[String]>("disable", value: "RULE", help: "Do not report this rule's findings (an id from --list-rules).")
    static let sarifBaseURIOption = Option<String?>("sarif-base-uri", value: "URI",
                                                    help: "With --format sarif: the absolute URI of the atscheck repository the rule links are built on (informationUri, and helpUri = URI + docs/ats-rules.md#RULE), e.g. https://github.com/ORG/atscheck/blob/main/. Without it, those links are left out and the help text gives the repository-relative link.")
    static let showSuppressed = Flag("show-suppressed", help: "List the findings the configuration's rules accept (text), with their reasons.")
    static let listRules = Flag("list-rules", help: "Print every rule (id, severity, summary) and where it is documented, instead of linting.")
    static let files = PositionalSpec("FILE", help: "Policy files, apps (.ipa) or directories to check, - for stdin; at least one unless --list-rules is given.",
                                      variadic: true, optional: true)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let files = arguments[Self.files]
        let format = try arguments[Self.format]
        if arguments[listRules] { return try listTheRules(files: files, format: format) }
        // Usage mistakes first (error + hint, exit 2), before any file is read.
        guard !files.isEmpty else {
            throw UsageError(command: spec.name, message: "missing argument 'FILE' (or use --list-rules)")
        }
        let threshold = try LintFailThreshold.resolved(try arguments[LintFailThreshold.option], strict: arguments[strict],
                                                       configured: (arguments.origin(of: LintFailThreshold.option.spec) != nil,
                                                                    arguments.origin(of: strict.spec) != nil),
                                                       command: spec.name)
        let target = try arguments[PolicyOptions.target]
        let disabled = try disabledRules(try arguments[disable])
        let baseURI = try sarifBaseURI(try arguments[sarifBaseURIOption], format: arguments[githubSummary] || format == .github ? .markdown : format)
        let summaryFile = try GitHubSummary.file(asked: arguments[githubSummary], format: format, command: spec.name)
        let suffixes = try publicSuffixList(try arguments[publicSuffixListOption])

        let linter = Linter(options: LintOptions(target: target, publicSuffixes: suffixes), disabledRules: disabled)
        let outcomes = LintRun.lint(files, with: linter, scope: try ScopeOptions.scope(arguments, command: spec.name))
        for case .unreadable(let error) in outcomes { CommandRunner.printError(error.description) }
        let linted = outcomes.compactMap(\.report)
        let unreadable = outcomes.count - linted.count
        let lint = try LintRunPolicy.settle(linted, configuration: try ConfigOptions.file(arguments), baseline: try arguments[Baseline.read],
                                            writeBaseline: try Baseline.writing(arguments, Baseline.write), failOn: threshold,
                                            unreadable: unreadable, at: try arguments[at] ?? Date(), sourceRoot: FileManager.default.currentDirectoryPath)
        let configuration = try ConfigurationNote.read(arguments, command: name, rules: true, loads: false)
        let output = try render(lint, format: format, configuration: configuration, baseURI: baseURI, showSuppressed: arguments[showSuppressed])
        CheckedOutput.write(output + (configuration?.shown(format: format, inDocument: format == .json) ?? ""))
        if let summaryFile {
            try GitHubSummary.append(MarkdownReporter.render(lint.reports, suppressed: lint.suppressed, documentationBaseURI: baseURI,
                                                             notes: lint.baseline?.notes ?? []), to: summaryFile)
            try configuration?.appendToJobSummary(summaryFile)
        }
        return ExitCode(lint.exitStatus)
    }

    /// `--list-rules`: every rule, as text or JSON; no FILE.
    static func listTheRules(files: [String], format: OutputFormat) throws -> ExitCode {
        if let extra = files.first {
            throw UsageError(command: spec.name, message: "'--list-rules' takes no FILE (got '\(extra)')")
        }
        guard listFormats.contains(format) else {
            throw UsageError(command: spec.name,
                             message: "'--list-rules' prints --format text or json, not '\(format.rawValue)'")
        }
        let rules = RuleRegistry.all.map(\.info)
        switch format {
        case .json: print(try JSONStyle.text(RuleListReporter.document(rules)))
        default: print(RuleListReporter.renderText(rules), terminator: "")
        }
        return .success
    }

    /// The settled run in `format` (the configuration's note is added after it).
    static func render(_ lint: SettledLint, format: OutputFormat, configuration: ConfigurationNote?, baseURI: String?, showSuppressed: Bool) throws -> String {
        switch format {
        case .json:
            return try JSONStyle.text(ConfiguredDocument(document: LintJSONDocument(document: JSONReporter.document(lint.reports, suppressed: lint.suppressed),
                                                                                       baseline: lint.baseline),
                                                            configuration: configuration)) + "\n"
        case .sarif:
            var options = SARIFReporter.Options(toolVersion: AtscheckVersion.current, documentationBaseURI: baseURI,
                                                sourceRoot: FileManager.default.currentDirectoryPath)
            options.baseline = lint.knownFingerprints
            // With a baseline, SARIF keeps every finding and marks each new or unchanged.
            return try JSONStyle.text(SARIFReporter.log(lint.sarifReports, options: options, suppressed: lint.suppressed)) + "\n"
        case .github:
            return GitHubReporter.render(lint.reports)
        case .markdown:
            return MarkdownReporter.render(lint.reports, suppressed: lint.suppressed, documentationBaseURI: baseURI, notes: lint.baseline?.notes ?? [])
        default:
            return wrappedForTerminal(TextReporter.render(lint.reports, color: LintRun.useColor(), suppressed: lint.suppressed,
                                                          showSuppressed: showSuppressed) + (lint.baseline?.textLines ?? ""))
        }
    }

    /// On a terminal, lines wider than it are wrapped, continuations indented by four spaces;
    /// elsewhere (a pipe, a CI log) each finding stays on one `path:line:col:` line, the
    /// compiler format editors and problem matchers read.
    static func wrappedForTerminal(_ text: String) -> String {
        guard let width = SystemProcess.terminalColumns(.standardOutput) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            guard line.count > width else { return String(line) + "\n" }
            let fix = line.hasPrefix("  fix:")
            return TerminalText.wrap(String(fix ? line.dropFirst(2) : line), firstPrefix: fix ? "  " : "", restPrefix: fix ? "       " : "    ", width: width)
        }.joined()
    }

    /// `--disable RULE...`: every id must be a rule of the registry.
    static func disabledRules(_ ids: [String]) throws -> Set<String> {
        let known = RuleRegistry.all.map(\.info.id)
        for id in ids where !known.contains(id) {
            let hint = EditDistance.suggestion(for: id, among: known).map { "did you mean '\($0)'? " } ?? ""
            throw UsageError(command: spec.name,
                             message: "'--disable \(id)': no such rule; \(hint)(atscheck lint --list-rules lists them)")
        }
        return Set(ids)
    }

    /// `--sarif-base-uri URI`: an absolute http(s) or file URI, only with `--format sarif`.
    /// SARIF's `informationUri` and `helpUri` are URIs (`format: uri` in the SARIF 2.1.0 schema),
    /// and `URL(string:)` also takes text that is none (it encodes what it cannot parse), so the
    /// value is checked character by character: an IRI's non-ASCII characters are written
    /// percent-encoded as UTF-8 (SARIF 2.1.0 §3.10.4, RFC 3987 §3.1); a space or another character
    /// no URI holds, or a `%` without two hex digits, is refused.
    static func sarifBaseURI(_ value: String?, format: OutputFormat) throws -> String? {
        guard let value else { return nil }
        guard format == .sarif || format == .markdown else {
            throw UsageError(command: spec.name, message: "'--sarif-base-uri' applies to --format sarif and to Markdown (--format markdown, the job summary) only")
        }
        guard let url = URL(string: value), let scheme = url.scheme?.lowercased(), ["https", "http", "file"].contains(scheme),
              scheme == "file" || url.host?.isEmpty == false, url.query == nil, url.fragment == nil else {
            throw UsageError(command: spec.name,
                             message: "'--sarif-base-uri \(value)': expected an absolute https://, http:// or file:// URI without query or fragment")
        }
        guard let uri = uriText(value) else {
            throw UsageError(command: spec.name,
                             message: "'--sarif-base-uri \(value)': a URI cannot hold a space, a backslash or any of \"<>^`{|}, nor a '%' without two hex digits; percent-encode them")
        }
        return uri
    }

    /// `text` as an RFC 3986 URI: non-ASCII bytes percent-encoded; nil when it holds an ASCII
    /// character outside RFC 3986's set or a `%` not followed by two hex digits.
    static func uriText(_ text: String) -> String? {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=".utf8)
        let bytes = Array(text.utf8)
        var out = ""
        for (index, byte) in bytes.enumerated() {
            if byte >= 0x80 {
                out += "%" + NumberText.hexByte(byte, uppercase: true)
            } else if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, NumberText.hexDigitValue(bytes[index + 1]) != nil,
                      NumberText.hexDigitValue(bytes[index + 2]) != nil else { return nil }
                out += "%"
            } else if allowed.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                return nil
            }
        }
        return out
    }

    /// `--public-suffix-list FILE` (unreadable or not a list: exit 2), else the snapshot compiled in.
    static func publicSuffixList(_ path: String?) throws -> PublicSuffixList {
        guard let path else { return PublicSuffixList.snapshot }
        switch LintRun.read(path) {
        case .success(let data):
            guard let list = PublicSuffixList(bytes: [UInt8](data)) else {
                throw InputError(description: "\(path): not a Public Suffix List, no '===BEGIN ICANN DOMAINS===' section with rules (--public-suffix-list)")
            }
            return list
        case .failure(let error): throw InputError(description: "\(error.description) (--public-suffix-list)")
        }
    }
}
