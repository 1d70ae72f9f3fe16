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

/// What a path names, from `lstat(2)` (a symbolic link is reported as one) or `stat(2)`.
package enum FileKind: Sendable, Equatable {
    /// A regular file of `size` bytes.
    case regular(size: Int64)
    /// A directory.
    case directory
    /// A symbolic link, seen only when links are not followed.
    case symbolicLink
    /// A FIFO, a device or a socket.
    case other

    /// The kind of the file at `path`, or nil when it cannot be examined (it does not exist,
    /// or a directory on the way cannot be searched).
    package static func of(_ path: String, followingLinks: Bool) -> FileKind? {
        var status = stat()
        guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular(size: Int64(status.st_size))
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }
}
