import ATSVocabulary
import ATSTrustData
import ArgumentParsing
import ATSPolicy
import ATSCertificates
import ATSCheck
import ATSReport
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The trust-store options shared by commands that validate chains:
/// `--ca-file` (user-installed), `--app-anchor` (app-supplied), `--system-roots` and `--no-system-roots`.
struct TrustStoreOptions {
    let caFiles: [String]
    var appAnchorFiles: [String] = []
    let systemRootsFile: String?
    let useSystemRoots: Bool
    let command: String
    /// `--ct-log-list`: a log list JSON to judge SCTs against instead of the snapshot's.
    var ctLogListFile: String? = nil
    /// `--strict-ct`: SCTs from logs newer than the list count against the chain (`ct-required`)
    /// instead of leaving the outcome unknown (`ct-log-list-outdated`).
    var strictCT = false
    /// `--public-suffix-list`: the list that decides which wildcard names are too broad,
    /// instead of the snapshot compiled in.
    var publicSuffixListFile: String? = nil
    /// The CT log list refresh of a command that goes to the network (nil: none; cert,
    /// explain and lint never fetch).
    var logListRefresh: LogListRefresh? = nil

    /// Refresh a CT log list older than 60 days at `time` from `source` within `timeout`.
    struct LogListRefresh {
        let time: Date
        let source: CTLogListSource
        let timeout: Double
    }
}

extension TrustStoreOptions {
    /// The options, declared once for every command that validates chains.
    static let caFileOption = Option<[String]>("ca-file", value: "PEM", help: "Trust these roots as user-installed roots.")
    static let appAnchorOption = Option<[String]>("app-anchor", value: "PEM",
                                                  help: "Trust these certificates as anchors the app sets itself (SecTrustSetAnchorCertificates): trustd's rules for other anchors apply.")
    static let systemRootsOption = Option<String?>("system-roots", value: "PEM",
                                                   help: "Use this bundle as the preinstalled (public) roots instead of Apple's snapshot.")
    static let noSystemRootsFlag = Flag("no-system-roots", help: "Do not trust any preinstalled roots (Apple's snapshot).")
    static let ctLogListOption = Option<String?>("ct-log-list", value: "JSON",
                                                 help: "Judge SCTs against this CT log list (Apple's schema, e.g. a newer current_log_list.json) instead of the newest one atscheck has (atscheck update's, else the snapshot's).")
    static let strictCTFlag = Flag("strict-ct",
                                   help: "Judge CT by the log list alone: SCTs from logs the list does not hold count as unknown logs (ct-required) instead of leaving the outcome unknown (ct-log-list-outdated).")
    static let publicSuffixListOption = Option<String?>("public-suffix-list", value: "FILE",
                                                        help: "Decide which wildcard names cover a public suffix (*.co.uk) with this Public Suffix List instead of the snapshot compiled into atscheck (\(PublicSuffixList.snapshotSource)).")
    static let optionSpecs: [any OptionDeclaration] = [caFileOption, appAnchorOption, systemRootsOption, noSystemRootsFlag,
                                                       ctLogListOption, strictCTFlag, publicSuffixListOption]

    /// `--ca-file`, `--system-roots`, `--no-system-roots` from the command line.
    init(_ arguments: ParsedArguments, command: String) throws {
        let systemRootsFile = try arguments[Self.systemRootsOption]
        let useSystemRoots = !arguments[Self.noSystemRootsFlag]
        if systemRootsFile != nil && !useSystemRoots {
            throw UsageError(command: command, message: "'--system-roots' and '--no-system-roots' contradict each other")
        }
        self.init(caFiles: try arguments[Self.caFileOption], systemRootsFile: systemRootsFile, useSystemRoots: useSystemRoots,
                  command: command)
        appAnchorFiles = try arguments[Self.appAnchorOption]
        ctLogListFile = try arguments[Self.ctLogListOption]
        strictCT = arguments[Self.strictCTFlag]
        publicSuffixListFile = try arguments[Self.publicSuffixListOption]
    }

    /// "the CT log list … is 413 days old at the evaluation time …" when the store's list is
    /// older than ``TrustStoreSummary/staleListDays`` at `time`; nil otherwise.
    static func staleListWarning(_ store: TrustStore, at time: Date) -> String? {
        let summary = TrustStoreSummary(store)
        guard let name = summary.ctLogList, let days = summary.ctLogListAgeDays(at: time),
              days > TrustStoreSummary.staleListDays else { return nil }
        return "the CT log list (\(TerminalText.safe(name))) is \(days) days old at the evaluation time; older than "
            + "\(TrustStoreSummary.staleListDays) days: run `atscheck update` (until then, a chain whose SCTs come from newer logs is UNKNOWN, not BLOCKED)"
    }

    /// The store: `--system-roots` if given, else Apple's preinstalled roots from the snapshot
    /// for `target` (docs/ats-rules.md#apple-trust-store), unless `--no-system-roots`; the
    /// platform bundle's other roots and Apple's removed roots are kept to explain untrusted
    /// chains; SCTs judged against `--ct-log-list` or the newest list atscheck has. Built by
    /// the library's ``TrustEnvironment``, as a library client asking for `target` gets it.
    func makeStore(target: TargetOS = .latest) throws -> TrustStore {
        try environment(target: target).store
    }

    /// The trust environment for `target` under these options; a cached CT log list that fails
    /// its checks is reported on standard error and left aside. With `staleWarningAt` (the
    /// evaluation time of a command whose report has no CT log list line: scan, proxy, app),
    /// a list older than 60 days at that instant is said on standard error, once per run.
    func environment(target: TargetOS, staleWarningAt time: Date? = nil) throws -> TrustEnvironment {
        var overrides = TrustEnvironment.Overrides()
        overrides.userRoots = try caFiles.flatMap(InputFile.certificates)
        overrides.appAnchors = try appAnchorFiles.flatMap(InputFile.certificates)
        if let systemRootsFile {
            overrides.systemRoots = (systemRootsFile, try InputFile.certificates(systemRootsFile))
        }
        overrides.noSystemRoots = !useSystemRoots
        overrides.strictTransparency = strictCT
        if let publicSuffixListFile {
            overrides.publicSuffixes = .list(try LintCommand.publicSuffixList(publicSuffixListFile))
        }
        if let ctLogListFile {
            let json = try InputFile.read(ctLogListFile, limit: CTLogList.sizeLimit)
            do {
                overrides.ctLogList = try CTLogList(json: json, name: ctLogListFile)
            } catch {
                throw InputError(description: "\(command): \(error)")
            }
        }
        if let refresh = logListRefresh, ctLogListFile == nil, let directory = overrides.cacheDirectory {
            reportRefresh(CTLogListRefresh.refreshIfStale(directory: directory, source: refresh.source, at: refresh.time, now: Date(),
                                                          timeout: refresh.timeout, snapshot: TrustEnvironment.snapshot(for: target)))
        }
        let environment: TrustEnvironment
        do {
            environment = try TrustEnvironment(target: target, overrides: overrides)
        } catch {
            throw InputError(description: "\(command): \(error)")
        }
        if let problem = environment.cacheProblem {
            CommandRunner.printError("\(command): warning: the cached CT log list is not used: \(TerminalText.safe(problem)); run `atscheck update`")
        }
        if let time, let warning = Self.staleListWarning(environment.store, at: time) {
            CommandRunner.printError("\(command): warning: \(warning)")
        }
        return environment
    }


    /// Says on standard error what a refresh did: a list fetched, or why a stale one stays.
    private func reportRefresh(_ outcome: CTLogListRefresh.Outcome) {
        switch outcome {
        case .current, .notDue:
            break
        case .refreshed(let cached, let age):
            let name = cached.list.name.contains(cached.source) ? cached.list.name : "\(cached.list.name) from \(cached.source)"
            CommandRunner.printError("\(command): the CT log list was \(age) days old at the evaluation time: fetched \(TerminalText.safe(name)) "
                                     + "and cached it, as a device takes Apple's list over the air (--no-fetch prevents this)")
        case .failed(let age, let reason):
            CommandRunner.printError("\(command): warning: the CT log list is \(age) days old at the evaluation time and could not be refreshed: "
                                     + "\(TerminalText.safe(reason)); a chain whose SCTs come from newer logs stays UNKNOWN (tried again after a day; `atscheck update` tries now)")
        }
    }
}
