import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AppFiles {
    /// Most bytes of a project file read by name (an Info.plist, an xcconfig, a prefix header).
    public static let projectFileBytes = 8 << 20

    /// The bytes of the project file at `relative` (input-relative), when the input is a
    /// directory and the path stays inside it, no component of it is a link (a build setting
    /// naming `ios/link/passwd`, with `ios/link` pointing at `/etc`, reads nothing) and it is a
    /// regular file of at most ``projectFileBytes``; nil otherwise. Each directory is opened
    /// relative to the one above it (`openat`, `O_NOFOLLOW`), so a path over `PATH_MAX` reads
    /// too, and a component shown escaped by the walk (`Ext\xFF`) names the bytes it shows.
    public func readProjectFile(_ relative: String) -> Data? {
        guard kind == .directory, ProjectPath.isContained(relative),
              var directory = try? DirectoryHandle.open(atPath: path) else { return nil }
        let components = relative.split(separator: "/")
        guard let file = components.last else { return nil }
        for component in components.dropLast() {
            guard let next = Self.spellings(component).lazy.compactMap({ try? directory.directory(named: $0) }).first else { return nil }
            directory = next
        }
        return Self.spellings(file).lazy.compactMap { try? RegularFile.read(in: directory, named: $0, limit: Self.projectFileBytes) }.first
    }

    /// The size of the project file at `relative`, when it is a regular file reached as
    /// ``readProjectFile(_:)`` reaches one; nil otherwise.
    public func projectFileSize(_ relative: String) -> Int? {
        guard kind == .directory, ProjectPath.isContained(relative), let info = FileKind.of(path + "/" + relative, followingLinks: false),
              case .regular(let bytes) = info else { return nil }
        return Int(bytes)
    }

    /// The names a path component may stand for: its UTF-8, and, when it holds a backslash,
    /// the bytes the walk would have shown so (``NameBytes``).
    private static func spellings(_ component: Substring) -> [[UInt8]] {
        let literal = Array(component.utf8)
        guard component.contains("\\"), let shown = NameBytes.bytes(fromDisplay: component), shown != literal else { return [literal] }
        return [literal, shown]
    }
}
