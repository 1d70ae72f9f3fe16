/// One event of libyaml's parser, as the tree builder needs it.
enum YAMLEvent: Equatable {
    case scalar(String, anchor: String?)
    case sequenceStart(anchor: String?)
    case mappingStart(anchor: String?)
    /// The end of the innermost open sequence or mapping.
    case collectionEnd
    case alias(String)
}

/// Builds the first document's tree from events, within `YAMLReader.Limits`, with an explicit
/// stack (no recursion, so no input can exhaust the call stack while building).
struct YAMLTreeBuilder {
    /// An open collection. A struct changed in place on the stack (`stack[last]`), so that
    /// appending to it never copies its elements.
    private struct Frame {
        var isMapping: Bool
        var elements: [YAMLValue] = []
        var members: [String: YAMLValue] = [:]
        /// A mapping's key whose value comes next.
        var key: String?
        /// The line each key of a mapping was written on (with `refusesDuplicateKeys`).
        var keyLines: [String: Int] = [:]
        var anchor: String?
        /// The node count when it opened: its own weight is the count when it closes, less this.
        var firstNode: Int
        /// Levels of collections below it (0 while it holds only scalars).
        var levelsBelow = 0
    }

    private let limits: YAMLReader.Limits
    private var stack: [Frame] = []
    /// Anchored nodes, how many nodes each counts for and how many levels of collections it
    /// has. An alias shares the node's storage (no copy is made) but is charged its full weight,
    /// so an alias bomb hits `maximumNodes`, and its levels, so nesting aliases cannot build a
    /// tree deeper than `maximumDepth` (whose release would recurse that deep).
    private var anchors: [String: (value: YAMLValue, nodes: Int, levels: Int)] = [:]
    private var nodes = 0
    private var aliases = 0
    /// The document's root, once complete.
    private(set) var root: YAMLValue?

    init(limits: YAMLReader.Limits) {
        self.limits = limits
    }

    /// Takes one event; `line` is where it starts (1-based), for messages.
    mutating func take(_ event: YAMLEvent, line: Int) throws(YAMLReadError) {
        switch event {
        case .scalar(let text, let anchor):
            try count(1)
            if let anchor { anchors[anchor] = (.scalar(text), 1, 0) }
            try add(.scalar(text), levels: 0, line: line)
        case .alias(let name):
            aliases += 1
            if aliases > limits.maximumAliases { throw .tooManyAliases(limit: limits.maximumAliases) }
            guard let (value, weight, levels) = anchors[name] else { throw .undefinedAlias(name, line: line) }
            if stack.count + levels > limits.maximumDepth { throw .tooDeep(limit: limits.maximumDepth) }
            try count(weight)
            try add(value, levels: levels, line: line)
        case .sequenceStart(let anchor):
            try open(Frame(isMapping: false, anchor: anchor, firstNode: nodes))
        case .mappingStart(let anchor):
            try open(Frame(isMapping: true, anchor: anchor, firstNode: nodes))
        case .collectionEnd:
            guard let frame = stack.popLast() else { return }
            let value: YAMLValue = frame.isMapping ? .mapping(frame.members) : .sequence(frame.elements)
            let levels = frame.levelsBelow + 1
            if let anchor = frame.anchor { anchors[anchor] = (value, nodes - frame.firstNode, levels) }
            try add(value, levels: levels, line: line)
        }
    }

    private mutating func open(_ frame: Frame) throws(YAMLReadError) {
        if stack.count >= limits.maximumDepth { throw .tooDeep(limit: limits.maximumDepth) }
        try count(1)
        stack.append(frame)
    }

    private mutating func count(_ weight: Int) throws(YAMLReadError) {
        nodes += weight
        if nodes > limits.maximumNodes { throw .tooManyNodes(limit: limits.maximumNodes) }
    }

    /// Places a complete node: in the open collection (as a key, or as the value of the
    /// pending key), or as the root.
    private mutating func add(_ value: YAMLValue, levels: Int, line: Int) throws(YAMLReadError) {
        guard !stack.isEmpty else {
            if root == nil { root = value }
            return
        }
        let last = stack.count - 1
        stack[last].levelsBelow = max(stack[last].levelsBelow, levels)
        if !stack[last].isMapping {
            stack[last].elements.append(value)
        } else if let key = stack[last].key {
            if stack[last].members[key] == nil { stack[last].members[key] = value }
            stack[last].key = nil
        } else {
            guard case .scalar(let key) = value else { throw .nonScalarKey(line: line) }
            if limits.refusesDuplicateKeys {
                if let first = stack[last].keyLines[key] { throw .duplicateKey(key, firstLine: first, line: line) }
                stack[last].keyLines[key] = line
            }
            stack[last].key = key
        }
    }
}
