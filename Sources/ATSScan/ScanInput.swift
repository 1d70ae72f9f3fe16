import ATSCheck
import ATSVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where an input URL came from: a file (or "-" for stdin, "argument" for the command line) and
/// a 1-based line, or a HAR entry index (0-based, as in `log.entries[N]`).
public struct ScanOrigin: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file's path as given, `-` for standard input, or `argument` for the command line.
    public let file: String
    /// The 1-based line of a list (or position of a command-line argument).
    public let line: Int?
    /// The 0-based index in a HAR's `log.entries`.
    public let harEntry: Int?

    /// An origin of these parts.
    public init(file: String, line: Int? = nil, harEntry: Int? = nil) {
        self.file = file
        self.line = line
        self.harEntry = harEntry
    }

    /// The place: a HAR entry, else a line, else the file.
    public var location: Location {
        Location(file: file, position: harEntry.map { .harEntry($0) } ?? line.map { .line($0) } ?? .file)
    }

    /// `urls.txt:12`, `capture.har: log.entries[3]`, or the file alone.
    public var description: String { location.description }
}

/// One URL to judge.
public struct ScanEntry: Sendable, Hashable {
    /// What to check.
    public let target: CheckTarget
    /// Where it was written.
    public let origin: ScanOrigin

    /// An entry of these parts.
    public init(target: CheckTarget, origin: ScanOrigin) {
        self.target = target
        self.origin = origin
    }
}

/// A line or entry that was skipped, with why.
public struct ScanInputProblem: Sendable, Hashable, CustomStringConvertible {
    /// The skipped line or entry.
    public let origin: ScanOrigin
    /// Why it was skipped, one line (`unsupported scheme "ftp" …`).
    public let message: String

    /// A problem of these parts.
    public init(origin: ScanOrigin, message: String) {
        self.origin = origin
        self.message = message
    }

    /// `urls.txt:12: message`.
    public var description: String { "\(origin): \(message)" }
}

/// What an input gave: the entries in order, and every skipped line with its reason (never
/// silently dropped).
public struct ScanInput: Sendable {
    /// The URLs, in input order, duplicates kept (compact: see ``ScanEntryList``).
    public var entries = ScanEntryList()
    /// The skipped lines or entries, in input order.
    public var problems: [ScanInputProblem] = []

    /// An empty input.
    public init() {}

    /// Adds `text`, read by `reading`, or, when it is no target, the reason it was skipped.
    mutating func append(_ text: String, _ reading: ScanEntryList.Reading, _ result: Result<CheckTarget, ScanTextError>, origin: ScanOrigin) {
        switch result {
        case .success(let target): entries.append(text, reading, target: target, origin: origin)
        case .failure(let error): problems.append(ScanInputProblem(origin: origin, message: error.message))
        }
    }

    /// Adds a problem with no text to read (an unreadable line, a HAR entry without a URL).
    mutating func append(problem error: ScanTextError, origin: ScanOrigin) {
        problems.append(ScanInputProblem(origin: origin, message: error.message))
    }
}

/// The most bytes a list or HAR file may have (the caller enforces it with
/// `RegularFile.read(atPath:limit:)`): 256 MiB for HAR, 64 MiB for lists.
public enum ScanInputLimits {
    /// 64 MiB: a URL list.
    public static let listBytes = 64 << 20
    /// 256 MiB: a HAR capture (response bodies make them large).
    public static let harBytes = 256 << 20
    /// 8 KiB: one line of a list.
    public static let lineBytes = 8 << 10
}
