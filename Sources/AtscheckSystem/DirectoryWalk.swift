/// A depth-first walk of a directory tree that never follows symbolic links: every entry
/// below the root, parents before their children, names in byte order within a directory.
///
/// The walk goes through directory descriptors: each directory is opened relative to its
/// parent's (`openat`, `O_NOFOLLOW`), each entry examined relative to its directory's
/// (`fstatat`), and names are kept as bytes. So a name that is not UTF-8 is walked like any
/// other (shown escaped, ``NameBytes``), and an entry whose full path is over `PATH_MAX` is
/// examined and can be read (``RegularFile/read(in:named:limit:)``). Open descriptors are
/// bounded by the depth: only the directories of entries still to visit are open, and a
/// directory nested deeper than ``maximumDepth`` is listed with a problem, not entered.
package struct DirectoryWalk: Sequence {
    /// One entry: its shown path relative to the root, the directory holding it, its name's
    /// bytes and its kind.
    package struct Entry: Sendable {
        /// The path below the root, `/`-separated, without a leading `/`, each name shown by
        /// ``NameBytes/display(_:)`` (a name that is not UTF-8 escaped, never lost).
        package let relativePath: String
        /// The open directory that holds the entry, shared by its siblings.
        package let parent: DirectoryHandle
        /// The entry's name as the file system keeps it.
        package let nameBytes: [UInt8]
        /// What the entry is, symbolic links not followed (`.other` when it cannot be examined).
        package let kind: FileKind
        /// Why the entry could not be examined, its directory listed or entered, when so: the
        /// walk reports it instead of leaving it out in silence.
        package var problem: String? = nil
        /// The entry's last path component, as shown.
        package var name: String { PathText.lastComponent(relativePath) }
    }

    /// How many levels below the root the walk goes by default: a directory at this depth
    /// is listed, with a problem, but not entered.
    package static let defaultMaximumDepth = 256

    private let root: String
    private let descend: (Entry) -> Bool
    /// The deepest level listed; a directory there is not entered.
    package let maximumDepth: Int

    /// The walk below `root` (a link at `root` itself is followed: the caller named it);
    /// directories for which `descend` returns false are listed but not entered. A directory
    /// that cannot be listed is listed, with a problem, but has no children.
    package init(root: String, maximumDepth: Int = defaultMaximumDepth, descend: @escaping (Entry) -> Bool = { _ in true }) {
        self.root = root
        self.maximumDepth = maximumDepth
        self.descend = descend
    }

    /// Whether `root` is a directory that can be opened for listing.
    package static func canList(_ root: String) -> Bool {
        (try? DirectoryHandle.open(atPath: root)) != nil
    }

    /// A fresh walk from the root.
    package func makeIterator() -> Iterator { Iterator(root: root, maximumDepth: maximumDepth, descend: descend) }

    /// Walks with an explicit stack, so a deep tree cannot exhaust the thread's stack.
    package struct Iterator: IteratorProtocol {
        private let descend: (Entry) -> Bool
        private let maximumDepth: Int
        /// Entries still to visit, the next one last; each holds its directory open.
        private var pending: [Pending] = []

        private struct Pending {
            let parent: DirectoryHandle
            let name: [UInt8]
            let relativePath: String
            let depth: Int
        }

        init(root: String, maximumDepth: Int, descend: @escaping (Entry) -> Bool) {
            self.descend = descend
            self.maximumDepth = maximumDepth
            if let directory = try? DirectoryHandle.open(atPath: root), let names = try? directory.names() {
                pending = Self.children(names, of: directory, relativePath: "", depth: 1)
            }
        }

        /// The next entry, parents before their children; nil when the walk is done.
        package mutating func next() -> Entry? {
            guard let item = pending.popLast() else { return nil }
            let kind: FileKind
            do throws(FileReadError) {
                kind = try item.parent.kind(of: item.name)
            } catch {
                return Entry(relativePath: item.relativePath, parent: item.parent, nameBytes: item.name, kind: .other,
                             problem: "cannot be examined (\(error.message)); not read")
            }
            var entry = Entry(relativePath: item.relativePath, parent: item.parent, nameBytes: item.name, kind: kind)
            guard kind == .directory, descend(entry) else { return entry }
            guard item.depth < maximumDepth else {
                entry.problem = "nested over \(maximumDepth) levels: not entered"
                return entry
            }
            do throws(FileReadError) {
                let directory = try item.parent.directory(named: item.name)
                pending += Self.children(try directory.names(), of: directory, relativePath: item.relativePath + "/", depth: item.depth + 1)
            } catch {
                entry.problem = "a directory that cannot be listed (\(error.message)): its files not read"
            }
            return entry
        }

        /// A directory's entries, reversed so that popping yields them in byte order.
        private static func children(_ names: [[UInt8]], of directory: DirectoryHandle, relativePath: String, depth: Int) -> [Pending] {
            names.sorted(by: NameBytes.precedes).reversed().map { name in
                Pending(parent: directory, name: name, relativePath: relativePath + NameBytes.display(name), depth: depth)
            }
        }
    }
}

extension FileReadError {
    /// The system's message alone (`Permission denied`), for text that gives its own context.
    var message: String {
        if case .system(let message) = self { return message }
        return description
    }
}
