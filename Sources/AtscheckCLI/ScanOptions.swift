import ATSVocabulary
import ArgumentParsing
import ATSCheck
import ATSPolicy
import ATSScan
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `atscheck scan`'s arguments, validated once, with every input read.
struct ScanOptions {
    let input: ScanInput
    let check: CheckOptions
    let trustStore: TrustStoreOptions
    let concurrency: Int
    let shard: ScanShard?
    let format: OutputFormat
    let outputPath: String?
    let quiet: Bool
    let resume: Bool
    let upgrade: Bool
    /// `--target`: the release the trust environment is built for, and so the one judged.
    var target = TargetOS.latest
    /// The input files that held lines or entries but not one URL (each skipped), with why:
    /// the scan refuses to run on them (exit 2) once their problems are printed.
    var unjudgeable: [String] = []
}

extension ScanOptions {
    init(_ arguments: ParsedArguments) throws {
        let command = ScanCommand.spec.name
        let timeout = try arguments[Self.timeout].seconds
        let concurrency = try arguments[Self.concurrency]
        let shard = try arguments[ScanCommand.shard]
        let resolve = Self.resolveMap(try arguments[Self.resolve])

        var input = ScanInput()
        var unjudgeable: [String] = []
        let urls = arguments[ScanCommand.urls]
        // A file given twice is read once: its lines have one origin each, judged and counted once.
        let listFiles = Self.once(try arguments[ScanCommand.input])
        let harFiles = Self.once(try arguments[ScanCommand.har])
        for (index, text) in urls.enumerated() {
            let origin = ScanOrigin(file: "argument", line: index + 1)
            if URLCredentials.present(in: text) {
                throw UsageError(command: command, message: "a URL with credentials ('\(URLCredentials.masked(text))'): refused; remove the user part")
            }
            guard let target = CheckTarget.parse(text) else {
                throw UsageError(command: command, message: "invalid URL '\(text)' (expected an http(s):// URL, name, name:port or [v6]:port)")
            }
            input.entries.appendArgument(text, target: target, origin: origin)
        }
        for path in listFiles {
            let data = path == "-" ? try Self.readStandardInput(limit: ScanInputLimits.listBytes)
                                   : try InputFile.read(path, limit: ScanInputLimits.listBytes)
            let read = ScanListReader.read(data, file: path)
            unjudgeable += Self.unjudgeable(read, path: path, kind: "line")
            input.append(read)
        }
        for path in harFiles {
            let data = try InputFile.read(path, limit: ScanInputLimits.harBytes)
            do {
                let read = try HARReader.read(data, file: path)
                unjudgeable += Self.unjudgeable(read, path: path, kind: "entry")
                input.append(read)
            } catch {
                throw InputError(description: "\(path): \(error)")
            }
        }
        if input.entries.isEmpty && input.problems.isEmpty {
            throw UsageError(command: command, message: "no URLs to judge (give URLs, --input FILE or --har FILE)")
        }
        input.entries.connect(to: resolve)
        if let shard { input.entries.keepEndpoints(where: shard.contains) }

        let harOnly = !harFiles.isEmpty && listFiles.isEmpty && urls.isEmpty
        let context = try arguments[ScanCommand.context] ?? (harOnly ? .webView : .urlSession)
        let resolution = try PolicyOptions.resolutionOptions(arguments)
        var check = CheckOptions(policyDocument: try PolicyOptions.loadDocument(arguments, policy: ScanCommand.policy), context: context,
                                 subdomainDepth: resolution.subdomainDepth, legacyKeys: resolution.legacyKeys,
                                 time: try arguments[Self.at] ?? Date(), timeout: timeout,
                                 probeHTTP: arguments[ScanCommand.probeHTTP])
        check.issuerFetch = try IssuerFetchArguments.options(arguments)
        let outputPath = try arguments[ScanCommand.output]
        let format = try arguments[ScanCommand.format]
            ?? (outputPath == nil && SystemProcess.isTerminal(OutputDescriptor.standardOutput) ? .text : .jsonl)
        var trustStore = try TrustStoreOptions(arguments, command: command)
        trustStore.logListRefresh = try IssuerFetchArguments.logListRefresh(arguments, at: check.time, timeout: timeout)
        self.init(input: input, check: check, trustStore: trustStore, concurrency: concurrency,
                  shard: shard, format: format, outputPath: outputPath, quiet: arguments[ScanCommand.quiet],
                  resume: arguments[ScanCommand.resume], upgrade: arguments[ScanCommand.upgrade], unjudgeable: unjudgeable)
        target = resolution.target
    }

    /// Why `read`, the input of file `path`, cannot be scanned: every one of its lines or HAR
    /// entries was skipped (none when it gave a URL, or held nothing but comments).
    static func unjudgeable(_ read: ScanInput, path: String, kind: String) -> [String] {
        guard read.entries.isEmpty, !read.problems.isEmpty else { return [] }
        let count = read.problems.count
        var message = "\(path): no URL to judge: \(count == 1 ? "its one \(kind) was" : "all \(count) \(kind == "entry" ? "entries" : kind + "s") were") skipped"
        if read.problems.contains(where: { $0.message == "contains a NUL byte" }) {
            message += " (NUL bytes: UTF-16 or UTF-32 text without a byte-order mark? Save it as UTF-8)"
        }
        return [message]
    }

    static let resolve = Option<[ResolveEntry]>("resolve", value: "HOST:PORT:ADDRESS", help: "Connect to ADDRESS for HOST:PORT (curl's spelling; * as HOST for every host on PORT).")
    static let at = TimeArgument.option(help: "Judge certificates at this instant instead of now.")
    static let timeout = Option<Seconds>("timeout", value: "SECONDS", help: "Deadline per endpoint (each handshake gets at most this too).",
                                         default: 10, in: 0...600)
    static let concurrency = Option<Int>("concurrency", value: "N", help: "Most handshakes in flight across all endpoints (each endpoint also keeps host's bound of 8).",
                                         default: ScanEngine.defaultConcurrency, in: 1...1024)

    /// `--resolve`, `--at`, `--timeout` and `--concurrency`, as scan and app take them.
    static let probingOptionSpecs: [any OptionDeclaration] = [resolve, at, timeout, concurrency] + IssuerFetchArguments.optionSpecs

    /// `HOST:PORT:ADDRESS` entries (curl's `--resolve`), keyed `host:port` (lowercased; `*:port`
    /// for every host). IPv6 addresses may be bracketed.
    static func resolveMap(_ entries: [ResolveEntry]) -> [String: String] {
        Dictionary(entries.map { ($0.endpoint, $0.address) }, uniquingKeysWith: { _, last in last })
    }

    /// The entry with `--resolve` applied (an exact host first, then `*`).
    static func resolved(_ entry: ScanEntry, _ map: [String: String]) -> ScanEntry {
        guard let address = ScanEntryList.address(host: entry.target.host, port: entry.target.port, in: map) else { return entry }
        var target = entry.target
        target.address = address
        return ScanEntry(target: target, origin: entry.origin)
    }

    /// `paths` without the repeats, in the order first given.
    static func once(_ paths: [String]) -> [String] {
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    /// Standard input, up to `limit` bytes (more is an input error, not a silent cut).
    static func readStandardInput(limit: Int) throws -> Data {
        guard let data = StandardInput.read(limit: limit) else {
            throw InputError(description: "-: more than \(limit) bytes on standard input")
        }
        return data
    }
}

extension ScanInput {
    /// Appends another input's entries and problems.
    mutating func append(_ other: ScanInput) {
        entries.append(contentsOf: other.entries)
        problems += other.problems
    }
}

/// One `--resolve HOST:PORT:ADDRESS` entry (curl's spelling; `*` as HOST for every host on PORT;
/// an IPv6 address may be bracketed).
struct ResolveEntry: ExpressibleByArgument {
    /// `host:port`, the host lowercased.
    let endpoint: String
    /// The address to connect to, without brackets.
    let address: String

    init?(argument: String) {
        let parts = argument.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, !parts[0].isEmpty, let port = UInt16(parts[1]), port > 0 else { return nil }
        let address = HostPort.unbracketed(parts[2])
        guard IPAddress.isLiteral(address, allowingZone: false) else { return nil }
        endpoint = "\(parts[0].lowercased()):\(port)"
        self.address = address
    }

    static let argumentExpectation = "HOST:PORT:ADDRESS"

    var argumentDescription: String { "\(endpoint):" + (address.contains(":") ? "[\(address)]" : address) }
}
