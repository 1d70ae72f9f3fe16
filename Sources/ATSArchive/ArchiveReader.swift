import AtscheckSystem
import CArchive

/// Reads a zip archive (an .ipa) with libarchive, streaming: nothing is extracted to disk and
/// nothing is kept unless the caller's consumer keeps it. Entries whose path is absolute or
/// climbs out with `..`, links, encrypted entries and entries past the limits are reported as
/// problems, each on its own, and never handed to the caller; an archive that cannot be read
/// at all (not a zip, truncated central directory) ends with `failure`.
public enum ArchiveReader {
    /// Reads the archive at `path`. `visit` sees each regular file's header and returns a
    /// consumer for its bytes, or nil to skip it.
    public static func read(atPath path: String, limits: ArchiveLimits = ArchiveLimits(),
                            visit: (ArchiveEntry) -> ArchiveEntryConsumer?) throws(FileReadError) -> ArchiveReadSummary {
        let (descriptor, _) = try RegularFile.openForStreaming(atPath: path, limit: limits.archiveBytes)
        defer { RegularFile.closeDescriptor(descriptor) }
        return read(descriptor: descriptor, limits: limits, visit: visit)
    }

    /// Reads an archive held in memory (the fuzz target's way in; an .ipa on disk is streamed
    /// with ``read(atPath:limits:visit:)``).
    public static func read(bytes: [UInt8], limits: ArchiveLimits = ArchiveLimits(),
                            visit: (ArchiveEntry) -> ArchiveEntryConsumer?) -> ArchiveReadSummary {
        bytes.withUnsafeBytes { buffer in
            read(limits: limits, visit: visit) { archive in archive_read_open_memory(archive, buffer.baseAddress, buffer.count) }
        }
    }

    static func read(descriptor: Int32, limits: ArchiveLimits, visit: (ArchiveEntry) -> ArchiveEntryConsumer?) -> ArchiveReadSummary {
        read(limits: limits, visit: visit) { archive in archive_read_open_fd(archive, descriptor, 64 * 1024) }
    }

    private static func read(limits: ArchiveLimits, visit: (ArchiveEntry) -> ArchiveEntryConsumer?,
                             open: (OpaquePointer) -> Int32) -> ArchiveReadSummary {
        var summary = ArchiveReadSummary()
        guard let archive = archive_read_new() else {
            summary.failure = "cannot start libarchive"
            return summary
        }
        defer { archive_read_free(archive) }
        // The seekable reader works from the central directory: a truncated archive is an
        // error rather than a walk of whatever local headers survive, and symbolic links are
        // known as links (the streaming reader sees them as small files).
        archive_read_support_format_zip_seekable(archive)
        guard open(archive) == ARCHIVE_OK else {
            summary.failure = "not a readable zip archive: \(errorText(archive))"
            return summary
        }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var header: OpaquePointer?
        while true {
            let status = archive_read_next_header(archive, &header)
            if status == ARCHIVE_EOF { break }
            if status == ARCHIVE_FATAL || header == nil {
                summary.failure = "the archive is damaged after \(summary.entries) entries: \(errorText(archive))"
                break
            }
            guard summary.entries < limits.entries else {
                summary.failure = "more than \(limits.entries) entries: the rest were not read"
                break
            }
            summary.entries += 1
            guard let header else { break }
            let path = entryPath(header)
            guard isSafePath(path) else {
                summary.problems.append(ArchiveProblem(path: path, problem: .unsafePath))
                continue
            }
            let kind = entryKind(header)
            switch kind {
            case .directory: continue
            case .symbolicLink(let target):
                summary.problems.append(ArchiveProblem(path: path, problem: .symbolicLink(target: target)))
                continue
            case .other:
                summary.problems.append(ArchiveProblem(path: path, problem: .unsupportedKind))
                continue
            case .file: break
            }
            if archive_entry_is_encrypted(header) != 0 {
                summary.problems.append(ArchiveProblem(path: path, problem: .encrypted))
                continue
            }
            let declared: Int64? = archive_entry_size_is_set(header) != 0 ? archive_entry_size(header) : nil
            let entry = ArchiveEntry(path: path, kind: .file, declaredSize: declared)
            guard let consume = visit(entry) else { continue }
            guard summary.bytesRead < limits.totalBytes else {
                summary.problems.append(ArchiveProblem(path: path, problem: .totalLimitReached(limit: limits.totalBytes)))
                continue
            }
            var entryRead: Int64 = 0
            while true {
                let count = buffer.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, $0.count) }
                if count == 0 { break }
                if count < 0 {
                    summary.problems.append(ArchiveProblem(path: path, problem: .unreadable(errorText(archive))))
                    break
                }
                let room = min(limits.entryBytes - entryRead, limits.totalBytes - summary.bytesRead)
                let take = Int(min(Int64(count), max(0, room)))
                entryRead += Int64(take)
                summary.bytesRead += Int64(take)
                let wanted = take > 0 ? consume(buffer[0..<take]) : false
                if take < count {
                    let problem: ArchiveEntryProblem = entryRead >= limits.entryBytes
                        ? .tooLarge(limit: limits.entryBytes) : .totalLimitReached(limit: limits.totalBytes)
                    summary.problems.append(ArchiveProblem(path: path, problem: problem))
                    break
                }
                if !wanted { break }
            }
        }
        return summary
    }

    /// Relative, with no empty, `.` or `..` component doing anything but naming a directory.
    public static func isSafePath(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.hasPrefix("\\"), !path.contains("\0") else { return false }
        return !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." } && !path.contains("\\..")
    }

    private static func entryPath(_ header: OpaquePointer) -> String {
        if let utf8 = archive_entry_pathname_utf8(header) { return String(cString: utf8) }
        // Not UTF-8 (a legacy code page): shown with replacement characters.
        if let raw = archive_entry_pathname(header) { return String(cString: raw) }
        return ""
    }

    private static func entryKind(_ header: OpaquePointer) -> ArchiveEntry.Kind {
        // AE_IFREG, AE_IFDIR, AE_IFLNK: casts in C macros, which Swift does not import.
        switch archive_entry_filetype(header) {
        case 0o100000:
            if archive_entry_hardlink(header) != nil { return .other }
            return .file
        case 0o040000: return .directory
        case 0o120000:
            return .symbolicLink(archive_entry_symlink(header).map { String(cString: $0) } ?? "")
        default: return .other
        }
    }

    private static func errorText(_ archive: OpaquePointer) -> String {
        archive_error_string(archive).map { String(cString: $0) } ?? "unknown libarchive error"
    }
}
