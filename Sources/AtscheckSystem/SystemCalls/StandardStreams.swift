#if canImport(FoundationEssentials)
import FoundationEssentials
#else
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file descriptor written with `write(2)` until every byte is out, in place of
/// Foundation's `FileHandle`: standard output and error, or a file opened for appending.
/// Write errors (a closed pipe, a full disk) end the write quietly, as for `print`.
package struct OutputDescriptor: Sendable {
    /// The descriptor written to.
    package let descriptor: Int32

    /// A writer to the already open `descriptor`; nothing is closed unless ``close()`` is called.
    package init(descriptor: Int32) { self.descriptor = descriptor }

    /// Standard output (descriptor 1).
    package static let standardOutput = OutputDescriptor(descriptor: 1)
    /// Standard error (descriptor 2).
    package static let standardError = OutputDescriptor(descriptor: 2)

    /// Writes every byte of `data`, retrying short writes and interruptions. Returns the
    /// system's message when a write fails, nil when every byte was written.
    @discardableResult
    package func write(_ data: Data) -> String? {
        data.withUnsafeBytes { buffer -> String? in
            guard var next = buffer.baseAddress else { return nil }
            var left = buffer.count
            while left > 0 {
                let count = systemWrite(descriptor, next, left)
                if count < 0 {
                    if errno == EINTR { continue }
                    return systemMessage(errno)
                }
                next += count
                left -= count
            }
            return nil
        }
    }

    /// Creates (or truncates) the file at `path` with mode 0644 and writes `data` to it.
    /// Returns the system's message on failure, nil on success.
    package static func writeFile(atPath path: String, _ data: Data) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return systemMessage(errno) }
        let file = OutputDescriptor(descriptor: descriptor)
        defer { file.close() }
        return file.write(data)
    }

    /// Creates a new file at `path` (mode 0644; refused when anything, a link included, is
    /// already there), writes `data` and flushes it to the disk. Returns the system's message
    /// on failure, nil on success. The way to replace a file atomically: write a new file
    /// beside it with this, then `SystemProcess.rename` it over the old one.
    package static func writeNewFile(atPath path: String, _ data: Data) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return systemMessage(errno) }
        let file = OutputDescriptor(descriptor: descriptor)
        if let failure = file.write(data) {
            file.close()
            unlink(path)
            return failure
        }
        if fsync(descriptor) != 0 {
            let failure = systemMessage(errno)
            file.close()
            unlink(path)
            return failure
        }
        if systemClose(descriptor) != 0 {
            let failure = systemMessage(errno)
            unlink(path)
            return failure
        }
        return nil
    }

    /// Writes the UTF-8 bytes of `text`.
    @discardableResult
    package func write(_ text: String) -> String? { write(Data(text.utf8)) }

    /// Opens (creating it if needed, with mode 0644) the file at `path` for appending. Nil
    /// when it cannot be opened.
    package static func appending(toPath path: String) -> OutputDescriptor? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        return descriptor < 0 ? nil : OutputDescriptor(descriptor: descriptor)
    }

    /// Closes a descriptor opened by `appending(toPath:)`.
    package func close() { _ = systemClose(descriptor) }
}

/// The C library's buffered standard output, which Swift's `print` writes into.
package enum StandardStreams {
    /// Flushes every C output stream (standard output is the one atscheck writes through
    /// `print`); the system's message when a flush fails, nil when everything was written.
    /// A buffer that failed earlier is written again here and fails again, so a full disk seen
    /// mid-run is still reported.
    package static func flushStandardOutput() -> String? {
        fflush(nil) == 0 ? nil : systemMessage(errno)
    }
}

/// Standard input, read to its end with a cap.
package enum StandardInput {
    /// The bytes on standard input, or nil once more than `limit` bytes have arrived (the
    /// rest is left unread). A read error ends the input.
    package static func read(limit: Int) -> Data? {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(0, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return data }
            data.append(contentsOf: chunk[..<count])
            if data.count > limit { return nil }
        }
    }

    /// Standard input in chunks of at most 64 KiB, handed to `body` as they arrive, until the
    /// end or `limit` bytes (the rest is left unread). True when the limit stopped the read.
    package static func readChunks(limit: Int, _ body: (ArraySlice<UInt8>) -> Void) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while true {
            let wanted = min(chunk.count, limit - total)
            if wanted <= 0 { return true }
            let count = chunk.withUnsafeMutableBytes { systemRead(0, $0.baseAddress!, wanted) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return false }
            total += count
            body(chunk[..<count])
        }
    }
}
