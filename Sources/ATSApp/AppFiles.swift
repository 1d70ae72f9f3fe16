import ATSArchive
import AtscheckSystem
import Foundation

/// What `atscheck app` was given.
public enum AppInputKind: String, Sendable, Codable {
    /// An .ipa (a zip archive), read with libzip.
    case ipa
    /// A directory: an .app bundle, an .xcarchive, or anything holding bundles.
    case directory
}

/// Walks the files of an app input (an .ipa's entries or a directory's regular files) and
/// hands each to a visitor, with the same limits and the same per-file problems for both.
/// Paths are `/`-separated and relative to the input (an .app directory keeps its own name as
/// the first component, as in an .ipa's `Payload/`).
public struct AppFiles: Sendable {
    /// The input path.
    public let path: String
    public let kind: AppInputKind
    public let limits: ArchiveLimits

    /// A directory that is not itself a bundle or an archive: a project (Xcode, Expo, Cordova,
    /// Flutter), whose Info.plists, app.json and config.xml are policy sources and whose source
    /// files are searched too.
    public var isProject: Bool {
        kind == .directory && !["app", "appex", "xcarchive"].contains(URL(fileURLWithPath: path).pathExtension)
    }

    /// Directories a project walk does not enter: dependencies, build output, VCS metadata.
    public static let skippedDirectories: Set<String> = ["node_modules", "Pods", ".git", ".build", "build", "DerivedData", "Carthage", ".gradle", ".expo"]

    /// The input at `path`: a directory, or a regular file read as an archive.
    public init(path: String, limits: ArchiveLimits = ArchiveLimits()) throws(FileReadError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .system("No such file or directory")
        }
        self.path = path
        self.kind = isDirectory.boolValue ? .directory : .ipa
        self.limits = limits
    }

    /// Visits every regular file. `visit` gets the relative path and returns a consumer for
    /// the bytes, or nil to skip the file.
    public func walk(_ visit: (String, Int64?) -> ArchiveEntryConsumer?) throws(FileReadError) -> ArchiveReadSummary {
        switch kind {
        case .ipa:
            return try ArchiveReader.read(atPath: path, limits: limits) { entry in visit(entry.path, entry.declaredSize) }
        case .directory:
            return walkDirectory(visit)
        }
    }

    private func walkDirectory(_ visit: (String, Int64?) -> ArchiveEntryConsumer?) -> ArchiveReadSummary {
        var summary = ArchiveReadSummary()
        let root = URL(fileURLWithPath: path).standardizedFileURL
        // An .app or .appex given directly keeps its name, as it would have inside Payload/.
        let prefix = ["app", "appex", "xcarchive"].contains(root.pathExtension) ? root.lastPathComponent + "/" : ""
        let keys: [URLResourceKey] = [.isRegularFileKey, .isSymbolicLinkKey, .isDirectoryKey, .fileSizeKey]
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else {
            summary.failure = "cannot list the directory"
            return summary
        }
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        for case let url as URL in enumerator {
            guard summary.entries < limits.entries else {
                summary.failure = "more than \(limits.entries) files: the rest were not read"
                break
            }
            summary.entries += 1
            let full = url.standardizedFileURL.path
            let relative = prefix + (full.hasPrefix(rootPath) ? String(full.dropFirst(rootPath.count)) : url.lastPathComponent)
            let values = try? url.resourceValues(forKeys: Set(keys))
            if values?.isSymbolicLink == true {
                let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? ""
                summary.problems.append(ArchiveProblem(path: relative, problem: .symbolicLink(target: target)))
                enumerator.skipDescendants()
                continue
            }
            if values?.isDirectory == true {
                if isProject, Self.skippedDirectories.contains(url.lastPathComponent) { enumerator.skipDescendants() }
                continue
            }
            guard values?.isRegularFile == true else {
                summary.problems.append(ArchiveProblem(path: relative, problem: .unsupportedKind))
                continue
            }
            guard let consume = visit(relative, values?.fileSize.map(Int64.init)) else { continue }
            guard summary.bytesRead < limits.totalBytes else {
                summary.problems.append(ArchiveProblem(path: relative, problem: .totalLimitReached(limit: limits.totalBytes)))
                continue
            }
            let cap = min(limits.entryBytes, limits.totalBytes - summary.bytesRead)
            do throws(FileReadError) {
                let (bytes, truncated) = try RegularFile.stream(atPath: full, limit: cap, consume)
                summary.bytesRead += bytes
                if truncated {
                    let problem: ArchiveEntryProblem = cap == limits.entryBytes ? .tooLarge(limit: limits.entryBytes) : .totalLimitReached(limit: limits.totalBytes)
                    summary.problems.append(ArchiveProblem(path: relative, problem: problem))
                }
            } catch {
                summary.problems.append(ArchiveProblem(path: relative, problem: .unreadable(error.description)))
            }
        }
        return summary
    }
}
