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
    /// regular file of at most ``projectFileBytes``; nil otherwise.
    public func readProjectFile(_ relative: String) -> Data? {
        guard kind == .directory, ProjectPath.isContained(relative) else { return nil }
        var full = path.hasSuffix("/") ? String(path.dropLast()) : path
        let components = relative.split(separator: "/")
        for (index, component) in components.enumerated() {
            full += "/" + component
            switch FileKind.of(full, followingLinks: false) {
            case .directory? where index < components.count - 1: continue
            case .regular? where index == components.count - 1: continue
            default: return nil
            }
        }
        return try? RegularFile.read(atPath: full, limit: Self.projectFileBytes)
    }
}
