#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A directory only the current user may write, for files other users must not replace.
package enum PrivateDirectory {
    /// Why `ensure` refused.
    package enum Failure: Error, Equatable {
        /// mkdir(2) failed; the system's message.
        case cannotCreate(String)
        /// Something is there that is not a directory (a link included) of this user that only it may write.
        case notPrivate
    }

    /// The effective user id, for per-user names.
    package static var userID: UInt32 { UInt32(geteuid()) }

    /// Creates `path` with mode 0700 if missing; refuses what is there unless it is a directory
    /// (not a link) of this user that no one else may write, as another user could have made it first.
    package static func ensure(_ path: String) throws(Failure) {
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw .cannotCreate(systemMessage(errno))
        }
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid(),
              status.st_mode & 0o022 == 0 else {
            throw .notPrivate
        }
    }
}
