import ArgumentParsing
import ATSJSON
import ATSLint
import ATSScan
import ATSVocabulary
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--write-baseline FILE` and `--baseline FILE` (`lint`, `app`, `scan`, `report`): the lint
/// findings and the blocked or unknown loads a project has accepted for now, by fingerprint
/// (``LintFingerprint``: rule, file, key path; ``LoadBaselineEntry``: verdict, reasons, scheme,
/// host, port, path; no line numbers), so that a run reports, and fails on, only what is new
/// since, and says what was fixed.
struct Baseline: Codable, Sendable {
    /// One finding the baseline holds.
    typealias Entry = LintBaselineEntry

    var schemaVersion = 1
    /// The command that wrote it (`atscheck lint`, `atscheck scan`, …).
    var generator = "atscheck lint"
    /// Lint findings, sorted by path, rule, key path, fingerprint.
    var findings: [Entry]
    /// Blocked and unknown loads, sorted by load, bundle, fingerprint (absent in files that
    /// `lint` wrote before loads were kept: none).
    var loads: [LoadBaselineEntry] = []

    /// The most bytes a baseline file may hold.
    static let maximumBytes = 64 << 20

    static let write = Option<String?>("write-baseline", value: "FILE", help: "Write every finding reported to FILE as the baseline to compare later runs with (by rule, file and key path, not line), and pass.")
    static let read = Option<String?>("baseline", value: "FILE", help: "Report, and fail on, only findings that FILE (from --write-baseline) does not hold; say which of its findings are gone.")
    /// `--write-baseline` for the commands that judge loads.
    static let writeLoads = Option<String?>("write-baseline", value: "FILE", help: "Write the blocked and unknown loads (and, for app, the lint findings) to FILE as the baseline to compare later runs with (by verdict, reasons, scheme, host, port and path, not where found), and pass.")
    /// `--baseline` for the commands that judge loads.
    static let readLoads = Option<String?>("baseline", value: "FILE", help: "Mark the blocked and unknown loads FILE (from --write-baseline) holds as unchanged: reported, but they do not fail the run; say which of its loads were not met.")

    /// Whether writing a baseline passes the run: yes when `--write-baseline` was given on the
    /// command line, or by the configuration while the command line gave no `--fail-on`. A
    /// configuration cannot turn off a gate the command line asks for.
    static func writingPasses(_ arguments: ParsedArguments, _ write: Option<String?>) throws -> Bool {
        guard try arguments[write] != nil else { return false }
        let fromConfiguration = arguments.origin(of: write.spec) != nil
        let failOnOnCommandLine = arguments.spec.option(named: "fail-on").map { arguments.isGiven($0) && arguments.origin(of: $0) == nil } ?? false
        return !(fromConfiguration && failOnOnCommandLine)
    }

    private enum CodingKeys: String, CodingKey { case schemaVersion, generator, findings, loads }

    /// A baseline of these parts.
    init(generator: String, findings: [Entry] = [], loads: [LoadBaselineEntry] = []) {
        self.generator = generator
        self.findings = findings
        self.loads = Self.sorted(loads)
    }

    /// Reads a baseline; `loads` may be absent, as `lint` writes none.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        generator = try container.decode(String.self, forKey: .generator)
        findings = try container.decode([Entry].self, forKey: .findings)
        loads = try container.decodeIfPresent([LoadBaselineEntry].self, forKey: .loads) ?? []
    }

    /// Writes every part; `loads` only when there are some, so `lint`'s file is as before.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(generator, forKey: .generator)
        try container.encode(findings, forKey: .findings)
        if !loads.isEmpty || generator != "atscheck lint" { try container.encode(loads, forKey: .loads) }
    }

    /// Loads in the order the file keeps them, each fingerprint once.
    static func sorted(_ loads: [LoadBaselineEntry]) -> [LoadBaselineEntry] {
        var seen = Set<String>()
        return loads.filter { seen.insert($0.fingerprint).inserted }
            .sorted { ($0.load, $0.bundle ?? "", $0.fingerprint) < ($1.load, $1.bundle ?? "", $1.fingerprint) }
    }

    /// The findings of `reports` as a baseline, fingerprints relative to `sourceRoot`.
    init(_ reports: [FileReport], sourceRoot: String) {
        self.init(generator: "atscheck lint", findings: Self.entries(reports, sourceRoot: sourceRoot))
    }

    /// The baseline entries of the findings of `reports`, fingerprints relative to `sourceRoot`.
    static func entries(_ reports: [FileReport], sourceRoot: String) -> [Entry] {
        var entries: [Entry] = []
        for report in reports {
            for (finding, fingerprint) in zip(report.findings, LintFingerprint.all(report, sourceRoot: sourceRoot)) {
                entries.append(Entry(fingerprint: fingerprint, rule: finding.rule, path: report.path, keyPath: finding.keyPath, message: finding.message))
            }
        }
        return entries.sorted { ($0.path, $0.rule, $0.keyPath ?? "", $0.fingerprint) < ($1.path, $1.rule, $1.keyPath ?? "", $1.fingerprint) }
    }

    /// The baseline in `path`; an `InputError` naming it when it cannot be read or is not one.
    static func load(_ path: String) throws -> Baseline {
        let data = try InputFile.read(path, limit: maximumBytes)
        guard let baseline = try? JSONDecoder().decode(Baseline.self, from: data), baseline.schemaVersion == 1 else {
            throw InputError(description: "\(path): not a baseline written by atscheck --write-baseline")
        }
        return baseline
    }

    /// Writes the baseline to `path` (into the file, as `>` would; never renamed over).
    func save(to path: String) throws {
        let data = try JSONStyle.encoder().encode(self) + Data("\n".utf8)
        do {
            let file = try OutputFile.open(path, keepContents: false)
            if let failure = file.write(data) ?? file.close() { throw InputError(description: "\(path): cannot write the baseline (\(failure))") }
        } catch let error as OutputFile.OpenError {
            throw InputError(description: error.description)
        }
    }

    /// `reports` without the findings this baseline holds, how many those were, and the
    /// baseline's findings no longer found.
    func compare(_ reports: [FileReport], sourceRoot: String) -> (reports: [FileReport], known: Int, fixed: [Entry]) {
        let held = Set(findings.map(\.fingerprint))
        var seen = Set<String>(), known = 0
        let kept = reports.map { report -> FileReport in
            let fingerprints = LintFingerprint.all(report, sourceRoot: sourceRoot)
            seen.formUnion(fingerprints)
            let new = zip(report.findings, fingerprints).filter { !held.contains($0.1) }.map(\.0)
            known += report.findings.count - new.count
            return FileReport(path: report.path, findings: new)
        }
        return (kept, known, findings.filter { !seen.contains($0.fingerprint) })
    }
}

/// What `--baseline` made of a run, for the outputs: `baseline` in JSON.
struct LintBaselineOutcome: Encodable {
    /// The baseline file, as given.
    var path: String
    /// Findings left out because the baseline holds them.
    var known: Int
    /// The baseline's findings not found in this run.
    var fixed: [Baseline.Entry]

    /// The lines the Markdown summary adds after its table.
    var notes: [String] {
        ["\(known) finding\(known == 1 ? "" : "s") in the baseline \(path) not reported"]
            + (fixed.isEmpty ? [] : ["\(fixed.count) finding\(fixed.count == 1 ? "" : "s") of the baseline fixed since"])
    }

    /// The lines text output adds after its summary.
    var textLines: String {
        func findings(_ count: Int) -> String { "\(count) finding\(count == 1 ? "" : "s")" }
        var out = "\(findings(known)) in the baseline \(TerminalText.safe(path)) not reported\n"
        if !fixed.isEmpty {
            out += "\(findings(fixed.count)) of the baseline fixed since:\n"
            for entry in fixed {
                out += "  \(TerminalText.safe(entry.path)): \(entry.rule)" + (entry.keyPath.map { " at \(TerminalText.safe($0))" } ?? "") + "\n"
            }
        }
        return out
    }
}

/// `lint --format json`: the reporter's document and, with `--baseline`, what it held back
/// (`baseline`, null without one).
struct LintJSONDocument: Encodable {
    let document: JSONReporter.Document
    let baseline: LintBaselineOutcome?

    private enum CodingKeys: String, CodingKey { case baseline }

    func encode(to encoder: any Encoder) throws {
        try document.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(baseline, forKey: .baseline)
    }
}
