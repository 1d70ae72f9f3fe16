import ArgumentParsing
import ATSJSON
import ATSApp
import ATSCertificates
import ATSCheck
import ATSLint
import ATSPolicy
import ATSReport
import ATSRunPolicy
import ATSScan
import AtscheckSystem
import ATSVocabulary
import ATSRender
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `atscheck app`: every endpoint an .ipa, .app or .xcarchive uses, judged under the policy of
/// the bundle it was found in.
enum AppCommand: AtscheckCommand {
    static let name = "app"

    static let abstract = "Judge every URL an .ipa, .app, .xcarchive or project holds, under the policy of the bundle or target it belongs to."
    static let spec = CommandSpec(
        name: "atscheck app",
        abstract: abstract,
        discussion: """
        Reads PATH, an .ipa (a zip archive, read with libzip and never extracted), an .app or \
        .xcarchive directory, or a project directory, in one pass. Each app and app extension \
        (PlugIns/*.appex, Extensions/*.appex) is judged under its own Info.plist; frameworks and \
        resource bundles are listed, and their URLs judged under the policy of the app or \
        extension they are in (an NSAppTransportSecurity in a framework's Info.plist is ignored \
        by iOS, and said so).

        Projects: Xcode projects (*.xcodeproj/project.pbxproj) say which target ships which \
        Info.plist (INFOPLIST_FILE, preprocessed when INFOPLIST_PREPROCESS is on, or generated) \
        and which files each target builds; a URL is judged under the policy of every app, \
        extension, watch app or App Clip target that ships it (a framework's under the apps that \
        link it; test targets are not judged; a macOS target's for macOS). Files in no target \
        (React Native and Expo JavaScript, Flutter's lib/, Cordova and Ionic web content) are \
        judged under the primary app. Without an Xcode project, an Info.plist's \
        CFBundlePackageType and NSExtension say what it is; GoogleService-Info.plist and the \
        like are not policies. Expo app.json / app.config.json (expo.ios.infoPlist) and Cordova \
        config.xml are policies when the native project they generate is not in the tree; \
        app.config.js is code and is not run. A policy that cannot be read (a preprocessed \
        Info.plist whose definitions are unknown, a missing file) makes its URLs unknown, never \
        judged under ATS's defaults. android/, tests, fastlane/, docs/ and vendored code are \
        not read. docs/app-audit.md says it all, with the reasons.

        URLs (http:// and https://) are taken from executables and dylibs (printable strings, \
        with byte offsets) and from source, HTML, JavaScript, JSON, CSS, XML, plist and .strings \
        files (with lines). Those in HTML and web JavaScript are judged as web content (webview), \
        media files as media, the rest as urlsession. XML namespaces, Apple's DTD, example \
        domains, format templates and loopback addresses the policy exempts are set aside unless \
        --all (docs/app-audit.md#filtered-urls).

        Every policy is also linted. The text report groups by bundle or target: where the policy \
        comes from and why, lint findings, then blocked URLs by host (one fix per host, every \
        place found), unknown and allowed ones; --format json gives the same as one document \
        (docs/json-schema.md).

        Nothing is probed unless --probe is given: http:// URLs get their verdict and https:// \
        ones are counted as unknown (--all lists them). With --probe, each endpoint is probed \
        once per bundle, as scan does; --resolve sends names to a staging or loopback server. \
        URLs naming loopback, link-local, private or other non-public addresses are not probed \
        (listed with why), nor hosts whose names resolve only to such addresses (unknown, naming \
        them; only the public ones of a name are dialled), unless --allow-private-probe or a \
        --resolve address. When probing, standard error first says how many endpoints will be \
        contacted.

        Hostile archives are expected: entries with absolute or '..' paths, links, encrypted \
        entries and entries past the size limits are reported one by one and never read; a \
        truncated or unreadable archive is an error with what was read before it.

        Lint findings follow .atscheck.yml's rules (off, severity, accepted findings) as in lint. \
        --fail-on takes a verdict (unknown, the default, or blocked) and/or a lint severity \
        (error, warning or notice: a finding at or above it fails the run, exit 1), \
        comma-separated: --fail-on blocked,warning. --write-baseline and --baseline keep lint \
        findings and blocked or unknown URLs (by bundle), as lint and scan do.

        Exit status: 0 nothing blocked (and, when probing, nothing unknown), 1 a URL is \
        blocked (or a lint finding at --fail-on's severity), 3 none blocked but some unknown (a policy that cannot be read counts offline \
        too, even with no URL under it: a 'policy unknown' line says which and why) or not judged, 2 bad usage, unreadable input, or an input holding no app, \
        extension, Xcode app target, Expo or Cordova configuration.
        """,
        options: PolicyOptions.resolutionSpecs + TrustStoreOptions.optionSpecs + [offline, probe, allowPrivateProbe, all] + ScopeOptions.specs + [only, AppFailThreshold.option, Baseline.readLoads, Baseline.writeLoads, githubSummary]
            + ScanOptions.probingOptionSpecs + [format],
        positionals: [path],
        examples: [
            "atscheck app MyApp.ipa",
            "atscheck app . --only blocked",
            "atscheck app ~/src/MyApp --probe --format json",
            "atscheck app MyApp.ipa --offline --format json",
            "atscheck app build/MyApp.xcarchive --resolve '*:443:10.0.0.5'",
        ]
    )

    static let offline = Flag("offline", help: "Judge by the policy alone: no connections; https:// URLs are not probed (the default).")
    static let probe = Flag("probe", help: "Probe the https:// URLs found (of a bundle, an archive or a project directory).")
    static let allowPrivateProbe = Flag("allow-private-probe", help: "With --probe, probe URLs naming loopback, link-local, private and other non-public addresses too, and hosts whose names resolve to them (by default such addresses are never dialled: the URLs are listed as not probed).")
    static let all = Flag("all", help: "Also judge the URLs the filter sets aside (namespaces, placeholders, exempt loopback, templates), and list unknown URLs that were not probed.")
    static let only = Option<[String]>("only", value: "VERDICT", help: "Show only loads with this verdict, or the URLs of this group (not-seen, opened-outside, never-loaded).", allowed: ["blocked", "unknown", "allowed", "not-seen", "opened-outside", "never-loaded"])
    static let format = OutputFormat.option([.text, .json, .jsonl, .sarif, .github, .markdown, .html], help: "Output format: text, json, jsonl (one line per URL and bundle, then a summary line, as scan writes), sarif (lint findings on the policy files' lines, each blocked URL where it was found), github (the same as workflow commands), markdown (a summary for a CI job page) or html (one self-contained page: charts, and every URL by bundle with filters).")
    static let githubSummary = Flag("github-summary", help: "Also append the Markdown summary to the file $GITHUB_STEP_SUMMARY names (GitHub Actions' job summary); automatic with --format github when it is set.")
    static let path = PositionalSpec("PATH", help: "An .ipa, an .app or .xcarchive directory, or a project directory (Xcode, React Native, Expo, Flutter, Cordova/Ionic).")

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        guard let path = arguments[Self.path].first else {
            throw UsageError(command: spec.name, message: "missing PATH (an .ipa, .app, .xcarchive or project directory)")
        }
        let failOn = try arguments[AppFailThreshold.option]
        let options = try auditOptions(arguments, path: path)
        let scope = ScopeOptions.excludingOwnFiles(try ScopeOptions.scope(arguments, command: spec.name),
                                                   [try arguments[Baseline.readLoads], try arguments[Baseline.writeLoads]].compactMap { $0 }, input: path)
        let files = try AppRunPolicy.files(path, scope: scope)
        let (inventory, audit) = try AppRunPolicy.audit(files, path: path, checker: try checker(arguments, options: options, target: try arguments[PolicyOptions.target]), options: options)
        let settled = try AppRunPolicy.settle(AppReport(audit, offline: options.offline), inventory: inventory,
                                              configuration: try ConfigOptions.file(arguments), baseline: try arguments[Baseline.readLoads],
                                              writeBaseline: try Baseline.writing(arguments, Baseline.writeLoads), only: Set(try arguments[only]),
                                              failOn: failOn, at: options.time, sourceRoot: FileManager.default.currentDirectoryPath)
        let format = try arguments[format]
        let jobSummary = try GitHubSummary.file(asked: arguments[githubSummary], format: format, command: spec.name)
        let configuration = try ConfigurationNote.read(arguments, command: name, rules: true, loads: true)
        try show(settled, format: format, configuration: configuration, only: Set(try arguments[only]), listAll: options.all)
        print(configuration?.shown(format: format, inDocument: format == .json) ?? "", terminator: "")
        if let jobSummary {
            try GitHubSummary.append(AppMarkdownRenderer.render(settled.report), to: jobSummary)
            try configuration?.appendToJobSummary(jobSummary)
        }
        if let refusal = settled.refusal { throw InputError(description: "\(path): \(refusal)") }
        return ExitCode(settled.exitStatus)
    }

    /// The audit's options: `--offline` and `--probe` (a bundle is often someone else's upload:
    /// its URLs are not dialled unless asked), the policy resolution, `--at`, `--resolve`,
    /// timeouts, issuer fetching and the linter.
    static func auditOptions(_ arguments: ParsedArguments, path: String) throws -> AppAuditOptions {
        let timeout = try arguments[ScanOptions.timeout].seconds
        let concurrency = try arguments[ScanOptions.concurrency]
        let resolve = ScanOptions.resolveMap(try arguments[ScanOptions.resolve])
        let resolution = try PolicyOptions.resolutionOptions(arguments)
        if arguments[offline], arguments[probe] {
            throw UsageError(command: spec.name, message: "'--offline' and '--probe' contradict each other")
        }
        var options = AppAuditOptions(
            subdomainDepth: resolution.subdomainDepth, legacyKeys: resolution.legacyKeys, time: try arguments[ScanOptions.at] ?? Date(), timeout: timeout,
            offline: arguments[Self.offline] || !arguments[probe], all: arguments[all], concurrency: concurrency,
            mapTarget: { target in ScanOptions.resolved(ScanEntry(target: target, origin: ScanOrigin(file: "")), resolve).target })
        options.issuerFetch = try IssuerFetchArguments.options(arguments)
        options.allowPrivateProbe = arguments[allowPrivateProbe]
        options.linter = Linter(options: LintOptions(target: resolution.target, publicSuffixes: PublicSuffixList.snapshot))
        options.announce = { count in
            CommandRunner.printError("atscheck app: contacting \(count) endpoint\(count == 1 ? "" : "s") (scheme, host and port) found in \(TerminalText.safe(path)) (--probe); without --probe nothing is contacted")
        }
        return options
    }

    /// The checker of the audit. Offline, no chain is judged: the trust options are parsed (so a
    /// typo is still an error) but no roots are loaded.
    static func checker(_ arguments: ParsedArguments, options: AppAuditOptions, target: TargetOS) throws -> ATSChecker {
        var trust = try TrustStoreOptions(arguments, command: spec.name)
        trust.logListRefresh = try IssuerFetchArguments.logListRefresh(arguments, at: options.time, timeout: options.timeout)
        let environment = options.offline ? TrustEnvironment.offline(target: target)
            : try trust.environment(target: target, staleWarningAt: options.time)
        return ATSChecker(environment: environment)
    }

    /// Prints the settled report in `format`.
    static func show(_ settled: SettledApp, format: OutputFormat, configuration: ConfigurationNote?, only: Set<String>, listAll: Bool) throws {
        let report = settled.report
        switch format {
        case .github:
            print(VerdictAnnotations.app(report), terminator: "")
        case .markdown:
            print(AppMarkdownRenderer.render(report), terminator: "")
        case .html:
            print(AppHTMLRenderer.render(report, listAll: listAll), terminator: "")
        case .json:
            print(try JSONStyle.text(ConfiguredDocument(document: report, configuration: configuration)))
        case .jsonl:
            for record in AppRecord.records(report) { print(String(decoding: try JSONStyle.line(record), as: UTF8.self)) }
            print(String(decoding: try JSONStyle.line(AppSummaryLine(report)), as: UTF8.self))
        case .sarif:
            let sarif = settled.sarif()
            var options = SARIFReporter.Options(toolVersion: AtscheckVersion.current, sourceRoot: settled.sourceRoot, rules: sarif.rules)
            // With a baseline, each result is new or unchanged: a lint finding by its own
            // fingerprint, a blocked URL's by its load's.
            options.baseline = sarif.baseline
            print(try JSONStyle.text(SARIFReporter.log(sarif.reports, options: options, suppressed: sarif.suppressed)))
        default:
            let width = SystemProcess.terminalColumns(.standardOutput) ?? TerminalText.lineWidth
            print(AppTextRenderer(only: only, listAll: listAll, width: width).render(report), terminator: "")
        }
    }
}
