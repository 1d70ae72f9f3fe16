import ATSVocabulary
import ArgumentParsing
import ATSCheck
import ATSPolicy
import ATSScan
import ATSSocket
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `atscheck scan`'s output formats.
enum ScanFormat: String, CaseIterable {
    case jsonl, text, json
}

/// `atscheck scan`'s arguments, validated once, with every input read.
struct ScanOptions {
    let input: ScanInput
    let check: CheckOptions
    let trustStore: TrustStoreOptions
    let concurrency: Int
    let shard: ScanShard?
    let format: ScanFormat
    let outputPath: String?
    let quiet: Bool
    let resume: Bool
    let upgrade: Bool
}

extension ScanOptions {
    init(_ arguments: ParsedArguments) throws {
        let command = ScanCommand.spec.name
        let timeout = try Self.timeout(arguments, command: command)
        let concurrency = try Self.concurrency(arguments, command: command)
        var shard: ScanShard? = nil
        if let text = arguments.value("shard") {
            guard let parsed = ScanShard(text) else {
                throw UsageError(command: command, message: "invalid value '\(text)' for '--shard' (expected K/N with 1 ≤ K ≤ N)")
            }
            shard = parsed
        }
        let resolve = try Self.resolveMap(arguments.values("resolve"), command: command)

        var input = ScanInput(entries: [], problems: [])
        for (index, text) in arguments.positional("URL").enumerated() {
            let origin = ScanOrigin(file: "argument", line: index + 1)
            guard let target = CheckTarget.parse(text) else {
                throw UsageError(command: command, message: "invalid URL '\(text)' (expected an http(s):// URL, name, name:port or [v6]:port)")
            }
            input.entries.append(ScanEntry(target: target, origin: origin))
        }
        for path in arguments.values("input") {
            let data = path == "-" ? try Self.readStandardInput(limit: ScanInputLimits.listBytes)
                                   : try InputFile.read(path, limit: ScanInputLimits.listBytes)
            input.append(ScanListReader.read(data, file: path))
        }
        for path in arguments.values("har") {
            let data = try InputFile.read(path, limit: ScanInputLimits.harBytes)
            do {
                input.append(try HARReader.read(data, file: path))
            } catch {
                throw InputError(description: "\(path): \(error)")
            }
        }
        if input.entries.isEmpty && input.problems.isEmpty {
            throw UsageError(command: command, message: "no URLs to judge (give URLs, --input FILE or --har FILE)")
        }
        input.entries = input.entries.map { Self.resolved($0, resolve) }
        if let shard { input.entries = input.entries.filter { shard.contains(ScanEndpoint($0.target)) } }

        let harOnly = !arguments.values("har").isEmpty && arguments.values("input").isEmpty && arguments.positional("URL").isEmpty
        let context = arguments.value("context").flatMap(LoadContext.init(rawValue:)) ?? (harOnly ? .webView : .urlSession)
        var check = CheckOptions(policyDocument: try arguments.value("policy").map(PolicyOptions.loadDocument), context: context,
                                 resolution: try PolicyOptions.resolutionOptions(arguments, command: command),
                                 time: try TimeArgument.evaluationTime(arguments.value("at"), command: command), timeout: timeout,
                                 probeHTTP: arguments.flag("probe-http"))
        check.issuerFetch = try IssuerFetchArguments.options(arguments, command: command)
        let format = arguments.value("format").flatMap(ScanFormat.init(rawValue:))
            ?? (arguments.value("output") == nil && SystemProcess.isTerminal(OutputDescriptor.standardOutput) ? .text : .jsonl)
        self.init(input: input, check: check, trustStore: try TrustStoreOptions(arguments, command: command), concurrency: concurrency,
                  shard: shard, format: format, outputPath: arguments.value("output"), quiet: arguments.flag("quiet"),
                  resume: arguments.flag("resume"), upgrade: arguments.flag("upgrade"))
    }

    /// `--resolve`, `--at`, `--timeout` and `--concurrency`, as scan and app take them.
    static let probingOptionSpecs: [OptionSpec] = [
        OptionSpec("resolve", value: "HOST:PORT:ADDRESS", help: "Connect to ADDRESS for HOST:PORT (curl's spelling; * as HOST for every host on PORT).", repeatable: true),
        OptionSpec("at", value: "ISO8601", help: "Judge certificates at this instant instead of now."),
        OptionSpec("timeout", value: "SECONDS", help: "Deadline per endpoint (each handshake gets at most this too).", defaultValue: "10"),
        OptionSpec("concurrency", value: "N", help: "Most handshakes in flight across all endpoints (each endpoint also keeps host's bound of 8).", defaultValue: "\(ScanEngine.defaultConcurrency)"),
    ] + IssuerFetchArguments.optionSpecs

    /// `--timeout SECONDS` (default 10), 0 < t ≤ 600.
    static func timeout(_ arguments: ParsedArguments, command: String) throws -> Double {
        let text = arguments.value("timeout") ?? "10"
        guard let timeout = Double(text), timeout > 0, timeout <= 600 else {
            throw UsageError(command: command, message: "invalid value '\(text)' for '--timeout' (expected seconds, 0 < t ≤ 600)")
        }
        return timeout
    }

    /// `--concurrency N` (default the engine's), 1–1024.
    static func concurrency(_ arguments: ParsedArguments, command: String) throws -> Int {
        let text = arguments.value("concurrency") ?? "\(ScanEngine.defaultConcurrency)"
        guard let concurrency = Int(text), (1...1024).contains(concurrency) else {
            throw UsageError(command: command, message: "invalid value '\(text)' for '--concurrency' (expected 1-1024)")
        }
        return concurrency
    }

    /// `HOST:PORT:ADDRESS` entries (curl's `--resolve`), keyed `host:port` (lowercased; `*:port`
    /// for every host). IPv6 addresses may be bracketed.
    static func resolveMap(_ values: [String], command: String) throws -> [String: String] {
        var map: [String: String] = [:]
        for value in values {
            let invalid = UsageError(command: command, message: "invalid value '\(value)' for '--resolve' (expected HOST:PORT:ADDRESS)")
            let parts = value.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, !parts[0].isEmpty, let port = UInt16(parts[1]), port > 0 else { throw invalid }
            let address = HostPort.unbracketed(parts[2])
            guard IPAddress.isLiteral(address, allowingZone: false) else { throw invalid }
            map["\(parts[0].lowercased()):\(port)"] = address
        }
        return map
    }

    /// The entry with `--resolve` applied (an exact host first, then `*`).
    static func resolved(_ entry: ScanEntry, _ map: [String: String]) -> ScanEntry {
        guard !map.isEmpty else { return entry }
        let port = entry.target.port
        guard let address = map["\(entry.target.host.lowercased()):\(port)"] ?? map["*:\(port)"] else { return entry }
        var target = entry.target
        target.address = address
        return ScanEntry(target: target, origin: entry.origin)
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
        entries += other.entries
        problems += other.problems
    }
}
