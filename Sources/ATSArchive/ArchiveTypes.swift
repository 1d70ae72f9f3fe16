/// Bounds on what reading one archive may cost: a zip bomb or an archive of a million
/// entries ends with a clear message instead of exhausting memory or time.
public struct ArchiveLimits: Sendable, Hashable {
    /// The archive file itself.
    public var archiveBytes: Int64
    /// Entries looked at (directories included).
    public var entries: Int
    /// Uncompressed bytes of one entry handed to a reader; the rest of the entry is skipped.
    public var entryBytes: Int64
    /// Uncompressed bytes handed to readers over the whole archive.
    public var totalBytes: Int64
    /// Bytes of central directory, as the archive declares it, that libzip is let load.
    public var directoryBytes: Int64

    /// Limits for an app archive: 4 GiB file, 200,000 entries, 256 MiB per entry, 2 GiB in all,
    /// a 128 MiB central directory (a real 200,000-entry .ipa's is about 25 MB).
    public init(archiveBytes: Int64 = 4 << 30, entries: Int = 200_000, entryBytes: Int64 = 256 << 20, totalBytes: Int64 = 2 << 30,
                directoryBytes: Int64 = 128 << 20) {
        self.archiveBytes = archiveBytes
        self.entries = entries
        self.entryBytes = entryBytes
        self.totalBytes = totalBytes
        self.directoryBytes = directoryBytes
    }
}

/// One entry of an archive, as its header describes it.
public struct ArchiveEntry: Sendable, Hashable {
    /// What the entry is.
    public enum Kind: Sendable, Hashable {
        case file
        case directory
        /// A symbolic link, and where it points (never followed).
        case symbolicLink(String)
        /// A hard link, a device, a FIFO...
        case other
    }

    /// The path as stored, `/`-separated, relative (entries that are not are refused before
    /// a reader sees them).
    public let path: String
    /// Whether the entry is a file, a directory, a symbolic link or something else (from its header).
    public let kind: Kind
    /// The uncompressed size the header declares, when it declares one.
    public let declaredSize: Int64?
}

/// Why an entry was not read, or was read only in part.
public enum ArchiveEntryProblem: Sendable, Hashable, CustomStringConvertible {
    /// An absolute path or one with `..`: it would land outside the archive's tree if extracted.
    case unsafePath
    /// A symbolic link, not followed.
    case symbolicLink(target: String)
    /// The entry is encrypted.
    case encrypted
    /// Longer than the per-entry limit: only the first `limit` bytes were read.
    case tooLarge(limit: Int64)
    /// The archive's total limit was reached at this entry; it and the rest were not read.
    case totalLimitReached(limit: Int64)
    /// libzip could not read the entry's data (a damaged stream, a CRC mismatch).
    case unreadable(String)
    /// A hard link, device or FIFO: not read.
    case unsupportedKind
    /// A reader's own cap was reached inside an entry that was read (text past the text limit,
    /// URLs past the per-file count): what was left out, in words.
    case partlyJudged(String)

    /// True when part of what the entry holds went unjudged because a limit was reached (an
    /// entry too large, the archive's budget spent, a reader's cap): the audit cannot say it
    /// judged everything.
    public var isLimit: Bool {
        switch self {
        case .tooLarge, .totalLimitReached, .partlyJudged: true
        default: false
        }
    }

    /// One line for humans: what is wrong and what was not read (`encrypted: not read`,
    /// `larger than N bytes: only the first N read`).
    public var description: String {
        switch self {
        case .unsafePath: return "path is absolute or leaves the archive with '..': not read"
        case .symbolicLink(let target): return "symbolic link to '\(target.prefix(200))': not followed"
        case .encrypted: return "encrypted: not read"
        case .tooLarge(let limit): return "larger than \(limit) bytes: only the first \(limit) read"
        case .totalLimitReached(let limit): return "the archive's \(limit) uncompressed bytes were used up: not read"
        case .unreadable(let message): return "cannot be read: \(message)"
        case .unsupportedKind: return "not a regular file, directory or link: not read"
        case .partlyJudged(let what): return what
        }
    }
}

/// An entry and what went wrong with it.
public struct ArchiveProblem: Sendable, Hashable, CustomStringConvertible {
    /// The entry's path, relative to the archive or directory walked.
    public let path: String
    /// What went wrong with it.
    public let problem: ArchiveEntryProblem

    /// A problem with the entry at `path`.
    public init(path: String, problem: ArchiveEntryProblem) {
        self.path = path
        self.problem = problem
    }

    /// `path: problem`, as `atscheck app` lists it in `problems`.
    public var description: String { "\(path): \(problem)" }
}

/// What reading an archive came to.
public struct ArchiveReadSummary: Sendable, Hashable {
    /// Entries looked at.
    public var entries = 0
    /// Uncompressed bytes handed to readers.
    public var bytesRead: Int64 = 0
    /// Entries skipped or cut short, with why.
    public var problems: [ArchiveProblem] = []
    /// Why reading stopped early for the whole archive (not an archive, truncated, too many
    /// entries), when it did; entries before it were read.
    public var failure: String?

    /// Nothing read yet.
    public init() {}

    /// A summary of an archive refused before any entry was read.
    init(failure: String) {
        self.failure = failure
    }
}

/// Receives one entry's bytes, in order, in chunks; returns false to skip the rest of it.
public typealias ArchiveEntryConsumer = (ArraySlice<UInt8>) -> Bool
