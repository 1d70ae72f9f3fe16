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
public struct Baseline: Codable, Sendable {
    /// One finding the baseline holds.
    public typealias Entry = LintBaselineEntry

    /// The file format's version: 1.
    public var schemaVersion = 1
    /// The command that wrote it (`atscheck lint`, `atscheck scan`, …).
    public var generator = "atscheck lint"
    /// Lint findings, sorted by path, rule, key path, fingerprint.
    public var findings: [Entry]
    /// Blocked and unknown loads, sorted by load, bundle, fingerprint (absent in files that
    /// `lint` wrote before loads were kept: none).
    public var loads: [LoadBaselineEntry] = []

    /// The most bytes a baseline file may hold.
    public static let maximumBytes = 64 << 20

    private enum CodingKeys: String, CodingKey { case schemaVersion, generator, findings, loads }

    /// A baseline of these parts.
    public init(generator: String, findings: [Entry] = [], loads: [LoadBaselineEntry] = []) {
        self.generator = generator
        self.findings = findings
        self.loads = Self.sorted(loads)
    }

    /// Reads a baseline; `loads` may be absent, as `lint` writes none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        generator = try container.decode(String.self, forKey: .generator)
        findings = try container.decode([Entry].self, forKey: .findings)
        loads = try container.decodeIfPresent([LoadBaselineEntry].self, forKey: .loads) ?? []
    }

    /// Writes every part; `loads` only when there are some, so `lint`'s file is as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(generator, forKey: .generator)
        try container.encode(findings, forKey: .findings)
        if !loads.isEmpty || generator != "atscheck lint" { try container.encode(loads, forKey: .loads) }
    }

    /// Loads in the order the file keeps them, each fingerprint once.
    public static func sorted(_ loads: [LoadBaselineEntry]) -> [LoadBaselineEntry] {
        var seen = Set<String>()
        return loads.filter { seen.insert($0.fingerprint).inserted }
            .sorted { ($0.load, $0.bundle ?? "", $0.fingerprint) < ($1.load, $1.bundle ?? "", $1.fingerprint) }
    }

    /// The findings of `reports` as a baseline, fingerprints relative to `sourceRoot`.
    public init(_ reports: [FileReport], sourceRoot: String) {
        self.init(generator: "atscheck lint", findings: Self.entries(reports, sourceRoot: sourceRoot))
    }

    /// The baseline entries of the findings of `reports`, fingerprints relative to `sourceRoot`.
    public static func entries(_ reports: [FileReport], sourceRoot: String) -> [Entry] {
        var entries: [Entry] = []
        for report in reports {
            for (finding, fingerprint) in zip(report.findings, LintFingerprint.all(report, sourceRoot: sourceRoot)) {
                entries.append(Entry(fingerprint: fingerprint, rule: finding.rule, path: report.path, keyPath: finding.keyPath, message: finding.message))
            }
        }
        return entries.sorted { ($0.path, $0.rule, $0.keyPath ?? "", $0.fingerprint) < ($1.path, $1.rule, $1.keyPath ?? "", $1.fingerprint) }
    }

    /// The baseline in `path`; a ``RunInputError`` naming it when it cannot be read or is not one.
    public static func load(_ path: String) throws -> Baseline {
        let data: Data
        do throws(FileReadError) {
            data = try RegularFile.read(atPath: path, limit: maximumBytes)
        } catch {
            throw RunInputError(description: "\(path): \(error.description)")
        }
        guard let baseline = try? JSONDecoder().decode(Baseline.self, from: data), baseline.schemaVersion == 1 else {
            throw RunInputError(description: "\(path): not a baseline written by atscheck --write-baseline")
        }
        return baseline
    }

    /// Writes the baseline to `path` (into the file, as `>` would; never renamed over).
    public func save(to path: String) throws {
        let data = try JSONStyle.encoder().encode(self) + Data("\n".utf8)
        do {
            let file = try OutputFile.open(path, keepContents: false)
            if let failure = file.write(data) ?? file.close() { throw RunInputError(description: "\(path): cannot write the baseline (\(failure))") }
        } catch let error as OutputFile.OpenError {
            throw RunInputError(description: error.description)
        }
    }

    /// `reports` without the findings this baseline holds, how many those were, and the
    /// baseline's findings no longer found.
    public func compare(_ reports: [FileReport], sourceRoot: String) -> (reports: [FileReport], known: Int, fixed: [Entry]) {
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
public struct LintBaselineOutcome: Encodable, Sendable {
    /// The baseline file, as given.
    public var path: String
    /// Findings left out because the baseline holds them.
    public var known: Int
    /// The baseline's findings not found in this run.
    public var fixed: [Baseline.Entry]

    /// An outcome of these parts.
    public init(path: String, known: Int, fixed: [Baseline.Entry]) {
        self.path = path
        self.known = known
        self.fixed = fixed
    }

    /// The lines the Markdown summary adds after its table.
    public var notes: [String] {
        ["\(known) finding\(known == 1 ? "" : "s") in the baseline \(path) not reported"]
            + (fixed.isEmpty ? [] : ["\(fixed.count) finding\(fixed.count == 1 ? "" : "s") of the baseline fixed since"])
    }

    /// The lines text output adds after its summary.
    public var textLines: String {
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
