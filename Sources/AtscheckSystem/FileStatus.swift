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

/// A depth-first walk of a directory tree that never follows symbolic links: every entry
/// below the root, parents before their children, names in byte order within a directory.
package struct DirectoryWalk: Sequence {
    /// One entry: its path relative to the root (`/`-separated), its full path and its kind.
    package struct Entry: Sendable {
        /// The path below the root, `/`-separated, without a leading `/`.
        package let relativePath: String
        /// The root's path joined with ``relativePath``.
        package let fullPath: String
        /// What the entry is, symbolic links not followed (`.other` when it cannot be examined).
        package let kind: FileKind
        /// Why the entry could not be examined or its directory listed, when so: the walk
        /// reports it instead of leaving it out in silence.
        package var problem: String? = nil
        /// The entry's last path component.
        package var name: String { PathText.lastComponent(relativePath) }
    }

    private let root: String
    private let descend: (Entry) -> Bool

    /// The walk below `root`; directories for which `descend` returns false are listed but
    /// not entered. A directory that cannot be listed is listed but has no children.
    package init(root: String, descend: @escaping (Entry) -> Bool = { _ in true }) {
        self.root = root.hasSuffix("/") && root.count > 1 ? String(root.dropLast()) : root
        self.descend = descend
    }

    /// Whether `root` is a directory that can be listed.
    package static func canList(_ root: String) -> Bool {
        (try? FileManager.default.contentsOfDirectory(atPath: root)) != nil
    }

    /// A fresh walk from the root.
    package func makeIterator() -> Iterator { Iterator(root: root, descend: descend) }

    /// Walks with an explicit stack, so a deep tree cannot exhaust the thread's stack.
    package struct Iterator: IteratorProtocol {
        private let root: String
        private let descend: (Entry) -> Bool
        /// Entries still to visit, the next one last.
        private var pending: [(relative: String, full: String)] = []

        init(root: String, descend: @escaping (Entry) -> Bool) {
            self.root = root
            self.descend = descend
            pending = Self.children((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [], ofFull: root, relative: "")
        }

        /// The next entry, parents before their children; nil when the walk is done.
        package mutating func next() -> Entry? {
            while let (relative, full) = pending.popLast() {
                guard let kind = FileKind.of(full, followingLinks: false) else {
                    let reason = systemMessage(errno)
                    let why = full.utf8.count >= Int(PATH_MAX) ? "its path is \(full.utf8.count) bytes, over the system's \(PATH_MAX)"
                        : "\(reason) (a name that is not UTF-8 is listed under another spelling)"
                    return Entry(relativePath: relative, fullPath: full, kind: .other, problem: "cannot be examined: \(why); not read")
                }
                var entry = Entry(relativePath: relative, fullPath: full, kind: kind)
                if kind == .directory, descend(entry) {
                    if let names = try? FileManager.default.contentsOfDirectory(atPath: full) {
                        pending += Self.children(names, ofFull: full, relative: relative + "/")
                    } else {
                        entry.problem = "a directory that cannot be listed (\(systemMessage(errno))): its files not read"
                    }
                }
                return entry
            }
            return nil
        }

        /// A directory's entries, reversed so that popping yields them in byte order.
        private static func children(_ names: [String], ofFull full: String, relative: String) -> [(relative: String, full: String)] {
            let separator = full.hasSuffix("/") ? "" : "/"
            return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
                .reversed().map { (relative + $0, full + separator + $0) }
        }
    }
}
