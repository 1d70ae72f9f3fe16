/// The input-relative path of every file reference, group and synchronized folder reached
/// from the project's main group.
///
/// A reference's `sourceTree` says what its `path` is relative to: `<group>` the enclosing
/// group's resolved path (a group without `path` adds nothing), `SOURCE_ROOT` the project's
/// source root. `<absolute>` paths and the build system's own places (`BUILT_PRODUCTS_DIR`,
/// `SDKROOT`, `DEVELOPER_DIR`...) are not in the input and get no path.
struct XcodeGroupPaths {
    /// Classes whose `children` are walked.
    static let groupClasses: Set<String> = ["PBXGroup", "PBXVariantGroup", "XCVersionGroup"]
    /// Classes that can stand in a group or a build file.
    static let referenceClasses: Set<String> = groupClasses.union(["PBXFileReference", "PBXFileSystemSynchronizedRootGroup", "PBXReferenceProxy"])

    /// Path of each reached reference that lies in the input.
    private(set) var paths: [String: String] = [:]
    /// Every reference reached from the main group (with a path or not).
    private(set) var reached: Set<String> = []
    /// The synchronized folders reached, in walk order.
    private(set) var synchronizedGroups: [String] = []

    /// Walks from `mainGroup` (iteratively: nesting depth costs no stack).
    init(table: PBXObjectTable, mainGroup: String, sourceRoot: String) {
        var outside: [String] = []
        // (reference, enclosing group's path or nil when that is not in the input)
        var pending: [(id: String, parent: String?)] = [(mainGroup, sourceRoot)]
        while let (id, parent) = pending.popLast() {
            guard table.step() else { break }
            guard !reached.contains(id) else {
                table.report("object \(id) is reached twice through groups (a cycle or a shared child); it is read once")
                continue
            }
            reached.insert(id)
            guard let object = table.object(id, expected: Self.referenceClasses, for: "a group") else { continue }
            let path = object.string("path")
            var resolved: String?
            switch object.string("sourceTree") ?? "<group>" {
            case "<group>": resolved = parent
            case "SOURCE_ROOT": resolved = sourceRoot
            default: resolved = nil
            }
            if let base = resolved, let path {
                resolved = XcodePath.join(base, path)
                if resolved == nil { outside.append(path) }
            }
            if let path = resolved, path.utf8.count > XcodePath.maximumLength {
                table.report("groups nest deeper than a path of \(XcodePath.maximumLength) bytes; what lies deeper is not read")
                continue
            }
            if let resolved { paths[id] = resolved }
            switch object.isa {
            case "PBXFileSystemSynchronizedRootGroup":
                synchronizedGroups.append(id)
            case let isa? where Self.groupClasses.contains(isa):
                // Reversed so that the stack pops children in their order.
                for child in object.strings("children").reversed() { pending.append((child, resolved)) }
            default:
                break
            }
        }
        if let first = outside.first {
            table.report(outside.count == 1 ? "reference \(first) leads outside the input and is not read" : "\(outside.count) references lead outside the input and are not read (first: \(first))")
        }
    }

    /// The path of reference `id`; nil when it is not in the input.
    func path(_ id: String) -> String? { paths[id] }
}
