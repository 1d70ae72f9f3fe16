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
    /// directory and the path stays inside it, is not a link and is a regular file of at most
    /// ``projectFileBytes``; nil otherwise.
    public func readProjectFile(_ relative: String) -> Data? {
        guard kind == .directory, ProjectPath.isContained(relative) else { return nil }
        let full = (path.hasSuffix("/") ? path : path + "/") + relative
        guard case .regular? = FileKind.of(full, followingLinks: false) else { return nil }
        return try? RegularFile.read(atPath: full, limit: Self.projectFileBytes)
    }
}
