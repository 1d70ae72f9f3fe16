#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open directory, owned: the descriptor is closed when the last reference goes. Entries
/// are named by their bytes relative to it (`openat`, `fstatat`, `readlinkat`), so a name that
/// is not UTF-8 is read as it is and a path longer than `PATH_MAX` is never spelled out.
/// Below the directory, symbolic links are never followed.
package final class DirectoryHandle: Sendable {
    /// The open descriptor (`O_RDONLY | O_DIRECTORY | O_CLOEXEC`), valid while the handle lives.
    let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        _ = systemClose(descriptor)
    }

    /// The directory at `path`, a link at `path` itself followed (the user named it);
    /// `.system` with the system's message when it cannot be opened.
    package static func open(atPath path: String) throws(FileReadError) -> DirectoryHandle {
        let descriptor = retrying { openDirectory(atPath: path) }
        guard descriptor >= 0 else { throw .system(systemMessage(errno)) }
        return DirectoryHandle(descriptor: descriptor)
    }

    /// The directory `name` in this one; a symbolic link is refused (`O_NOFOLLOW`), as is
    /// anything that is not a directory.
    package func directory(named name: [UInt8]) throws(FileReadError) -> DirectoryHandle {
        let descriptor = openEntry(name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(systemMessage(errno)) }
        return DirectoryHandle(descriptor: descriptor)
    }

    /// What `name` in this directory is, a symbolic link not followed (`fstatat` with
    /// `AT_SYMLINK_NOFOLLOW`).
    package func kind(of name: [UInt8]) throws(FileReadError) -> FileKind {
        var status = stat()
        let result = Self.withCName(name) { fstatat(descriptor, $0, &status, AT_SYMLINK_NOFOLLOW) } ?? -1
        guard result == 0 else { throw .system(systemMessage(errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular(size: Int64(status.st_size))
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }

    /// The names of this directory's entries (`.` and `..` left out), as bytes, in the order
    /// the system lists them. Read through a duplicate of the descriptor, so that this handle
    /// stays usable.
    package func names() throws(FileReadError) -> [[UInt8]] {
        let duplicate = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard duplicate >= 0 else { throw .system(systemMessage(errno)) }
        guard let stream = fdopendir(duplicate) else {
            let message = systemMessage(errno)
            _ = systemClose(duplicate)
            throw .system(message)
        }
        defer { closedir(stream) }
        // The descriptor's offset is shared with the duplicate: list from the start.
        rewinddir(stream)
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        var names: [[UInt8]] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw .system(systemMessage(errno)) }
                return names
            }
            let start = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: UInt8.self)
            let name = Array(UnsafeBufferPointer(start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self))))
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append(name)
        }
    }

    /// The target of the symbolic link `name` in this directory, as bytes (`readlinkat`); nil
    /// when it is not a link or cannot be read.
    package func linkTarget(of name: [UInt8]) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = Self.withCName(name) { cName in
            buffer.withUnsafeMutableBytes { raw in
                readlinkat(descriptor, cName, raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)
            }
        } ?? -1
        guard count >= 0 else { return nil }
        return Array(buffer[0..<min(count, buffer.count)])
    }

    /// `openat(2)` of `name` in this directory with `flags` (`O_NOFOLLOW` added), retried on
    /// EINTR; -1 with errno set on failure.
    func openEntry(_ name: [UInt8], _ flags: Int32) -> Int32 {
        Self.withCName(name) { cName in Self.retrying { openat(descriptor, cName, flags | O_NOFOLLOW) } } ?? -1
    }

    /// Runs `body` with `name` as a C string; nil (errno `EINVAL`) when `name` could not be a
    /// single entry's name: empty, `..`, or holding `/` or NUL.
    private static func withCName<T>(_ name: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T? {
        name.withUnsafeBufferPointer { bytes in
            guard !bytes.isEmpty, !(bytes.count == 2 && bytes[0] == 0x2E && bytes[1] == 0x2E),
                  !bytes.contains(where: { $0 == 0 || $0 == UInt8(ascii: "/") }) else {
                errno = EINVAL
                return nil
            }
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { cName in
                UnsafeMutableRawBufferPointer(cName).copyMemory(from: UnsafeRawBufferPointer(bytes))
                cName[bytes.count] = 0
                return body(cName.baseAddress!)
            }
        }
    }

    /// `call` again while it fails with EINTR.
    static func retrying(_ call: () -> Int32) -> Int32 {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}

/// `open(2)` of the directory at `path`, outside the type whose `open` would shadow the C call.
private func openDirectory(atPath path: String) -> Int32 {
    open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
}
