#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file named on the command line to write results into (`scan --output`), opened the way a
/// shell's `>` opens it and never replaced: the path keeps its inode, a symbolic link is
/// written through, a character device (`/dev/null`) or a FIFO is written to as it is. A
/// regular file is locked (`flock`, exclusive) for the run, so a second writer is refused
/// instead of writing into a file the first one is truncating.
package struct OutputFile: Sendable {
    /// The path as given.
    package let path: String
    /// The writer; every write is checked by the caller.
    package let writer: OutputDescriptor
    /// True for a regular file (locked, truncated or rewritten in place); false for a
    /// character device or a FIFO, which are only written to.
    package let isRegular: Bool

    /// Why an output could not be opened, in one sentence that names the path.
    package struct OpenError: Error, CustomStringConvertible {
        /// The sentence.
        package let description: String
    }

    /// Opens `path` for writing, creating a regular file (mode 0644) when nothing is there.
    /// A regular file is locked and, unless `keepContents`, emptied; anything but a regular
    /// file, a character device or a FIFO is refused. A FIFO without a reader blocks here, as
    /// it does for a shell.
    package static func open(_ path: String, keepContents: Bool) throws(OpenError) -> OutputFile {
        // A FIFO or a device is opened write-only: read-write would make this process a reader
        // of its own FIFO (no waiting for the real one, no EPIPE when it goes away).
        var existing = stat()
        let kind = stat(path, &existing) == 0 ? existing.st_mode & S_IFMT : 0
        let special = kind == S_IFIFO || kind == S_IFCHR
        let descriptor = systemOpen(path, (special ? O_WRONLY : O_RDWR | O_CREAT) | O_CLOEXEC, 0o644)
        let fallback = descriptor >= 0 || special || errno != EACCES ? descriptor : systemOpen(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard fallback >= 0 else { throw OpenError(description: "\(path): cannot open for writing (\(systemMessage(errno)))") }
        let writer = OutputDescriptor(descriptor: fallback)
        var status = stat()
        guard fstat(fallback, &status) == 0 else {
            let reason = systemMessage(errno)
            writer.close()
            throw OpenError(description: "\(path): cannot examine (\(reason))")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard flock(fallback, LOCK_EX | LOCK_NB) == 0 else {
                let busy = errno == EWOULDBLOCK
                let reason = systemMessage(errno)
                writer.close()
                throw OpenError(description: busy ? "\(path): another process is writing this file (a second scan with the same --output?); wait for it or choose another path"
                                                  : "\(path): cannot lock (\(reason))")
            }
            if !keepContents, ftruncate(fallback, 0) != 0 {
                let reason = systemMessage(errno)
                writer.close()
                throw OpenError(description: "\(path): cannot empty (\(reason))")
            }
            if keepContents { lseek(fallback, 0, SEEK_END) }
            return OutputFile(path: path, writer: writer, isRegular: true)
        case S_IFCHR, S_IFIFO:
            return OutputFile(path: path, writer: writer, isRegular: false)
        default:
            writer.close()
            throw OpenError(description: "\(path): not a regular file, character device or FIFO; refusing to write to it")
        }
    }

    /// Creates a new regular file at `path` (mode 0644) and opens it for writing; refused when
    /// anything, a dangling symbolic link included, is already there: never replaces a file.
    package static func create(_ path: String) throws(OpenError) -> OutputFile {
        let descriptor = systemOpen(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let exists = errno == EEXIST
            throw OpenError(description: exists ? "\(path): already exists; not replaced" : "\(path): cannot create (\(systemMessage(errno)))")
        }
        return OutputFile(path: path, writer: OutputDescriptor(descriptor: descriptor), isRegular: true)
    }

    /// The contents of a regular file, read from its start, at most `limit` bytes (nil past
    /// it, or when the file cannot be read).
    package func contents(limit: Int) -> Data? {
        guard isRegular else { return Data() }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { pread(writer.descriptor, $0.baseAddress!, $0.count, offset) }
            if count < 0, errno == EINTR { continue }
            if count < 0 { return nil }
            if count == 0 { return data }
            data.append(contentsOf: chunk[..<count])
            offset += off_t(count)
            if data.count > limit { return nil }
        }
    }

    /// Replaces a regular file's contents in place with `data` (written from the start, the
    /// rest cut off, flushed to the disk) and leaves the offset at its end for appending.
    /// Returns the system's message on failure, nil on success.
    package func rewrite(_ data: Data) -> String? {
        guard isRegular else { return "not a regular file" }
        let failure: String? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = pwrite(writer.descriptor, buffer.baseAddress! + offset, buffer.count - offset, off_t(offset))
                if count < 0, errno == EINTR { continue }
                if count < 0 { return systemMessage(errno) }
                offset += count
            }
            return nil
        }
        if let failure { return failure }
        guard ftruncate(writer.descriptor, off_t(data.count)) == 0, fsync(writer.descriptor) == 0 else { return systemMessage(errno) }
        lseek(writer.descriptor, 0, SEEK_END)
        return nil
    }

    /// Writes every byte of `data`; the system's message when a write fails.
    package func write(_ data: Data) -> String? { writer.write(data) }

    /// Closes the file (and so releases its lock); the system's message when closing reports
    /// a failed write (NFS, a full disk reported late), nil otherwise.
    package func close() -> String? {
        systemClose(writer.descriptor) == 0 ? nil : systemMessage(errno)
    }
}

private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Glibc)
    Glibc.open(path, flags, mode)
    #else
    Darwin.open(path, flags, mode)
    #endif
}
