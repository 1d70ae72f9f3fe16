import AtscheckSystem

/// What a CocoaPods `Podfile` says about development pods: which targets link which pods whose
/// sources are in the tree (`pod 'Name', :path => 'dir'` or `path: 'dir'`), and which Xcode
/// project those targets are in (`project 'App.xcodeproj'`, `xcodeproj 'App'`).
///
/// A Podfile is Ruby and is not run. A bounded line reader follows what nearly every Podfile
/// writes: `target 'Name' do … end` blocks, nested ones inheriting their parent's pods unless
/// `inherit! :search_paths` or `inherit! :none` says otherwise (CocoaPods' Podfile DSL,
/// guides.cocoapods.org/syntax/podfile.html), `abstract_target` blocks whose pods their nested
/// targets link, pods outside every block (linked by every target), and `def name … end`
/// methods called by name inside a target. Other blocks (`post_install do |installer|`,
/// `if`, `.each do`) are skipped to their `end`. A pod whose `:path` is not a string literal is
/// counted in ``problems``. Remote pods (no `:path`) are dependencies in `Pods/`, not the
/// project's code, and are left out.
struct Podfile {
    /// Largest Podfile read.
    static let maximumBytes = 256 << 10
    /// Most lines read.
    static let maximumLines = 10_000
    /// Deepest nesting of blocks followed.
    static let maximumDepth = 32

    /// A development pod: its name and its folder as written (relative to the Podfile).
    struct Pod: Hashable {
        let name: String
        let path: String
    }

    /// The project the Podfile names, as written (relative to the Podfile, `.xcodeproj` optional).
    private(set) var project: String?
    /// Development pods each target links, by target name.
    private(set) var podsByTarget: [String: [Pod]] = [:]
    /// What could not be followed, one line each.
    private(set) var problems: [String] = []

    /// One open block.
    private struct Block {
        enum Kind { case root, target(String), abstractTarget, method(String), other }
        let kind: Kind
        /// The pods written in it (and in the methods it calls).
        var pods: [Pod] = []
        /// `inherit!`: whether it links the pods of the blocks around it.
        var inheritsPods = true
    }

    /// Reads `text` (a Podfile's bytes as UTF-8).
    init(_ text: String) {
        var stack = [Block(kind: .root)]
        var methods: [String: [Pod]] = [:]
        var unreadPaths = 0
        var unclosed = false
        for (number, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard number < Self.maximumLines else {
                problems.append("more than \(Self.maximumLines) lines: the rest were not read")
                break
            }
            let line = Self.code(rawLine)
            guard !line.isEmpty else { continue }
            let words = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            let keyword = String(words[0])
            let rest = words.count > 1 ? String(words[1]) : ""
            switch keyword {
            case "end", "end.", "end)":
                if stack.count > 1 { close(&stack, methods: &methods) } else { unclosed = true }
                continue
            case "target", "abstract_target":
                let name = Self.firstLiteral(rest) ?? Self.symbol(rest) ?? ""
                if Self.opensBlock(line) {
                    open(&stack, Block(kind: keyword == "target" ? .target(name) : .abstractTarget))
                }
                continue
            case "def":
                let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "?" || $0 == "!" })
                open(&stack, Block(kind: .method(name)))
                continue
            case "inherit!":
                stack[stack.count - 1].inheritsPods = !(rest.contains(":search_paths") || rest.contains(":none"))
                continue
            case "pod":
                guard let name = Self.firstLiteral(rest) else { continue }
                if let path = Self.option("path", in: rest) {
                    stack[stack.count - 1].pods.append(Pod(name: name, path: path))
                } else if rest.contains(":path") || rest.contains("path:") {
                    unreadPaths += 1
                }
                continue
            case "project", "xcodeproj":
                if let path = Self.firstLiteral(rest) { project = project ?? path }
                continue
            default:
                break
            }
            if let called = methods[keyword.hasSuffix("()") ? String(keyword.dropLast(2)) : keyword], rest.isEmpty {
                stack[stack.count - 1].pods += called
                continue
            }
            if Self.opensBlock(line) || ["if", "unless", "case", "while", "until", "begin", "for"].contains(keyword) {
                open(&stack, Block(kind: .other))
            }
        }
        if stack.count > 1 || unclosed { problems.append("its blocks do not close as Ruby's would: the targets read may be incomplete") }
        while stack.count > 1 { close(&stack, methods: &methods) }
        if unreadPaths > 0 {
            problems.append("\(unreadPaths) pod\(unreadPaths == 1 ? "" : "s") whose :path is not a string literal: their folders are not known")
        }
        // Pods outside every target are every target's.
        let rootPods = stack[0].pods
        if !rootPods.isEmpty {
            for name in podsByTarget.keys { podsByTarget[name] = Self.unique(rootPods + podsByTarget[name]!) }
        }
        self.rootPods = rootPods
    }

    /// Pods written outside every target block.
    private(set) var rootPods: [Pod] = []

    private mutating func open(_ stack: inout [Block], _ block: Block) {
        guard stack.count < Self.maximumDepth else {
            if !problems.contains(where: { $0.hasPrefix("blocks nest") }) {
                problems.append("blocks nest deeper than \(Self.maximumDepth): the deeper ones are read as part of the one around them")
            }
            stack.append(Block(kind: .other))
            return
        }
        stack.append(block)
    }

    /// Closes the innermost block: a target records its pods with those it inherits; a
    /// method is remembered; other blocks hand their pods to the block around them.
    private mutating func close(_ stack: inout [Block], methods: inout [String: [Pod]]) {
        let block = stack.removeLast()
        switch block.kind {
        case .target(let name):
            var pods = block.pods
            if block.inheritsPods { pods = inherited(stack) + pods }
            podsByTarget[name] = Self.unique((podsByTarget[name] ?? []) + pods)
        case .method(let name):
            methods[name] = block.pods
        case .other:
            stack[stack.count - 1].pods += block.pods
        case .abstractTarget, .root:
            break
        }
    }

    /// The pods of the blocks around a nested target (the root's are added at the end).
    private func inherited(_ stack: [Block]) -> [Pod] {
        var pods: [Pod] = []
        for block in stack.reversed() {
            if case .root = block.kind { break }
            pods = block.pods + pods
            if !block.inheritsPods { break }
        }
        return pods
    }

    /// The line without its comment (a `#` outside quotes) and surrounding blanks.
    private static func code(_ line: Substring) -> String {
        var quote: Character?
        var end = line.endIndex
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#" {
                end = index
                break
            }
        }
        return line[..<end].trimmingWhitespace()
    }

    /// Whether the line opens a `do … end` block (`target 'App' do`, `post_install do |installer|`).
    private static func opensBlock(_ line: String) -> Bool {
        if line.hasSuffix(" do") || line == "do" { return true }
        guard let range = line.firstRange(of: " do |") else { return false }
        return line[range.upperBound...].contains("|")
    }

    /// The first string literal of `text` (`'App'` or `"App"`).
    private static func firstLiteral(_ text: String) -> String? {
        guard let open = text.firstIndex(where: { $0 == "'" || $0 == "\"" }) else { return nil }
        let quote = text[open]
        let body = text[text.index(after: open)...]
        guard let close = body.firstIndex(of: quote) else { return nil }
        let literal = String(body[..<close])
        return literal.contains("#{") ? nil : literal
    }

    /// A symbol target name (`target :App do`).
    private static func symbol(_ text: String) -> String? {
        guard text.hasPrefix(":") else { return nil }
        let name = text.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    /// The string literal given to option `name` (`:path => 'x'`, `path: 'x'`), nil when absent
    /// or not a literal.
    private static func option(_ name: String, in text: String) -> String? {
        for form in [":\(name) =>", ":\(name)=>", "\(name):"] {
            guard let range = text.firstRange(of: form) else { continue }
            let value = text[range.upperBound...].drop { $0 == " " }
            guard value.first == "'" || value.first == "\"" else { return nil }
            return firstLiteral(String(value))
        }
        return nil
    }

    private static func unique(_ pods: [Pod]) -> [Pod] {
        var seen: Set<Pod> = []
        return pods.filter { seen.insert($0).inserted }
    }
}
