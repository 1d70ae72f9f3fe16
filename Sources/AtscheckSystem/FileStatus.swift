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

/// Who owns a file and who may write it, from `stat(2)` (links followed): what a file that
/// changes what is checked must pass before it is trusted (as git's `safe.directory` does).
package struct FileOwnership: Sendable, Equatable {
    /// The owner's user id.
    package let owner: UInt32
    /// Whether the group or others may write the file.
    package let writableByOthers: Bool

    /// The ownership of the file at `path`, nil when it cannot be examined.
    package static func of(_ path: String) -> FileOwnership? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileOwnership(owner: UInt32(status.st_uid), writableByOthers: status.st_mode & (S_IWGRP | S_IWOTH) != 0)
    }

    /// The effective user id of this process.
    package static var currentUser: UInt32 { UInt32(geteuid()) }
}
