import ATSArchive
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    /// `directory` for a directory, `ipa` for any other file (read as a zip archive).
    public let kind: AppInputKind
    /// The caps on entries, bytes read per file and bytes read in all.
    public let limits: ArchiveLimits

    /// A directory that is not itself a bundle or an archive: a project (Xcode, Expo, Cordova,
    /// Flutter), whose Info.plists, app.json and config.xml are policy sources and whose source
    /// files are searched too.
    public var isProject: Bool {
        kind == .directory && !Self.bundleExtensions.contains(PathText.pathExtension(path))
    }

    /// Directory extensions that make an input a bundle or an archive rather than a project.
    package static let bundleExtensions: Set<String> = ["app", "appex", "xcarchive"]

    /// What the walk reads: `--include`/`--exclude` globs and, for a project, the default
    /// skips and the `.atscheckignore` at its root.
    public let scope: ScanScope

    /// The input at `path`: a directory, or a regular file read as an archive.
    public init(path: String, limits: ArchiveLimits = ArchiveLimits(), scope: ScanScope = ScanScope()) throws(FileReadError) {
        guard let kind = FileKind.of(path, followingLinks: true) else {
            throw .system("No such file or directory")
        }
        self.path = path
        self.kind = kind == .directory ? .directory : .ipa
        self.limits = limits
        self.scope = scope
    }

    /// Visits every regular file the scope lets in. `visit` gets the relative path and returns
    /// a consumer for the bytes, or nil to skip the file.
    public func walk(_ visit: (String, Int64?) -> ArchiveEntryConsumer?) throws(FileReadError) -> ArchiveReadSummary {
        var skipped: [SkippedPlace] = []
        return try walk(skipped: &skipped, visit)
    }

    /// ``walk(_:)``, also setting `skipped` to the places the scope left out, each with why
    /// (a directory once, with a trailing `/`; nothing below it).
    public func walk(skipped: inout [SkippedPlace], _ visit: (String, Int64?) -> ArchiveEntryConsumer?) throws(FileReadError) -> ArchiveReadSummary {
        var problems: [ArchiveProblem] = []
        let ignore = isProject ? IgnoreFile.read(root: path, problems: &problems) : IgnoreFile()
        let root = path
        let decider = ScopeDecider(scope: scope, ignore: ignore, project: isProject) { relative in
            guard let directory = try? DirectoryHandle.open(atPath: relative.isEmpty ? root : root + "/" + relative),
                  let names = try? directory.names() else { return nil }
            return names.map(NameBytes.display)
        }
        var summary: ArchiveReadSummary
        switch kind {
        case .ipa:
            summary = try ArchiveReader.read(atPath: path, limits: limits) { entry in
                decider.reads(file: entry.path) ? visit(entry.path, entry.declaredSize) : nil
            }
        case .directory:
            summary = walkDirectory(decider, visit)
        }
        summary.problems.insert(contentsOf: problems, at: 0)
        skipped = decider.places
        return summary
    }

    private func walkDirectory(_ decider: ScopeDecider, _ visit: (String, Int64?) -> ArchiveEntryConsumer?) -> ArchiveReadSummary {
        var summary = ArchiveReadSummary()
        // An .app or .appex given directly keeps its name, as it would have inside Payload/.
        let name = PathText.lastComponent(path)
        let prefix = Self.bundleExtensions.contains(PathText.pathExtension(name)) ? name + "/" : ""
        guard DirectoryWalk.canList(path) else {
            summary.failure = "cannot list the directory"
            return summary
        }
        let walk = DirectoryWalk(root: path) { entry in decider.enters(directory: prefix + entry.relativePath) }
        for entry in walk {
            guard summary.entries < limits.entries else {
                summary.failure = "more than \(limits.entries) files: the rest were not read"
                break
            }
            summary.entries += 1
            let relative = prefix + entry.relativePath
            // The ignore file is the walk's configuration, read above, not part of the app.
            if isProject && relative == ScanScope.ignoreFileName { continue }
            if let problem = entry.problem {
                summary.problems.append(ArchiveProblem(path: relative, problem: .partlyJudged(problem)))
                if entry.kind != .directory { continue }
            }
            if entry.kind != .directory, !decider.reads(file: relative) { continue }
            let size: Int64
            switch entry.kind {
            case .symbolicLink:
                let target = entry.parent.linkTarget(of: entry.nameBytes).map(NameBytes.display) ?? ""
                summary.problems.append(ArchiveProblem(path: relative, problem: .symbolicLink(target: target)))
                continue
            case .directory:
                continue
            case .other:
                summary.problems.append(ArchiveProblem(path: relative, problem: .unsupportedKind))
                continue
            case .regular(let bytes):
                size = bytes
            }
            guard let consume = visit(relative, size) else { continue }
            guard summary.bytesRead < limits.totalBytes else {
                summary.problems.append(ArchiveProblem(path: relative, problem: .totalLimitReached(limit: limits.totalBytes)))
                continue
            }
            let cap = min(limits.entryBytes, limits.totalBytes - summary.bytesRead)
            do throws(FileReadError) {
                let (bytes, truncated) = try RegularFile.stream(in: entry.parent, named: entry.nameBytes, limit: cap, consume)
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
