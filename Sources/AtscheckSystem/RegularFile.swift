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

/// Why a file could not be read. `description` is one line, suitable after "PATH: ".
public enum FileReadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `open(2)` or `read(2)` failed: the system's message (`No such file or directory`,
    /// `Permission denied`, ...).
    case system(String)
    /// A directory.
    case directory
    /// Not a regular file: a FIFO, a device, a socket. Opening such a file for reading can
    /// block forever or never end.
    case notRegular(kind: String)
    /// Larger than the reader accepts; nothing was loaded.
    case tooLarge(size: Int64, limit: Int)

    /// One line, suitable after "PATH: " (`cannot read file (Is a directory)`).
    public var description: String {
        switch self {
        case .system(let message): return "cannot read file (\(message))"
        case .directory: return "cannot read file (Is a directory)"
        case .notRegular(let kind): return "cannot read file (not a regular file: \(kind))"
        case .tooLarge(let size, let limit): return "file is \(size) bytes, more than the limit of \(limit) bytes"
        }
    }
}

/// Reads regular files only, and at most a given number of bytes: the one way atscheck reads
/// an input file. The file is opened non-blocking (so a FIFO cannot stall `open`), checked with
/// `fstat` on the open descriptor (so it cannot be swapped in between), refused by size before
/// anything is loaded, and read with a cap in case it grows while being read.
public enum RegularFile {
    /// The bytes of the regular file at `path`, which must hold at most `limit` bytes.
    public static func read(atPath path: String, limit: Int) throws(FileReadError) -> Data {
        let (descriptor, size) = try openForStreaming(atPath: path, limit: Int64(limit))
        defer { closeDescriptor(descriptor) }
        return try readAll(descriptor, size: size, limit: limit)
    }

    /// The bytes of the regular file `name` in `directory`, which must hold at most `limit`
    /// bytes: ``read(atPath:limit:)`` through `openat`, a symbolic link refused, so that a
    /// name that is not UTF-8 or a path over `PATH_MAX` reads the same.
    package static func read(in directory: DirectoryHandle, named name: [UInt8], limit: Int) throws(FileReadError) -> Data {
        let (descriptor, size) = try checked(directory.openEntry(name, readFlags), limit: Int64(limit))
        defer { closeDescriptor(descriptor) }
        return try readAll(descriptor, size: size, limit: limit)
    }

    private static func readAll(_ descriptor: Int32, size: Int64, limit: Int) throws(FileReadError) -> Data {
        // Read straight into the Data returned (no second copy of the file).
        var bytes = Data(count: Int(size) + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count <= limit else { throw .tooLarge(size: Int64(filled), limit: limit) }
                bytes.count += Swift.min(Swift.max(4096, bytes.count), limit + 1 - bytes.count)
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                retryingOnInterrupt { systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled) }
            }
            guard count >= 0 else { throw .system(errorMessage(errno)) }
            if count == 0 { break }
            filled += count
        }
        bytes.count = filled
        return bytes
    }

    /// An open descriptor for the regular file at `path` and its size, for a reader that
    /// streams it (an archive); the same checks as ``read(atPath:limit:)``, without reading.
    /// The caller closes the descriptor.
    public static func openForStreaming(atPath path: String, limit: Int64) throws(FileReadError) -> (descriptor: Int32, size: Int64) {
        try checked(retryingOnInterrupt { open(path, readFlags) }, limit: limit)
    }

    /// The flags every input file is opened with: non-blocking, so a FIFO cannot stall `open`.
    private static let readFlags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY

    /// `descriptor` (from `open`, -1 with errno on failure) checked as `openForStreaming` does.
    private static func checked(_ descriptor: Int32, limit: Int64) throws(FileReadError) -> (descriptor: Int32, size: Int64) {
        guard descriptor >= 0 else { throw .system(errorMessage(errno)) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let message = errorMessage(errno)
            close(descriptor)
            throw .system(message)
        }
        if let error = kindError(status.st_mode & S_IFMT) {
            close(descriptor)
            throw error
        }
        let size = Int64(status.st_size)
        guard size <= limit else {
            close(descriptor)
            throw .tooLarge(size: size, limit: Int(clamping: limit))
        }
        // Reads on a regular file never block; the archive reader expects blocking semantics.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return (descriptor, size)
    }

    /// Hands the regular file at `path` to `body` in chunks of up to 64 KiB, at most `limit`
    /// bytes in all; `body` returns false to stop. Returns the bytes handed over and whether
    /// the file held more than `limit`.
    @discardableResult
    public static func stream(atPath path: String, limit: Int64, _ body: (ArraySlice<UInt8>) -> Bool) throws(FileReadError) -> (bytes: Int64, truncated: Bool) {
        let (descriptor, size) = try openForStreaming(atPath: path, limit: .max)
        defer { closeDescriptor(descriptor) }
        return try streamAll(descriptor, size: size, limit: limit, body)
    }

    /// ``stream(atPath:limit:_:)`` for the regular file `name` in `directory`, opened with
    /// `openat`, a symbolic link refused.
    @discardableResult
    package static func stream(in directory: DirectoryHandle, named name: [UInt8], limit: Int64, _ body: (ArraySlice<UInt8>) -> Bool) throws(FileReadError) -> (bytes: Int64, truncated: Bool) {
        let (descriptor, size) = try checked(directory.openEntry(name, readFlags), limit: .max)
        defer { closeDescriptor(descriptor) }
        return try streamAll(descriptor, size: size, limit: limit, body)
    }

    private static func streamAll(_ descriptor: Int32, size: Int64, limit: Int64, _ body: (ArraySlice<UInt8>) -> Bool) throws(FileReadError) -> (bytes: Int64, truncated: Bool) {
        // Most files are small: no bigger than the file and a byte to see its end, but at least
        // a page (a file whose size reads 0 may still hold bytes).
        var buffer = [UInt8](repeating: 0, count: Int(Swift.min(64 * 1024, Swift.max(4096, size + 1))))
        var total: Int64 = 0
        while total < limit {
            let want = Int(Swift.min(Int64(buffer.count), limit - total))
            let count = buffer.withUnsafeMutableBytes { raw in retryingOnInterrupt { systemRead(descriptor, raw.baseAddress!, want) } }
            guard count >= 0 else { throw .system(errorMessage(errno)) }
            if count == 0 { break }
            total += Int64(count)
            if !body(buffer[0..<count]) { return (total, false) }
        }
        return (total, size > limit)
    }

    /// Why a file of this type (`st_mode & S_IFMT`) is not read; nil for a regular file.
    private static func kindError(_ kind: mode_t) -> FileReadError? {
        switch kind {
        case S_IFREG: return nil
        case S_IFDIR: return .directory
        case S_IFIFO: return .notRegular(kind: "a FIFO")
        case S_IFCHR: return .notRegular(kind: "a character device")
        case S_IFBLK: return .notRegular(kind: "a block device")
        case S_IFSOCK: return .notRegular(kind: "a socket")
        default: return .notRegular(kind: "an unknown file type")
        }
    }

    /// Closes a descriptor from ``openForStreaming(atPath:limit:)``.
    public static func closeDescriptor(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    private static func retryingOnInterrupt<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    private static func errorMessage(_ code: Int32) -> String { systemMessage(code) }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
private let systemClose = Glibc.close
#elseif canImport(Darwin)
private let systemRead = Darwin.read
private let systemClose = Darwin.close
#endif
