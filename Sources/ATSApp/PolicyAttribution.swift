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
/// - A project with Xcode projects: each app, app extension, watch app and App Clip target is a
///   policy, its Info.plist the file its `INFOPLIST_FILE` names (preprocessed when the target
///   says so) or the one Xcode generates. A file belongs to the targets whose build phases or
///   synchronized folders hold it; a framework's or library's files to the apps that depend on
///   it; a test target's files are not judged. A file no target holds (React Native's and
///   Flutter's code, web content) belongs to the primary app.
/// - Info.plists outside every Xcode project are classified by what they hold
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

    /// Xcode targets, with the unit each sets (nil when it sets none).
    let targets: [(project: XcodeProject, target: XcodeTarget, unit: Int?)]
    /// Folders a layout-classified plist governs: a policy's, or one whose files are not judged
    /// (a test bundle's) or go to the primary app (a framework's).
    let folders: [(path: String, ownership: FolderOwnership)]
    /// `folders` indices by path, so a file finds the folders around it by looking up each of
    /// its parent directories instead of testing every folder (an .ipa with 16,000 extensions
    /// took 33-52 s).
    private let foldersByPath: [String: [Int]]

    init(units: [PolicyUnit], primary: Int?, primaryReason: String?, setAside: [SetAsidePolicy], problems: [String],
         targets: [(project: XcodeProject, target: XcodeTarget, unit: Int?)], folders: [(path: String, ownership: FolderOwnership)]) {
        self.units = units
        self.primary = primary
        self.primaryReason = primaryReason
        self.setAside = setAside
        self.problems = problems
        self.targets = targets
        self.folders = folders
        foldersByPath = Dictionary(grouping: folders.indices, by: { folders[$0].path })
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

    enum FolderOwnership {
        case unit(Int)
        case primary
        case notJudged(String)
    }

    /// The policies that judge `file` (input-relative), or why none does.
    public func ownership(of file: String) -> FileOwnership {
        var owners: [Int] = []
        var notJudged: String?
        for (index, entry) in targets.enumerated() where entry.target.owns(file) {
            switch owner(ofTargetAt: index) {
            case .units(let units): owners += units.filter { !owners.contains($0) }
            case .notJudged(let reason): notJudged = notJudged ?? reason
            }
        }
        if !owners.isEmpty { return .units(owners) }
        if let notJudged { return .notJudged(notJudged) }
        let folder = foldersAround(file).map { folders[$0] }.max { ProjectPath.depth($0.path) < ProjectPath.depth($1.path) }
        switch folder?.ownership {
        case .unit(let unit)?: return .units([unit])
        case .notJudged(let reason)?: return .notJudged(reason)
        case .primary?, nil:
            guard let primary else { return .notJudged("no app or app extension policy governs it") }
            return .units([primary])
        }
    }

    /// The units whose code includes the files of `targets[index]`.
    private func owner(ofTargetAt index: Int) -> FileOwnership {
        let (project, target, unit) = targets[index]
        if let unit { return .units([unit]) }
        switch target.kind {
        case .unitTests, .uiTests:
            return .notJudged("a file of the test target \(target.name)")
        case .tool, .other:
            return .notJudged("a file of \(target.name), a \(target.kind == .tool ? "command-line tool" : "target that is not an app")")
        case .framework, .library, .bundle, .app, .appExtension, .watchApp, .watchExtension, .appClip:
            let dependents = Self.dependents(of: target.name, in: project).compactMap { name in
                targets.first { $0.project.path == project.path && $0.target.name == name }?.unit
            }
            if !dependents.isEmpty { return .units(dependents) }
            return primary.map { .units([$0]) } ?? .notJudged("\(target.name) is linked by no app target")
        }
    }

    /// Names of the targets that depend on `name`, directly or through other targets.
    static func dependents(of name: String, in project: XcodeProject) -> [String] {
        var found: [String] = []
        var queue = [name]
        while let next = queue.popLast() {
            for target in project.targets where target.dependencies.contains(next) && !found.contains(target.name) && target.name != name {
                found.append(target.name)
                queue.append(target.name)
            }
        }
        return found
    }
}
