import ATSYAML
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An XcodeGen spec (`project.yml`) with the specs it includes merged in, as XcodeGen merges
/// them (yonaskolb/XcodeGen, `Docs/ProjectSpec.md` "Include" and `Sources/ProjectSpec/SpecFile.swift`):
///
/// - `include` is a path or a list of paths or `{path, relativePaths, enable}`; an include whose
///   `enable` is not a true value (an environment variable atscheck cannot know reads as false,
///   as XcodeGen reads an unexpanded `${VAR}`) is left out.
/// - An include's path is relative to the including file's directory (to the including spec's
///   base when that was included with `relativePaths: false`), and so are the paths an included
///   spec writes (`sources`, `configFiles`, `info.path`, `packages.*.path`, …: XcodeGen's
///   `pathProperties`): they are rewritten relative to the root spec's directory, unless
///   `relativePaths: false`.
/// - Included specs are merged in order, then the including spec on top: mappings merge key by
///   key, sequences are appended, anything else is replaced; a key ending in `:REPLACE` replaces
///   the value whole. A file is merged once.
///
/// Every read is bounded: file size, include depth and count, and libyaml's limits
/// (``YAMLReader/Limits``). What a bound stops, or what cannot be read, is a problem line.
struct XcodeGenSpecFile {
    /// Largest spec file read.
    static let maximumBytes = 1 << 20
    /// Deepest chain of includes.
    static let maximumDepth = 8
    /// Most spec files read for one project.
    static let maximumFiles = 32

    /// The merged spec; nil when the root spec could not be read.
    private(set) var root: YAMLValue?
    /// Input-relative paths of the spec files read, the root first.
    private(set) var files: [String] = []
    /// What could not be read, one line each.
    private(set) var problems: [String] = []
    /// Whether a spec file writes a quoted YAML 1.1 Boolean word (`"YES"`, `'true'`): XcodeGen
    /// (Yams) reads it as a string, and the tree atscheck reads keeps no quoting, so where such
    /// a value lands cannot be told.
    private(set) var quotesBooleanWords = false

    /// The spec at `path` (input-relative) and what it includes, read through `readFile`.
    init(path: String, readFile: (String) -> Data?) {
        let (root, files, problems, quoted) = withoutActuallyEscaping(readFile) { readFile in
            var loader = Loader(readFile: readFile, rootDirectory: XcodePath.parent(path))
            let root = loader.load(path, base: XcodePath.parent(path), pathPrefix: "", depth: 0)
            return (root, loader.files, loader.problems, loader.quotesBooleanWords)
        }
        self.root = root
        self.files = files
        self.problems = problems
        self.quotesBooleanWords = quoted
    }

    /// `value` merged onto `base` as XcodeGen merges dictionaries.
    static func merge(_ value: YAMLValue, onto base: YAMLValue) -> YAMLValue {
        guard case .mapping(let members) = value, case .mapping(var merged) = base else { return value }
        for (key, member) in members {
            if key.hasSuffix(":REPLACE") {
                merged[String(key.dropLast(":REPLACE".count))] = member
                continue
            }
            if case .mapping = member, let earlier = merged[key], case .mapping = earlier {
                merged[key] = merge(member, onto: earlier)
            } else if case .sequence(let more) = member, case .sequence(let earlier)? = merged[key] {
                merged[key] = .sequence(earlier + more)
            } else {
                merged[key] = member
            }
        }
        return .mapping(merged)
    }

    private struct Loader {
        let readFile: (String) -> Data?
        let rootDirectory: String
        var files: [String] = []
        var merged: Set<String> = []
        var problems: [String] = []
        var quotesBooleanWords = false

        /// The spec at `path` with its includes merged; `base` is the directory its includes are
        /// relative to, `pathPrefix` what its path properties are rewritten under (relative to
        /// the root spec's directory; "" for none).
        mutating func load(_ path: String, base: String, pathPrefix: String, depth: Int) -> YAMLValue? {
            guard merged.insert(path).inserted else { return nil }
            guard files.count < XcodeGenSpecFile.maximumFiles else {
                problems.append("more than \(XcodeGenSpecFile.maximumFiles) spec files are included: \(path) and the rest were not read")
                return nil
            }
            files.append(path)
            guard let data = readFile(path) else {
                problems.append("\(path) could not be read (missing, not a regular file, or too large)")
                return nil
            }
            guard data.count <= XcodeGenSpecFile.maximumBytes else {
                problems.append("\(path) is \(data.count) bytes, more than the limit of \(XcodeGenSpecFile.maximumBytes); it is not read")
                return nil
            }
            if !quotesBooleanWords { quotesBooleanWords = XcodeGenValues.quotesBooleanWord(String(decoding: data, as: UTF8.self)) }
            let value: YAMLValue?
            do throws(YAMLReadError) {
                value = try YAMLReader.read(Array(data), limits: YAMLReader.Limits(maximumBytes: XcodeGenSpecFile.maximumBytes))
            } catch {
                problems.append("\(path) could not be read: \(error)")
                return nil
            }
            guard case .mapping(var members)? = value else {
                problems.append("\(path) is not a mapping of spec keys")
                return nil
            }
            if !pathPrefix.isEmpty { members = XcodeGenPaths.rewrite(members, under: pathPrefix) }
            var includedSpecs: [YAMLValue] = []
            for include in Self.includes(members["include"]) where include.enabled {
                guard depth + 1 <= XcodeGenSpecFile.maximumDepth else {
                    problems.append("\(path) includes \(include.path) more than \(XcodeGenSpecFile.maximumDepth) deep; it is not read")
                    continue
                }
                guard let file = XcodePath.join(base, include.path) else {
                    problems.append("\(path) includes \(include.path), which is outside the input")
                    continue
                }
                let directory = XcodePath.parent(file)
                let prefix = include.relativePaths ? XcodeGenPaths.relative(from: rootDirectory, to: directory) : pathPrefix
                let nextBase = include.relativePaths ? directory : base
                if let spec = load(file, base: nextBase, pathPrefix: prefix, depth: depth + 1) { includedSpecs.append(spec) }
            }
            members["include"] = nil
            let below = includedSpecs.reduce(YAMLValue.mapping([:])) { XcodeGenSpecFile.merge($1, onto: $0) }
            return XcodeGenSpecFile.merge(.mapping(members), onto: below)
        }

        struct Include {
            let path: String
            let relativePaths: Bool
            let enabled: Bool
        }

        static func includes(_ value: YAMLValue?) -> [Include] {
            let items = value?.elements ?? []
            return items.compactMap { item in
                if let path = item.text { return path.isEmpty ? nil : Include(path: path, relativePaths: true, enabled: true) }
                guard let path = item["path"]?.text, !path.isEmpty else { return nil }
                return Include(path: path, relativePaths: item["relativePaths"]?.text.map(XcodeGenValues.isTrue) ?? true,
                               enabled: item["enable"]?.text.map(XcodeGenValues.isTrue) ?? true)
            }
        }
    }
}

/// The paths of an XcodeGen spec.
enum XcodeGenPaths {
    /// `path` relative to `directory` (both input-relative): `../Shared` from `App` to `Shared`.
    static func relative(from directory: String, to path: String) -> String {
        let from = directory.split(separator: "/")
        let to = path.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)).joined(separator: "/")
    }

    /// `path` (relative) under `prefix` (relative, may start with `..`), normalised; an absolute
    /// path as it is.
    static func prefixed(_ path: String, under prefix: String) -> String {
        if path.hasPrefix("/") || prefix.isEmpty { return path }
        var components: [Substring] = []
        for component in (prefix + "/" + path).split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                if let last = components.last, last != ".." { components.removeLast() } else { components.append(component) }
            default: components.append(component)
            }
        }
        return components.joined(separator: "/")
    }

    /// The spec members with XcodeGen's path properties rewritten under `prefix`: `configFiles`,
    /// `options.carthageBuildPath`, `localPackages`, `fileGroups`, `projectReferences.*.path`,
    /// `packages.*.path`, and in each of `targets` and `targetTemplates`: `sources` (strings,
    /// and `path` of mappings), `configFiles`, `dependencies[].framework`, `info.path`,
    /// `entitlements.path`.
    static func rewrite(_ members: [String: YAMLValue], under prefix: String) -> [String: YAMLValue] {
        var result = members
        for key in ["configFiles", "localPackages", "fileGroups"] { result[key] = strings(result[key], prefix) }
        result["options"] = object(result["options"]) { strings($0, prefix, keys: ["carthageBuildPath"]) }
        for key in ["projectReferences", "packages"] {
            result[key] = eachValue(result[key]) { strings($0, prefix, keys: ["path"]) }
        }
        for key in ["targets", "targetTemplates"] {
            result[key] = eachValue(result[key]) { target in
                guard case .mapping(var fields) = target else { return target }
                fields["configFiles"] = strings(fields["configFiles"], prefix)
                fields["sources"] = sources(fields["sources"], prefix)
                fields["dependencies"] = fields["dependencies"].map { dependencies in
                    guard case .sequence(let items) = dependencies else { return dependencies }
                    return .sequence(items.map { strings($0, prefix, keys: ["framework"]) ?? $0 })
                }
                for plist in ["info", "entitlements"] { fields[plist] = fields[plist].flatMap { strings($0, prefix, keys: ["path"]) } }
                return .mapping(fields)
            }
        }
        return result
    }

    private static func sources(_ value: YAMLValue?, _ prefix: String) -> YAMLValue? {
        switch value {
        case .scalar(let text)?: return .scalar(prefixed(text, under: prefix))
        case .sequence(let items)?:
            return .sequence(items.map { item in
                if let text = item.text { return .scalar(prefixed(text, under: prefix)) }
                return strings(item, prefix, keys: ["path"]) ?? item
            })
        default: return value
        }
    }

    /// A scalar, the scalars of a sequence, or the scalar values of a mapping, prefixed (for
    /// `keys`, the named members of a mapping instead).
    private static func strings(_ value: YAMLValue?, _ prefix: String, keys: [String]? = nil) -> YAMLValue? {
        guard let value else { return nil }
        if let keys {
            guard case .mapping(var fields) = value else { return value }
            for key in keys { if let text = fields[key]?.text { fields[key] = .scalar(prefixed(text, under: prefix)) } }
            return .mapping(fields)
        }
        switch value {
        case .scalar(let text): return .scalar(prefixed(text, under: prefix))
        case .sequence(let items): return .sequence(items.map { $0.text.map { .scalar(prefixed($0, under: prefix)) } ?? $0 })
        case .mapping(let fields): return .mapping(fields.mapValues { $0.text.map { .scalar(prefixed($0, under: prefix)) } ?? $0 })
        }
    }

    private static func object(_ value: YAMLValue?, _ change: (YAMLValue) -> YAMLValue?) -> YAMLValue? {
        value.flatMap(change)
    }

    private static func eachValue(_ value: YAMLValue?, _ change: (YAMLValue) -> YAMLValue?) -> YAMLValue? {
        guard case .mapping(let fields)? = value else { return value }
        return .mapping(fields.mapValues { change($0) ?? $0 })
    }
}

/// How XcodeGen (through Yams) reads plain YAML scalars.
enum XcodeGenValues {
    /// YAML 1.1's true values, as Yams's default resolver reads them.
    static let trueWords: Set<String> = ["yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"]
    /// YAML 1.1's false values.
    static let falseWords: Set<String> = ["no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"]

    static func isTrue(_ text: String) -> Bool { trueWords.contains(text) }

    /// Whether `text` holds a Boolean word in quotes (`"YES"`, `'false'`).
    static func quotesBooleanWord(_ text: String) -> Bool {
        for word in trueWords.union(falseWords) {
            if text.contains("\"\(word)\"") || text.contains("'\(word)'") { return true }
        }
        return false
    }
}
