/// What atscheck knows of the build a conditional compilation is decided for: a Release build
/// for a device. Names it knows are true or false; everything else is unknown, and an unknown
/// condition keeps every branch (code atscheck cannot rule out is code that may ship).
public struct CompilationConditions: Sendable, Hashable {
    /// Swift active compilation conditions (`SWIFT_ACTIVE_COMPILATION_CONDITIONS`, `-D`) and C
    /// macros (`GCC_PREPROCESSOR_DEFINITIONS`) known to be set, with their values (`1` when none).
    public var defined: [String: String]
    /// Names known to be unset in this build.
    public var undefined: Set<String>

    /// Names a Release build leaves unset unless its settings set them: Xcode's templates define
    /// `DEBUG` only for the Debug configuration (`SWIFT_ACTIVE_COMPILATION_CONDITIONS = DEBUG`,
    /// `GCC_PREPROCESSOR_DEFINITIONS = DEBUG=1`).
    public static let debugNames: Set<String> = ["DEBUG", "_DEBUG"]

    /// The SDK's macros for a device build: simulator-only code does not ship.
    public static let deviceMacros: [String: String] = ["TARGET_OS_SIMULATOR": "0", "TARGET_IPHONE_SIMULATOR": "0"]

    /// A Release device build: `DEBUG` unset, the simulator macros 0, `defined` as given.
    public init(defined: [String: String] = [:]) {
        var all = Self.deviceMacros
        for (name, value) in defined { all[name] = value }
        self.defined = all
        undefined = Self.debugNames.subtracting(defined.keys)
    }

    /// A Release device build with these `NAME` or `NAME=VALUE` settings (Xcode's spelling).
    public init(settings: [String]) {
        var defined: [String: String] = [:]
        for setting in settings where !setting.isEmpty && setting != "$(inherited)" {
            if let equals = setting.firstIndex(of: "=") {
                defined[String(setting[..<equals])] = String(setting[setting.index(after: equals)...])
            } else {
                defined[setting] = "1"
            }
        }
        self.init(defined: defined)
    }

    /// What the build says of `name`: true (set), false (known unset) or unknown.
    func truth(of name: String) -> Truth {
        if let value = defined[name] { return value == "0" ? .no : .yes }
        return undefined.contains(name) ? .no : .unknown
    }

    /// Whether `name` is defined at all (`defined(NAME)`, `#ifdef NAME`).
    func isDefined(_ name: String) -> Truth {
        if defined[name] != nil { return .yes }
        return undefined.contains(name) ? .no : .unknown
    }
}

/// Three-valued truth: what a condition is when some names in it are unknown.
enum Truth: Sendable, Hashable {
    case yes, no, unknown

    static prefix func ! (value: Truth) -> Truth {
        switch value {
        case .yes: return .no
        case .no: return .yes
        case .unknown: return .unknown
        }
    }

    static func && (lhs: Truth, rhs: Truth) -> Truth {
        if lhs == .no || rhs == .no { return .no }
        if lhs == .yes && rhs == .yes { return .yes }
        return .unknown
    }

    static func || (lhs: Truth, rhs: Truth) -> Truth {
        if lhs == .yes || rhs == .yes { return .yes }
        if lhs == .no && rhs == .no { return .no }
        return .unknown
    }
}

/// The `#if` blocks open at a point of a file: which branch of each may be built.
struct ConditionalStack {
    private struct Block {
        /// A branch of this block is known to be taken.
        var taken: Bool
        /// The current branch may be built.
        var active: Bool
        /// Where the current branch began and why it is out, when it is.
        var inactiveStart: Int?
        var inactiveLine: Int
        var reason: String
    }

    private var blocks: [Block] = []
    /// Regions closed so far.
    private(set) var regions: [InactiveRegion] = []

    /// Whether code here may be built (every open block's current branch may be).
    var isActive: Bool { blocks.allSatisfy(\.active) }
    var depth: Int { blocks.count }

    /// `#if condition` at `offset` (the line's start) on `line`; `text` names it in reasons.
    mutating func open(_ truth: Truth, text: String, offset: Int, end: Int, line: Int) {
        var block = Block(taken: truth == .yes, active: truth != .no, inactiveStart: nil, inactiveLine: line, reason: "")
        if truth == .no, isActive {
            block.inactiveStart = end
            block.reason = "#if \(text) is false in a Release build for a device"
        }
        blocks.append(block)
    }

    /// `#elif` / `#elseif condition` (nil for `#else`) at `offset` on `line`.
    mutating func branch(_ truth: Truth?, text: String, offset: Int, end: Int, line: Int) {
        guard var block = blocks.popLast() else { return }
        closeRegion(&block, at: offset)
        let outerActive = isActive
        let condition = truth ?? .yes
        if block.taken {
            block.active = false
            block.reason = "an earlier branch of its #if is taken in a Release build"
        } else {
            block.active = condition != .no
            block.taken = condition == .yes
            block.reason = truth == nil ? "#else of a condition that is true in a Release build" : "#elseif \(text) is false in a Release build for a device"
        }
        if !block.active, outerActive {
            block.inactiveStart = end
            block.inactiveLine = line
        }
        blocks.append(block)
    }

    /// `#endif` at `offset`.
    mutating func close(at offset: Int) {
        guard var block = blocks.popLast() else { return }
        closeRegion(&block, at: offset)
    }

    /// At the end of the file: open blocks end there.
    mutating func finish(at offset: Int) {
        while !blocks.isEmpty { close(at: offset) }
    }

    private mutating func closeRegion(_ block: inout Block, at offset: Int) {
        guard let start = block.inactiveStart else { return }
        if offset > start { regions.append(InactiveRegion(range: start..<offset, line: block.inactiveLine, reason: block.reason)) }
        block.inactiveStart = nil
    }
}
