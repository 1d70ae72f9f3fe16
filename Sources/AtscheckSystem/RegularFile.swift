import Foundation
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
        let descriptor = retryingOnInterrupt { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard descriptor >= 0 else { throw .system(errorMessage(errno)) }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(errorMessage(errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .directory
        case S_IFIFO: throw .notRegular(kind: "a FIFO")
        case S_IFCHR: throw .notRegular(kind: "a character device")
        case S_IFBLK: throw .notRegular(kind: "a block device")
        case S_IFSOCK: throw .notRegular(kind: "a socket")
        default: throw .notRegular(kind: "an unknown file type")
        }
        let size = Int64(status.st_size)
        guard size <= Int64(limit) else { throw .tooLarge(size: size, limit: limit) }

        var bytes = [UInt8](repeating: 0, count: Int(size) + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count <= limit else { throw .tooLarge(size: Int64(filled), limit: limit) }
                bytes.append(contentsOf: [UInt8](repeating: 0, count: Swift.min(Swift.max(4096, bytes.count), limit + 1 - bytes.count)))
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                retryingOnInterrupt { systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled) }
            }
            guard count >= 0 else { throw .system(errorMessage(errno)) }
            if count == 0 { break }
            filled += count
        }
        return Data(bytes[0..<filled])
    }

    private static func retryingOnInterrupt<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    private static func errorMessage(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif
