import AtscheckSystem

/// Applies a ``ScanScope``, an ignore file and the default skips to one walk: whether each
/// directory is entered and each file read, and the places left out, each recorded once, at
/// the top of what was left out. Directories are decided before what is in them (an archive's
/// entries, which name no directories, have theirs decided on the way) and remembered.
final class ScopeDecider {
    /// What a directory's contents get.
    private enum State {
        /// Read, each entry deciding for itself.
        case read
        /// Left out, but entered because an include names a path below it: only what an
        /// include matches is read.
        case partial
        /// Left out with everything below.
        case skipped
    }

    private let scope: ScanScope
    private let ignore: IgnoreFile
    private let defaultSkips: Bool
    /// The names of the entries of a directory of the input (input-relative), nil when it
    /// cannot be listed: tells whether a folder is a package whose `example/` is not the app.
    private let listDirectory: ((String) -> [String]?)?
    private var manifests: [String: String?] = [:]
    private var directories: [String: State] = ["": .read]

    /// Places left out, in walk order, at most ``maximumRecorded``.
    private(set) var skipped: [SkippedPlace] = []
    /// Places left out past ``maximumRecorded``.
    private(set) var unrecorded = 0

    static let maximumRecorded = 1000

    /// A decider for a walk; `project` turns on the default skips (unless the scope turns them
    /// off) and the ignore file.
    init(scope: ScanScope, ignore: IgnoreFile, project: Bool, listDirectory: ((String) -> [String]?)? = nil) {
        self.scope = scope
        self.ignore = project ? ignore : IgnoreFile()
        self.defaultSkips = project && scope.useDefaultSkips
        self.listDirectory = listDirectory
    }

    /// Whether the directory at `path` (input-relative) is entered.
    func enters(directory path: String) -> Bool {
        state(ofDirectory: path) != .skipped
    }

    /// Whether the file at `path` (input-relative) is read.
    func reads(file path: String) -> Bool {
        let parent = state(ofDirectory: Self.parent(of: path))
        return decide(path, isDirectory: false, parent: parent) == .read
    }

    /// Every place left out, with a last line counting those past the cap.
    var places: [SkippedPlace] {
        guard unrecorded > 0 else { return skipped }
        return skipped + [SkippedPlace(path: "…", reason: "\(unrecorded) more places not read (the list stops at \(Self.maximumRecorded))")]
    }

    private func state(ofDirectory path: String) -> State {
        if let known = directories[path] { return known }
        let parent = state(ofDirectory: Self.parent(of: path))
        let state = decide(path, isDirectory: true, parent: parent)
        directories[path] = state
        return state
    }

    private func decide(_ path: String, isDirectory: Bool, parent: State) -> State {
        guard parent != .skipped else { return .skipped }
        let reason: String
        if let glob = scope.exclude.first(where: { $0.matches(path, isDirectory: isDirectory) }) {
            reason = "--exclude \(glob)"
        } else if scope.include.contains(where: { $0.matches(path, isDirectory: isDirectory) }) {
            return .read
        } else if let rule = ignore.lastMatch(path, isDirectory: isDirectory) {
            if rule.reinclude { return .read }
            reason = "\(ScanScope.ignoreFileName):\(rule.line): \(rule.glob)"
        } else if parent == .partial {
            return isDirectory && reachesBelow(path) ? .partial : .skipped
        } else if defaultSkips, let found = defaultReason(path, isDirectory: isDirectory) {
            reason = found
        } else {
            return .read
        }
        if parent == .read { record(SkippedPlace(path: isDirectory ? path + "/" : path, reason: reason)) }
        return isDirectory && reachesBelow(path) ? .partial : .skipped
    }

    /// An include or a `!` line of the ignore file names a path below `directory`.
    private func reachesBelow(_ directory: String) -> Bool {
        scope.include.contains { $0.mayMatchBelow(directory) } || ignore.rules.contains { $0.reinclude && $0.glob.mayMatchBelow(directory) }
    }

    private func defaultReason(_ path: String, isDirectory: Bool) -> String? {
        let name = PathText.lastComponent(path)
        guard isDirectory else { return DefaultSkips.fileReason(name: name) }
        if let reason = DefaultSkips.directoryReason(name: name, path: path) { return reason }
        return DefaultSkips.exampleReason(name: name, path: path) { manifest(in: Self.parent(of: path)) }
    }

    /// The package manifest the directory at `path` holds, listed once.
    private func manifest(in path: String) -> String? {
        if let known = manifests[path] { return known }
        let found = listDirectory?(path).flatMap(DefaultSkips.packageManifest(among:))
        manifests[path] = .some(found)
        return found
    }

    private func record(_ place: SkippedPlace) {
        if skipped.count < Self.maximumRecorded { skipped.append(place) } else { unrecorded += 1 }
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}
