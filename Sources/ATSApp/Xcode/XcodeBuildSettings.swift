/// What expanding a build setting gave.
enum XcodeExpansion: Equatable {
    case resolved(String)
    /// Why not: "$(ORGANIZATION_IDENTIFIER) is not set", "modifier :foo is not known".
    case unresolved(String)

    var value: String? {
        if case .resolved(let text) = self { return text }
        return nil
    }
}

/// The build settings of one configuration of one target, layered as Xcode layers them.
///
/// `levels` run from lowest to highest precedence: the project's xcconfig, the project's
/// settings, the target's xcconfig, the target's settings. Within a level the assignments
/// apply in order, unconditional ones first, then those whose conditions hold for `sdk` and
/// `configuration`. `$(inherited)` (and a setting naming itself) is the value below.
/// Other references are expanded when a value is asked for, against the whole stack and then
/// `builtins`. A reference to something neither sets leaves the value unresolved when the
/// caller asks for `strict` expansion (paths: atscheck does not know every variable the build
/// system sets, and a guessed path would be wrong); otherwise it is empty, as in Xcode.
final class XcodeBuildSettings {
    /// Deepest chain of settings expanded through one another.
    static let maximumDepth = 32
    /// Longest expanded value.
    static let maximumLength = 64 << 10
    /// Most references expanded for one configuration (a hostile project could otherwise make
    /// a few settings name each other an exponential number of times).
    static let maximumExpansions = 100_000

    let sdk: String
    let configuration: String
    private let levels: [XcodeSettingLevel]
    private let builtins: [String: String]
    private var rawCache: [String: String?] = [:]
    /// Expanded values, strict ones under `true`.
    private var expandedCache: [Bool: [String: XcodeExpansion]] = [:]
    private var expansions = 0
    /// The project's budgets; nil for settings read on their own.
    private let table: PBXObjectTable?
    /// Settings whose `$(inherited)` chain grew past ``maximumLength``, with why.
    private var overlong: [String: String] = [:]
    /// The longest name any level or builtin sets: a longer reference names nothing, and is
    /// not hashed to find that out.
    private let longestName: Int

    init(levels: [XcodeSettingLevel], builtins: [String: String], sdk: String, configuration: String, table: PBXObjectTable? = nil) {
        self.table = table
        self.levels = levels
        self.builtins = builtins
        self.sdk = sdk
        self.configuration = configuration
        longestName = max(levels.map(\.longestKey).max() ?? 0, builtins.keys.map(\.utf8.count).max() ?? 0)
    }

    /// Why no setting can be told (a project budget ran out), if so.
    private var incomplete: String? { table?.settingsIncomplete }

    /// The keys some level assigns that start with `prefix` (and are longer), each once, sorted.
    func keys(withPrefix prefix: String) -> [String] {
        Set(levels.flatMap { $0.keys(withPrefix: prefix) }).sorted()
    }

    /// `key` with `$(inherited)` resolved through the levels, other references as written;
    /// nil when no level sets it.
    func raw(_ key: String) -> String? {
        if let cached = rawCache[key] { return cached }
        var current: String?
        layers: for level in levels {
            guard let assignments = level.byKey[key] else { continue }
            let ordered = assignments.filter(\.conditions.isEmpty)
                + assignments.filter { !$0.conditions.isEmpty && $0.applies(sdk: sdk, configuration: configuration) }
            for assignment in ordered {
                let value = Self.inheriting(assignment.value, key: key, below: current ?? "")
                current = value
                guard value.utf8.count <= Self.maximumLength else {
                    overlong[key] = "\(key) is longer than \(Self.maximumLength) bytes"
                    current = String(value.prefix(256))
                    break layers
                }
            }
        }
        rawCache[key] = .some(current)
        return current
    }

    /// `key` expanded; nil when neither a level nor the builtins set it.
    func value(_ key: String, strict: Bool = false) -> XcodeExpansion? {
        if let incomplete { return .unresolved(incomplete) }
        guard raw(key) != nil else { return builtins[key].map(XcodeExpansion.resolved) }
        return expanded(key, strict: strict, depth: 0)
    }

    /// `text` with every `$(NAME)`, `${NAME}` and `$(NAME:modifier,...)` expanded.
    func expand(_ text: String, strict: Bool = false) -> XcodeExpansion {
        if let incomplete { return .unresolved(incomplete) }
        return expand(text, strict: strict, depth: 0)
    }

    /// The setting `key`, which some level sets, expanded (cached).
    private func expanded(_ key: String, strict: Bool, depth: Int) -> XcodeExpansion {
        if let cached = expandedCache[strict]?[key] { return cached }
        let raw = raw(key)
        if let why = overlong[key] { return .unresolved(why) }
        let result = expand(raw ?? "", strict: strict, depth: depth)
        expandedCache[strict, default: [:]][key] = result
        return result
    }

    private func expand(_ text: String, strict: Bool, depth: Int) -> XcodeExpansion {
        guard depth <= Self.maximumDepth else {
            return .unresolved("settings refer to one another more than \(Self.maximumDepth) deep (a cycle?)")
        }
        var output = ""
        var index = text.startIndex
        while let dollar = text[index...].firstIndex(of: "$") {
            output += text[index..<dollar]
            let next = text.index(after: dollar)
            guard next < text.endIndex else {
                output += "$"
                index = next
                break
            }
            if text[next] == "$" {
                output += "$"
                index = text.index(after: next)
                continue
            }
            guard text[next] == "(" || text[next] == "{", let close = Self.closing(text, from: next) else {
                output += "$"
                index = next
                continue
            }
            let inner = String(text[text.index(after: next)..<close])
            switch reference(inner, strict: strict, depth: depth) {
            case .resolved(let value): output += value
            case .unresolved(let why): return .unresolved(why)
            }
            guard output.utf8.count <= Self.maximumLength else {
                return .unresolved("expands to more than \(Self.maximumLength) bytes")
            }
            index = text.index(after: close)
        }
        output += text[index...]
        return .resolved(output)
    }

    /// The value of one reference's inside: `NAME`, `NAME:modifier,...`, `FOO_$(BAR)`.
    private func reference(_ inner: String, strict: Bool, depth: Int) -> XcodeExpansion {
        expansions += 1
        guard expansions <= Self.maximumExpansions else {
            return .unresolved("more than \(Self.maximumExpansions) references expanded")
        }
        var inside = inner
        if inside.contains("$") {
            switch expand(inside, strict: strict, depth: depth + 1) {
            case .resolved(let text): inside = text
            case .unresolved(let why): return .unresolved(why)
            }
        }
        let parts = inside.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        if let table, !table.expand(name.utf8.count) { return .unresolved(table.settingsIncomplete ?? "") }
        var value: String
        if name == "inherited" {
            value = ""
        } else if name.utf8.count > longestName {
            // Longer than any name set: nothing sets it (and it is not hashed to find out).
            if strict { return .unresolved("$(\(name.prefix(64))…) is not set") }
            value = ""
        } else if raw(name) != nil {
            switch expanded(name, strict: strict, depth: depth + 1) {
            case .resolved(let text): value = text
            case .unresolved(let why): return .unresolved(why)
            }
        } else if let builtin = builtins[name] {
            value = builtin
        } else if strict {
            return .unresolved("$(\(name)) is not set")
        } else {
            value = ""
        }
        if let table, !table.expand(value.utf8.count) { return .unresolved(table.settingsIncomplete ?? "") }
        if parts.count == 2 {
            for modifier in parts[1].split(separator: ",") {
                guard let modified = XcodeSettingModifier.apply(String(modifier), to: value) else {
                    return .unresolved("the modifier :\(modifier) of $(\(name)) is not one atscheck knows")
                }
                value = modified
            }
        }
        return .resolved(value)
    }

    /// `value` with `$(inherited)`, `${inherited}`, `$(key)` and `${key}` replaced by `below`.
    private static func inheriting(_ value: String, key: String, below: String) -> String {
        guard value.contains("$") else { return value }
        var result = value
        for name in ["inherited", key] {
            for form in ["$(\(name))", "${\(name)}"] where result.contains(form) {
                result = result.replacing(form, with: below)
            }
        }
        return result
    }

    /// The index of the bracket closing the one at `open` (nesting counted); nil when none.
    private static func closing(_ text: String, from open: String.Index) -> String.Index? {
        var depth = 0
        var index = open
        while index < text.endIndex {
            switch text[index] {
            case "(", "{": depth += 1
            case ")", "}":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index = text.index(after: index)
        }
        return nil
    }
}
