import AtscheckSystem
import CZip
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a zip archive (an .ipa) with libzip, streaming: nothing is extracted to disk and
/// nothing is kept unless the caller's consumer keeps it. Entries whose path is absolute or
/// climbs out with `..`, links, encrypted entries and entries past the limits are reported as
/// problems, each on its own, and never handed to the caller; an archive that cannot be read
/// at all (not a zip, no end of central directory) ends with `failure`.
///
/// libzip works from the central directory: a truncated archive is an error rather than a walk
/// of whatever local headers survive, and a symbolic link is known by the Unix mode stored
/// there (its local header makes it look like a small file).
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
        let declaration = CentralDirectoryDeclaration.read(size: UInt64(bytes.count)) { offset, count in
            offset + UInt64(count) <= UInt64(bytes.count) ? Array(bytes[Int(offset)..<(Int(offset) + count)]) : nil
        }
        if let refusal = declaration?.refusal(limits) { return ArchiveReadSummary(failure: refusal) }
        return bytes.withUnsafeBytes { buffer in
            read(limits: limits, visit: visit) { error in
                zip_source_buffer_create(buffer.baseAddress, zip_uint64_t(buffer.count), 0, error).flatMap { openArchive($0, error) }
            }
        }
    }

    static func read(descriptor: Int32, limits: ArchiveLimits, visit: (ArchiveEntry) -> ArchiveEntryConsumer?) -> ArchiveReadSummary {
        var status = stat()
        if fstat(descriptor, &status) == 0 {
            let declaration = CentralDirectoryDeclaration.read(size: UInt64(max(0, status.st_size))) { offset, count in
                var bytes = [UInt8](repeating: 0, count: count)
                let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
                return got == count ? bytes : nil
            }
            if let refusal = declaration?.refusal(limits) { return ArchiveReadSummary(failure: refusal) }
        }
        // libzip seeks before every read of a stream, which throws a stream's default 4 KiB
        // buffer away each time; with a 1 MiB buffer of our own (glibc ignores a size given
        // without one) a 100 MB archive takes ~130 reads instead of ~2,900 and is read as fast
        // as libarchive read it. The buffer outlives the stream: the archive, and the stream
        // with it, is gone when `read` returns.
        let bufferSize = 1 << 20
        let streamBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: bufferSize)
        defer { streamBuffer.deallocate() }
        return read(limits: limits, visit: visit) { error in
            // libzip closes the stream it reads with the archive, so it gets a stream over a
            // copy of the descriptor; the caller closes the original.
            let copy = dup(descriptor)
            guard copy >= 0 else {
                zip_error_set(error, ZIP_ER_OPEN, errno)
                return nil
            }
            guard let stream = fdopen(copy, "rb") else {
                zip_error_set(error, ZIP_ER_OPEN, errno)
                close(copy)
                return nil
            }
            setvbuf(stream, streamBuffer, _IOFBF, bufferSize)
            // -1: the whole file, its size taken now (every libzip release reads -1 so).
            guard let source = zip_source_filep_create(stream, 0, -1, error) else {
                fclose(stream)
                return nil
            }
            return openArchive(source, error)
        }
    }

    /// The archive read from `source`, or nil with `error` set; the source is freed (and a
    /// stream under it closed) when it cannot be opened, and with the archive otherwise.
    private static func openArchive(_ source: OpaquePointer, _ error: UnsafeMutablePointer<zip_error_t>) -> OpaquePointer? {
        if let archive = zip_open_from_source(source, ZIP_RDONLY, error) { return archive }
        zip_source_free(source)
        return nil
    }

    private static func read(limits: ArchiveLimits, visit: (ArchiveEntry) -> ArchiveEntryConsumer?,
                             open: (UnsafeMutablePointer<zip_error_t>) -> OpaquePointer?) -> ArchiveReadSummary {
        var summary = ArchiveReadSummary()
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let archive = open(&error) else {
            summary.failure = "not a readable zip archive: \(String(cString: zip_error_strerror(&error)))"
            return summary
        }
        defer { zip_discard(archive) }
        let count = max(0, zip_get_num_entries(archive, 0))
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        for number in 0..<count {
            guard summary.entries < limits.entries else {
                summary.failure = "more than \(limits.entries) entries: the rest were not read"
                break
            }
            let index = zip_uint64_t(number)
            var stat = zip_stat_t()
            zip_stat_init(&stat)
            guard zip_stat_index(archive, index, 0, &stat) == 0, let name = stat.name else {
                summary.failure = "the archive is damaged after \(summary.entries) entries: \(errorText(archive))"
                break
            }
            summary.entries += 1
            // libzip hands names over as UTF-8, converting those not flagged UTF-8 from CP437.
            let path = String(cString: name)
            guard isSafePath(path) else {
                summary.problems.append(ArchiveProblem(path: path, problem: .unsafePath))
                continue
            }
            switch entryKind(archive, index, path: path) {
            case .directory: continue
            case .symbolicLink(let target):
                summary.problems.append(ArchiveProblem(path: path, problem: .symbolicLink(target: target)))
                continue
            case .other:
                summary.problems.append(ArchiveProblem(path: path, problem: .unsupportedKind))
                continue
            case .file: break
            }
            if isEncrypted(stat) {
                summary.problems.append(ArchiveProblem(path: path, problem: .encrypted))
                continue
            }
            let declared: Int64? = stat.valid & zip_uint64_t(ZIP_STAT_SIZE) != 0 ? Int64(clamping: stat.size) : nil
            guard let consume = visit(ArchiveEntry(path: path, kind: .file, declaredSize: declared)) else { continue }
            guard summary.bytesRead < limits.totalBytes else {
                summary.problems.append(ArchiveProblem(path: path, problem: .totalLimitReached(limit: limits.totalBytes)))
                continue
            }
            guard let file = zip_fopen_index(archive, index, 0) else {
                summary.problems.append(ArchiveProblem(path: path, problem: .unreadable(errorText(archive))))
                continue
            }
            defer { zip_fclose(file) }
            var entryRead: Int64 = 0
            while true {
                let count = buffer.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress!, zip_uint64_t($0.count)) }
                if count == 0 { break }
                if count < 0 {
                    summary.problems.append(ArchiveProblem(path: path, problem: .unreadable(String(cString: zip_file_strerror(file)))))
                    break
                }
                let room = min(limits.entryBytes - entryRead, limits.totalBytes - summary.bytesRead)
                let take = Int(min(count, max(0, room)))
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

    /// What the central directory says the entry is: the Unix file type in the external
    /// attributes when the archive was made on Unix, otherwise a directory when the name ends
    /// with `/` and a file when it does not.
    private static func entryKind(_ archive: OpaquePointer, _ index: zip_uint64_t, path: String) -> ArchiveEntry.Kind {
        var system: zip_uint8_t = 0
        var attributes: zip_uint32_t = 0
        let unix = zip_file_get_external_attributes(archive, index, 0, &system, &attributes) == 0
            && zip_uint32_t(system) == ZIP_OPSYS_UNIX
        switch unix ? (attributes >> 16) & 0o170000 : 0 {
        case 0, 0o100000: return path.hasSuffix("/") ? .directory : .file
        case 0o040000: return .directory
        case 0o120000: return .symbolicLink(linkTarget(archive, index))
        default: return .other
        }
    }

    /// A link's target is its data; at most 1 KiB of it is read.
    private static func linkTarget(_ archive: OpaquePointer, _ index: zip_uint64_t) -> String {
        guard let file = zip_fopen_index(archive, index, 0) else { return "" }
        defer { zip_fclose(file) }
        var bytes = [UInt8](repeating: 0, count: 1024)
        let count = bytes.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress!, zip_uint64_t($0.count)) }
        return count > 0 ? String(decoding: bytes[0..<Int(count)], as: UTF8.self) : ""
    }

    private static func isEncrypted(_ stat: zip_stat_t) -> Bool {
        stat.valid & zip_uint64_t(ZIP_STAT_ENCRYPTION_METHOD) != 0 && stat.encryption_method != zip_uint16_t(ZIP_EM_NONE)
    }

    private static func errorText(_ archive: OpaquePointer) -> String {
        String(cString: zip_strerror(archive))
    }
}
