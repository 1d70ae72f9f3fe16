import ArgumentParsing
import ATSCertificates
import ATSFetch
import ATSReport
import ATSTrustData
import AtscheckSystem
import ATSVocabulary
import ATSJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `atscheck update`: fetch Apple's current CT log list, check it, and cache it for every
/// command that judges certificates.
enum UpdateCommand: AtscheckCommand {
    static let name = "update"

    static let abstract = "Fetch Apple's current CT log list and cache it for the commands that judge certificates."
    static let spec = CommandSpec(
        name: "atscheck update",
        abstract: abstract,
        discussion: """
        Devices take Apple's Certificate Transparency log list over the air; atscheck carries \
        the list of its newest root snapshot, which ages. This fetches Apple's current list \
        (\(CTLogListCache.appleURL)) over HTTPS within --timeout and a \(CTLogList.sizeLimit >> 20) MiB \
        cap, checks it (Apple's schema, every key and log ID decodes, every log ID is the \
        SHA-256 of its key) and stores it atomically in the per-user cache \
        ($XDG_CACHE_HOME/atscheck, ~/.cache/atscheck, ~/Library/Caches/atscheck on macOS). \
        A failed fetch or check leaves the cached list as it was.

        cert, host, scan, pins, proxy and app then judge SCTs against the newest list they \
        have: the cached one when it is newer than the snapshot's. Without a current list, an \
        SCT from a log the list does not hold that could change the outcome leaves the trust \
        verdict unknown (ct-log-list-outdated, exit 3), never refused.

        Exit status: 0 stored (or --status), 1 the list was refused by the checks, \
        2 usage or an unreadable --from file, 3 the list could not be fetched.
        """,
        options: [from, caFile, timeout, status, at, format],
        examples: [
            "atscheck update",
            "atscheck update --from current_log_list.json",
            "atscheck update --from https://mirror.example.com/ct/current_log_list.json --ca-file mirror-root.pem",
            "atscheck update --status",
        ]
    )

    static let from = Option<String?>("from", value: "FILE|URL", help: "Take the list from this file or https:// URL (a mirror, an air-gapped copy) instead of Apple's.")
    static let caFile = Option<String?>("ca-file", value: "PEM", help: "Trust only these roots for the HTTPS fetch (a mirror with a private root).")
    static let timeout = Option<Seconds>("timeout", value: "SECONDS", help: "Deadline for the whole fetch.", default: 20, in: 0...600)
    static let status = Flag("status", help: "Show the list commands use now and its age; fetch nothing.")
    static let at = TimeArgument.option(help: "With --status: give the age at this instant instead of now.")
    static let format = OutputFormat.option()

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let timeout = try arguments[Self.timeout].seconds
        let instant = try arguments[at]
        let from = try arguments[Self.from], caFile = try arguments[Self.caFile]
        guard let directory = CTLogListCache.directory(environment: ProcessInfo.processInfo.environment) else {
            throw InputError(description: "\(spec.name): no cache directory (set HOME or XDG_CACHE_HOME)")
        }
        let json = try arguments[format] == .json
        if arguments[status] {
            if from != nil || caFile != nil {
                throw UsageError(command: spec.name, message: "'--status' fetches nothing; it takes no '--from' or '--ca-file'")
            }
            let report = UpdateReport.status(directory: directory, at: instant ?? Date())
            print(json ? try JSONStyle.text(report) : report.text, terminator: json ? "\n" : "")
            return .success
        }
        if instant != nil { throw UsageError(command: spec.name, message: "'--at' goes with '--status'") }
        let source = from ?? CTLogListCache.appleURL
        let previous = try? CTLogListCache.load(directory: directory)
        guard let bytes = try listBytes(source, caFile: caFile, timeout: timeout) else { return .unknown }
        let stored: CachedCTLogList
        do {
            stored = try CTLogListCache.store(bytes, source: source, fetched: Date(), directory: directory)
        } catch {
            CommandRunner.printError("\(spec.name): the CT log list is refused: \(TerminalText.safe(error.description)); the cached list is unchanged")
            return .failure
        }
        let report = UpdateReport.stored(stored, path: directory + "/" + CTLogListCache.fileName, previous: previous)
        print(json ? try JSONStyle.text(report) : report.text, terminator: json ? "\n" : "")
        return .success
    }

    /// The list's bytes from an https:// URL or a file; nil (said on standard error) when the
    /// fetch failed. Cleartext is refused: a list fetched over it could be anyone's.
    static func listBytes(_ source: String, caFile: String?, timeout: Double) throws -> [UInt8]? {
        if source.lowercased().hasPrefix("http://") {
            throw UsageError(command: spec.name, message: "'--from' takes an https:// URL or a file: a list fetched over cleartext could be anyone's")
        }
        guard source.lowercased().hasPrefix("https://") else {
            if caFile != nil {
                throw UsageError(command: spec.name, message: "'--ca-file' is for fetching over HTTPS; '--from \(source)' is a file")
            }
            return [UInt8](try InputFile.read(source, limit: CTLogList.sizeLimit))
        }
        do {
            return try HTTPFetcher.get(HTTPFetcher.Request(url: source, connectTimeout: min(5, timeout), deadline: timeout,
                                                           sizeLimit: CTLogList.sizeLimit, caFile: caFile)).body
        } catch {
            CommandRunner.printError("\(spec.name): cannot fetch the CT log list: \(TerminalText.safe(error.description)); the cached list is unchanged")
            return nil
        }
    }
}

/// What `update` did or found, for text and JSON.
struct UpdateReport: Encodable {
    /// One CT log list.
    struct List: Encodable {
        let name: String
        let assetVersion: String?
        let source: String
        let fetched: Date?
        let listDate: Date?
        let listDateBasis: String?
        let logs: Int?
        let logsTrustedByApple: Int?

        init(_ cached: CachedCTLogList) {
            name = cached.list.name
            assetVersion = cached.list.assetVersion
            source = cached.source
            fetched = cached.fetched
            listDate = cached.listDate
            listDateBasis = cached.listDateBasis
            logs = cached.list.logs.count
            logsTrustedByApple = cached.list.trustedLogs.count
        }

        init(snapshot: AppleTrustSnapshot) {
            name = "Apple \(snapshot)"
            assetVersion = nil
            source = "embedded snapshot"
            fetched = nil
            listDate = snapshot.publishedDate
            listDateBasis = "snapshot date"
            logs = nil
            logsTrustedByApple = nil
        }
    }

    /// "stored" or "status".
    let action: String
    /// Where the cache file is.
    let path: String
    /// The list stored now, or in use for --status.
    let list: List
    /// The cached list this one replaced (stored), nil when there was none.
    let replaced: List?
    /// Days from the list's date to the instant asked about (--status).
    let ageDays: Int?
    /// The instant `ageDays` is counted to (`--at`, else now).
    var ageAt: Date? = nil
    /// A problem with the cache found by --status.
    let problem: String?
    /// For a list stored: whether it is newer than the embedded snapshot's, and on what that rests.
    var order: CTLogListOrder.Answer? = nil

    static func stored(_ cached: CachedCTLogList, path: String, previous: CachedCTLogList?) -> UpdateReport {
        UpdateReport(action: "stored", path: path, list: List(cached), replaced: previous.map(List.init), ageDays: nil, problem: nil,
                     order: SCTVerifier.order(of: cached, against: .latest))
    }

    static func status(directory: String, at time: Date) -> UpdateReport {
        let path = directory + "/" + CTLogListCache.fileName
        let snapshot = AppleTrustSnapshot.latest
        var problem: String? = nil
        var cached: CachedCTLogList? = nil
        do { cached = try CTLogListCache.load(directory: directory) } catch { problem = error.description }
        let list = cached.flatMap { SCTVerifier.order(of: $0, against: snapshot).candidateIsNewer ? List($0) : nil } ?? List(snapshot: snapshot)
        let age = list.listDate.map { TrustStoreSummary.ageDays(of: $0, at: time) }
        return UpdateReport(action: "status", path: path, list: list, replaced: nil, ageDays: age, ageAt: time, problem: problem)
    }

    var text: String {
        var out = ""
        switch action {
        case "stored":
            out += "CT log list stored: \(TerminalText.safe(list.name))\n"
            out += "  source: \(TerminalText.safe(list.source))\n"
        default:
            out += "CT log list in use: \(TerminalText.safe(list.name))\n"
            out += "  source: \(TerminalText.safe(list.source))\n"
        }
        if let logs = list.logs, let trusted = list.logsTrustedByApple {
            out += "  logs: \(logs) (\(trusted) loaded by trustd: not pending or rejected)\n"
        }
        if let date = list.listDate {
            out += "  list date: \(String(iso8601(date).prefix(10))) (\(TerminalText.safe(list.listDateBasis ?? ""))): how recent the list is\n"
        }
        if let fetched = list.fetched {
            out += "  fetched: \(String(iso8601(fetched).prefix(10))) (when atscheck took it)\n"
        }
        if let ageDays {
            let stale = ageDays > TrustStoreSummary.staleListDays
            if ageDays < 0 {
                out += "  age: the list is newer than the instant asked about\n"
            } else {
                let at = ageAt.map { " at \(String(iso8601($0).prefix(10)))" } ?? ""
                out += "  age: \(ageDays) day\(ageDays == 1 ? "" : "s")\(at), from the list date" + (stale ? " — older than \(TrustStoreSummary.staleListDays) days: run `atscheck update`" : "") + "\n"
            }
        }
        if action == "stored" {
            out += "  cache: \(TerminalText.safe(path))\n"
            out += "  replaced: " + (replaced.map { TerminalText.safe($0.name) } ?? "nothing (no list was cached)") + "\n"
            if let order, !order.candidateIsNewer {
                out += "  note: this list is not newer than the embedded snapshot's (\(AppleTrustSnapshot.latest.date.prefix(10)), by \(order.basis)), so commands keep judging against the snapshot's list\n"
            }
            if let disagreement = order?.disagreement {
                out += "  warning: \(TerminalText.safe(disagreement))\n"
            }
        } else if let problem {
            out += "  cache problem: \(TerminalText.safe(problem))\n"
        }
        return out
    }
}
