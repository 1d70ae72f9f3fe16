import ArgumentParsing
import ATSApp
import ATSCertificates
import ATSCheck
import ATSLint
import ATSPolicy
import ATSReport
import ATSScan
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `atscheck app`: every endpoint an .ipa, .app or .xcarchive uses, judged under the policy of
/// the bundle it was found in.
enum AppCommand: AtscheckCommand {
    static let name = "app"

    static let abstract = "Judge every URL an .ipa, .app or .xcarchive holds, under the policy of the bundle it is in."
    static let spec = CommandSpec(
        name: "atscheck app",
        abstract: abstract,
        discussion: """
        Reads PATH, an .ipa (a zip archive, read with libzip and never extracted) or a \
        directory (an .app, an .xcarchive, anything holding bundles), in one pass. Each app and \
        app extension (PlugIns/*.appex, Extensions/*.appex) is judged under its own Info.plist; \
        frameworks and resource bundles are listed, and their URLs judged under the policy of \
        the app or extension they are in (an NSAppTransportSecurity in a framework's Info.plist \
        is ignored by iOS, and said so).

        URLs (http:// and https://) are taken from executables and dylibs (printable strings, \
        with byte offsets) and from HTML, JavaScript, JSON, CSS, XML, plist and .strings files \
        (with lines). Those in HTML and JavaScript are judged as web content (webview), media \
        files as media, the rest as urlsession. XML namespaces, Apple's DTD, example domains, \
        loopback addresses and format templates are set aside unless --all \
        (docs/app-audit.md#filtered-urls).

        Every bundle's Info.plist is also linted. The text report groups by bundle: lint \
        findings, then URLs blocked, unknown and allowed, each with where it was found; \
        --format json gives the same as one document (docs/json-schema.md).

        --offline judges by the policy alone: no connections; http:// URLs get their verdict \
        and https:// ones are unknown (not probed). Otherwise each endpoint is probed once per \
        bundle, as scan does; --resolve sends names to a staging or loopback server.

        Hostile archives are expected: entries with absolute or '..' paths, links, encrypted \
        entries and entries past the size limits are reported one by one and never read; a \
        truncated or unreadable archive is an error with what was read before it.

        Exit status: 0 nothing blocked (and, when probing, nothing unknown), 1 a URL is \
        blocked, 3 none blocked but some unknown or not judged, 2 bad usage or unreadable input.
        """,
        options: [
            PolicyOptions.targetOption,
            PolicyOptions.subdomainDepthOption,
            PolicyOptions.legacyKeysOption,
        ] + TrustStoreOptions.optionSpecs + [
            OptionSpec("offline", help: "Judge by the policy alone: no connections; https:// URLs are not probed."),
            OptionSpec("all", help: "Also judge the URLs the filter sets aside (namespaces, placeholders, loopback, templates)."),
        ] + ScanOptions.probingOptionSpecs + [
            OptionSpec("format", value: "FORMAT", help: "Output format: text, json, jsonl (one line per URL and bundle, then a summary line, as scan writes), or sarif (lint findings on the policy files' lines, each blocked URL where it was found).", allowed: ["text", "json", "jsonl", "sarif"], defaultValue: "text"),
        ],
        positionals: [PositionalSpec("PATH", help: "An .ipa, an .app or .xcarchive directory, or a directory holding bundles.")],
        examples: [
            "atscheck app MyApp.ipa",
            "atscheck app MyApp.ipa --offline --format json",
            "atscheck app build/MyApp.xcarchive --resolve '*:443:10.0.0.5'",
        ]
    )

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let command = spec.name
        guard let path = arguments.positional("PATH").first else {
            throw UsageError(command: command, message: "missing PATH (an .ipa, .app or .xcarchive)")
        }
        let timeout = try ScanOptions.timeout(arguments, command: command)
        let concurrency = try ScanOptions.concurrency(arguments, command: command)
        let resolve = try ScanOptions.resolveMap(arguments.values("resolve"), command: command)
        let resolution = try PolicyOptions.resolutionOptions(arguments, command: command)
        var options = AppAuditOptions(
            resolution: resolution, time: try TimeArgument.evaluationTime(arguments.value("at"), command: command), timeout: timeout,
            offline: arguments.flag("offline"), all: arguments.flag("all"), concurrency: concurrency,
            mapTarget: { target in ScanOptions.resolved(ScanEntry(target: target, origin: ScanOrigin(file: "")), resolve).target })
        options.linter = Linter(options: LintOptions(target: resolution.target, publicSuffixes: PublicSuffixList.loadInstalled()))
        // Offline, no chain is judged: parse the trust options (so a typo is still an error) but
        // load no roots.
        let trust = try TrustStoreOptions(arguments, command: command)
        let store = options.offline ? TrustStore(system: [], user: []) : try trust.makeStore(target: resolution.target)

        let files: AppFiles
        let inventory: AppInventory
        do {
            files = try AppFiles(path: path)
            inventory = try AppInventory.collect(files)
        } catch {
            throw InputError(description: "\(path): \(error.description)")
        }
        let audit = AppAuditor.audit(inventory, files: files, checker: ATSChecker(store: store), options: options)
        let report = AppReport(audit, offline: options.offline)
        switch arguments.value("format") {
        case "json":
            print(try JSONOutput.encode(report))
        case "jsonl":
            for record in AppRecord.records(report) { print(String(decoding: try ReportJSON.line(record), as: UTF8.self)) }
            print(String(decoding: try ReportJSON.line(AppSummaryLine(report)), as: UTF8.self))
        case "sarif":
            let (reports, rules) = AppSARIF.reports(audit)
            let options = SARIFReporter.Options(toolVersion: AtscheckVersion.current, sourceRoot: FileManager.default.currentDirectoryPath, rules: rules)
            print(try JSONOutput.encode(SARIFReporter.log(reports, options: options)))
        default:
            print(AppTextRenderer.render(report), terminator: "")
        }
        if report.bundles.isEmpty, let failure = report.failure {
            throw InputError(description: "\(path): \(failure)")
        }
        return ExitCode(rawValue: report.exitStatus) ?? .unknown
    }
}
