import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which policy governs each file of an input, and why.
///
/// - An .ipa, .app or .xcarchive: each app and app extension bundle is a policy; a file belongs
///   to the innermost bundle around it, a file outside all of them to the outermost (the app).
/// - A project with Xcode projects or XcodeGen specs: each app, app extension, watch app and App
///   Clip target is a policy, its Info.plist the file its `INFOPLIST_FILE` names (preprocessed
///   when the target says so) or the one Xcode (or XcodeGen) generates. A file belongs to the
///   targets whose build phases or synchronized folders hold it; the files of a framework or
///   library target, a local Swift package, a sibling project's framework or a development pod
///   to every app or extension target that links it, directly or through other frameworks; a
///   test target's files are not judged. A file no target holds is not app code
///   (``FileOwnership/inNoTarget(_:)``) unless it ships by another route (React Native's
///   JavaScript, Flutter's Dart and local plugins, web content), which goes to the primary app;
///   an Info.plist no target names is set aside wherever it sits.
/// - Info.plists in a tree without Xcode targets are classified by what they hold
///   (``InfoPlistRole``) and govern the files of their folder.
/// - Expo `app.json` and Cordova `config.xml` are policies, unless the native iOS project they
///   generated is in the tree: then that project's Info.plist is what ships.
public struct PolicyAttribution: Sendable {
    /// Every policy, in the order they were found.
    public let units: [PolicyUnit]
    /// The unit files outside every target and folder fall to, when there is one.
    public let primary: Int?
    /// Why ``primary`` was chosen.
    public let primaryReason: String?
    /// Files named like Info.plists that are no policy source, with why.
    public let setAside: [SetAsidePolicy]
    /// What could not be read while attributing (Xcode projects, missing Info.plists).
    public let problems: [String]
    /// What the reader should know about how the project was read, one sentence each: an
    /// XcodeGen spec set aside for the Xcode project generated from it, a build system whose
    /// targets cannot be read (Tuist, Bazel).
    public let notes: [String]

    /// Xcode targets (development pods among them), with the unit each sets (nil when it sets none).
    let targets: [(project: XcodeProject, target: XcodeTarget, unit: Int?)]
    /// For each of `targets`, the targets that depend on it or link it directly.
    let dependents: [[Int]]
    /// The targets whose Info.plist each file is, by input-relative path.
    let infoPlistOwners: [String: [Int]]
    /// What ships, when Xcode targets decide it (some target sets a policy); nil otherwise.
    let shipping: ShippingScope?
    /// The Xcode projects (`.xcodeproj` paths) and XcodeGen specs that could not be read.
    var unreadableProjects: [UnreadableProject] = []
    /// What each of `targets` gives the files it holds.
    private let targetOwnership: [FileOwnership]
    /// Folders a layout-classified plist governs: a policy's, or one whose files are not judged
    /// (a test bundle's) or go to the primary app (a framework's).
    let folders: [(path: String, ownership: FolderOwnership)]
    /// `folders` indices by path, so a file finds the folders around it by looking up each of
    /// its parent directories instead of testing every folder (an .ipa with 16,000 extensions
    /// took 33-52 s).
    private let foldersByPath: [String: [Int]]
    /// The targets that hold each file asked about: computed once a file, because a target's
    /// folders and exceptions are tested path by path (Home Assistant's 40 targets: 4.1 s of
    /// a 7.3 s run went to asking again for the same files).
    private let holdersByFile = FileHolders()

    init(units: [PolicyUnit], primary: Int?, primaryReason: String?, setAside: [SetAsidePolicy], problems: [String], notes: [String] = [],
         targets: [(project: XcodeProject, target: XcodeTarget, unit: Int?)], folders: [(path: String, ownership: FolderOwnership)],
         dependents: [[Int]]? = nil, infoPlistOwners: [String: [Int]] = [:], shipping: ShippingScope? = nil) {
        self.units = units
        self.primary = primary
        self.primaryReason = primaryReason
        self.setAside = setAside
        self.problems = problems
        self.notes = notes
        self.targets = targets
        self.folders = folders
        let dependents = dependents ?? Array(repeating: [], count: targets.count)
        self.dependents = dependents
        self.infoPlistOwners = infoPlistOwners
        self.shipping = shipping
        foldersByPath = Dictionary(grouping: folders.indices, by: { folders[$0].path })
        targetOwnership = targets.indices.map { Self.owner(ofTargetAt: $0, targets: targets, dependents: dependents, primary: primary, shipping: shipping) }
    }

    /// The indices of the folders `file` is inside (``ProjectPath/isInside(_:_:)``), in order.
    private func foldersAround(_ file: String) -> [Int] {
        var found = foldersByPath[""] ?? []
        var index = file.startIndex
        while let slash = file[index...].firstIndex(of: "/") {
            if slash > file.startIndex, let here = foldersByPath[String(file[..<slash])] { found += here }
            index = file.index(after: slash)
        }
        return found.sorted()
    }

    /// The indices of the targets whose build phases or folders hold `file`, in order.
    func targetsHolding(_ file: String) -> [Int] {
        if let known = holdersByFile.lookup(file) { return known }
        let found = targets.indices.filter { targets[$0].target.owns(file) }
        holdersByFile.record(found, for: file)
        return found
    }

    enum FolderOwnership {
        case unit(Int)
        case primary
        case notJudged(String)
    }

    /// The policies that judge `file` (input-relative), or why none does.
    public func ownership(of file: String) -> FileOwnership {
        var owners: [Int] = []
        var notJudged: String?
        var inNoTarget: String?
        var holders = targetsHolding(file)
        for index in infoPlistOwners[file] ?? [] where !holders.contains(index) { holders.append(index) }
        for index in holders {
            switch targetOwnership[index] {
            case .units(let units): owners += units.filter { !owners.contains($0) }
            case .notJudged(let reason): notJudged = notJudged ?? reason
            case .inNoTarget(let reason): inNoTarget = inNoTarget ?? reason
            }
        }
        if !owners.isEmpty { return .units(owners) }
        if let notJudged { return .notJudged(notJudged) }
        if let inNoTarget { return .inNoTarget(inNoTarget) }
        let folder = foldersAround(file).map { folders[$0] }.max { ProjectPath.depth($0.path) < ProjectPath.depth($1.path) }
        switch folder?.ownership {
        case .unit(let unit)?: return .units([unit])
        case .notJudged(let reason)?: return .notJudged(reason)
        case .primary?, nil:
            if let shipping, !shipping.shipsByOtherRoute(file) { return .inNoTarget(shipping.reason(for: file)) }
            guard let primary else { return .notJudged("no app or app extension policy governs it") }
            return .units([primary])
        }
    }

    /// The units whose code includes the files of `targets[index]`: its own, or for a
    /// framework, library, bundle, package or pod, those of the app and extension targets that
    /// link it, directly or through other frameworks (a unit's target is where the walk up
    /// stops: an extension's framework is not its app's code).
    private static func owner(ofTargetAt index: Int, targets: [(project: XcodeProject, target: XcodeTarget, unit: Int?)],
                              dependents: [[Int]], primary: Int?, shipping: ShippingScope?) -> FileOwnership {
        let (project, target, unit) = targets[index]
        if let unit { return .units([unit]) }
        switch target.kind {
        case .unitTests, .uiTests:
            return .notJudged("a file of the test target \(target.name)")
        case .tool, .other:
            return .notJudged("a file of \(target.name), a \(target.kind == .tool ? "command-line tool" : "target that is not an app")")
        case .framework, .library, .bundle, .app, .appExtension, .watchApp, .watchExtension, .appClip:
            var units: [Int] = []
            var linkedByTests = false
            var seen: Set<Int> = [index]
            var queue = dependents[index]
            while let next = queue.popLast() {
                guard seen.insert(next).inserted else { continue }
                if let unit = targets[next].unit {
                    if !units.contains(unit) { units.append(unit) }
                    continue
                }
                switch targets[next].target.kind {
                case .unitTests, .uiTests: linkedByTests = true
                case .tool, .other: continue
                default: queue += dependents[next]
                }
            }
            if !units.isEmpty { return .units(units.sorted()) }
            guard shipping != nil else { return primary.map { .units([$0]) } ?? .notJudged("\(target.name) is linked by no app target") }
            if linkedByTests { return .notJudged("a file of \(target.name), which only test targets link") }
            return .inNoTarget("a file of \(target.name) (\(project.path)), which no app or extension target links")
        }
    }
}

/// Answers of ``PolicyAttribution/targetsHolding(_:)`` by file, shared by the threads that
/// read code.
private final class FileHolders: @unchecked Sendable {
    private let lock = Lock()
    private var holders: [String: [Int]] = [:]

    func lookup(_ file: String) -> [Int]? {
        lock.lock()
        defer { lock.unlock() }
        return holders[file]
    }

    func record(_ found: [Int], for file: String) {
        lock.lock()
        defer { lock.unlock() }
        holders[file] = found
    }
}
