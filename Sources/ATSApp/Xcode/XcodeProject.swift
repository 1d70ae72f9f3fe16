import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An Xcode project found in a project tree.
public struct XcodeProject: Sendable {
    /// Largest `project.pbxproj` read.
    public static let maximumBytes = 32 << 20

    /// The `.xcodeproj` directory, relative to the input root (`ios/BlueWallet.xcodeproj`).
    public let path: String
    /// SRCROOT / PROJECT_DIR: the `.xcodeproj`'s parent directory, input-relative (`` for the
    /// root); under it, the project's `projectDirPath` when that is set and relative.
    public let sourceRoot: String
    /// The native targets, in the project's order.
    public let targets: [XcodeTarget]
    /// Aggregate and external-build-tool targets (`PBXAggregateTarget`, `PBXLegacyTarget`):
    /// they build no product of their own, so no file is theirs.
    public let targetsWithoutProduct: [String]
    /// What could not be read or resolved (an xcconfig that is missing, a reference that leads
    /// nowhere, a cap hit), one line each.
    public let problems: [String]
    /// What the project was read from.
    public let format: Format
    /// The project's name: the `.xcodeproj`'s name without its extension, or the XcodeGen
    /// spec's `name`.
    public let name: String
    /// Why the project's own file could not be read (an XcodeGen spec that is not YAML, say),
    /// nil when it was: the policies around an unreadable project cannot be told.
    var unreadable: String?

    /// What an ``XcodeProject`` was read from.
    public enum Format: String, Sendable {
        /// A `*.xcodeproj/project.pbxproj`.
        case pbxproj
        /// An XcodeGen spec (`project.yml` and the files it includes): ``path`` is the spec.
        case xcodegen
        /// The development pods a CocoaPods `Podfile` names, each a target of its own that the
        /// Podfile's targets link: ``path`` is the Podfile.
        case podfile
    }

    init(path: String, sourceRoot: String, targets: [XcodeTarget], targetsWithoutProduct: [String], problems: [String], format: Format,
         name: String? = nil) {
        self.path = path
        self.name = name ?? PathText.lastComponent(path).replacingEvery(".xcodeproj", with: "")
        self.sourceRoot = sourceRoot
        self.targets = targets
        self.targetsWithoutProduct = targetsWithoutProduct
        self.problems = problems
        self.format = format
    }

    /// Reads `pbxproj` (the bytes of `<path>/project.pbxproj`). `readFile` returns the bytes of
    /// another file of the tree by input-relative path (xcconfig files), or nil.
    public static func read(pbxproj: Data, projectPath: String, readFile: (String) -> Data?) throws(XcodeProjectError) -> XcodeProject {
        let root = try decode(pbxproj)
        guard let objectValues = root["objects"]?.dictionary else {
            throw XcodeProjectError("project.pbxproj has no objects table")
        }
        var objects: [String: PBXObject] = [:]
        var malformed = 0
        for (id, value) in objectValues {
            if let object = value.dictionary { objects[id] = object } else { malformed += 1 }
        }
        guard let rootID = root.string("rootObject"), let project = objects[rootID], project.isa == "PBXProject" else {
            throw XcodeProjectError("project.pbxproj's rootObject is not a PBXProject")
        }
        let table = PBXObjectTable(objects: objects)
        if malformed > 0 { table.report("\(malformed) entries of the objects table are not objects; they are ignored") }
        let path = XcodePath.normalize(projectPath) ?? projectPath
        var sourceRoot = XcodePath.parent(path)
        if let directory = project.string("projectDirPath"), !directory.isEmpty {
            if let joined = XcodePath.join(sourceRoot, directory) {
                sourceRoot = joined
            } else {
                table.report("projectDirPath \(directory) is outside the input; the project's directory is used")
            }
        }
        let reader = withoutActuallyEscaping(readFile) { readFile in
            XcodeProjectReader(table: table, project: project, projectPath: path, sourceRoot: sourceRoot, readFile: readFile)
        }
        return XcodeProject(path: path, sourceRoot: sourceRoot, targets: reader.targets,
                            targetsWithoutProduct: reader.targetsWithoutProduct,
                            problems: table.allProblems + (reader.podsProblem.map { [$0] } ?? []), format: .pbxproj)
    }

    /// Reads the project at `projectPath` (input-relative) of the tree at `root` (a directory),
    /// its xcconfig files from the same tree: only regular files, each within its size cap.
    public static func read(projectPath: String, root: String) throws(XcodeProjectError) -> XcodeProject {
        let rootPrefix = root.hasSuffix("/") ? root : root + "/"
        let bytes: Data
        do {
            bytes = try RegularFile.read(atPath: rootPrefix + projectPath + "/project.pbxproj", limit: maximumBytes)
        } catch {
            throw XcodeProjectError("\(projectPath)/project.pbxproj: \(error.description)")
        }
        return try read(pbxproj: bytes, projectPath: projectPath) { path in
            try? RegularFile.read(atPath: rootPrefix + path, limit: XCConfigReader.maximumBytes + 1)
        }
    }

    /// Reads the XcodeGen spec at `specPath` (input-relative, `project.yml`) of the tree at
    /// `root` (a directory) and the files it includes, into the project XcodeGen would generate
    /// (``XcodeGenProject``); nil when the file is not an XcodeGen spec. `knownPlists` are
    /// input-relative Info.plists XcodeGen may find in a target's sources.
    public static func read(xcodeGenSpec specPath: String, root: String, knownPlists: [String] = []) -> XcodeProject? {
        let rootPrefix = root.hasSuffix("/") ? root : root + "/"
        return XcodeGenProject.read(specPath: specPath, readFile: { path in
            try? RegularFile.read(atPath: rootPrefix + path, limit: AppFiles.projectFileBytes)
        }, knownPlists: knownPlists)
    }

    /// The top-level dictionary of an OpenStep (or XML) property list.
    private static func decode(_ data: Data) throws(XcodeProjectError) -> PBXObject {
        guard data.count <= maximumBytes else {
            throw XcodeProjectError("project.pbxproj is \(data.count) bytes, more than the limit of \(maximumBytes) bytes")
        }
        // A binary property list is not what Xcode writes, and shared references could make a
        // small one expand enormously in the decoder.
        guard !data.starts(with: Array("bplist".utf8)) else {
            throw XcodeProjectError("project.pbxproj is a binary property list; Xcode writes project files as text")
        }
        let value: PBXValue
        do {
            value = try PropertyListDecoder().decode(PBXValue.self, from: data)
        } catch let error as DecodingError {
            throw XcodeProjectError("project.pbxproj is not a property list (\(Self.reason(error)))")
        } catch {
            throw XcodeProjectError("project.pbxproj is not a property list")
        }
        guard let dictionary = value.dictionary else {
            throw XcodeProjectError("project.pbxproj holds \(value.kindName), not a dictionary")
        }
        return dictionary
    }

    /// The decoder's own words for what went wrong ("Unterminated quoted string starting on line 3").
    private static func reason(_ error: DecodingError) -> String {
        guard case .dataCorrupted(let context) = error else { return "\(error)" }
        if let underlying = context.underlyingError as? CocoaError,
           let detail = underlying.userInfo["NSDebugDescription"] as? String {
            return detail
        }
        return context.debugDescription
    }
}

/// Why a project.pbxproj could not be read at all.
public struct XcodeProjectError: Error, Sendable, CustomStringConvertible {
    /// One line: what is wrong with the file.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
