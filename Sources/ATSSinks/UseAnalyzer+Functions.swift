import ATSCode

/// Values passed to the app's own functions: followed into the function, as the parameter
/// that receives them (`func openLink(_ url: URL) { UIApplication.shared.open(url) }`,
/// `const openExternal = (url) => Linking.openURL(url)`, `- (void)load:(NSString *)path`).
extension UseAnalyzer {
    /// Prefix of a pending name that stands for a parameter of a function declared in another
    /// file: `ƒ name label position`.
    static let functionMarker = "\u{192}"

    /// The pending name for an argument of `name` at `label` / `position`.
    static func pendingFunction(_ name: String, label: String?, position: Int) -> String {
        "\(functionMarker)\(name) \(label ?? "_") \(position)"
    }

    /// What `name`'s parameter does with an argument at `label` / `position`, when this file
    /// declares `name`; nil when it does not.
    mutating func intoFunction(_ name: String, label: String?, position: Int, hops: Int) -> [FoundUse]? {
        guard hops + 1 < Self.maximumHops else { return nil }
        var found: [FoundUse] = []
        var declared = false
        for declaration in functionDeclarations(named: name).prefix(4) {
            guard let parameter = parameterName(declaration, label: label, position: position) else { continue }
            declared = true
            found += follow(parameter, in: declaration.body, hops: hops + 1)
        }
        return declared ? found : nil
    }

    /// A function's parameter list (between `open` and its partner) and the tokens of its body.
    struct FunctionDeclaration {
        let parameters: Int
        let body: Range<Int>
        /// Objective-C: the method's selector parts, each with the parameter name after it.
        var selectorParameters: [(part: String, name: String)] = []
    }

    /// The declarations of `name` in the file's own stream.
    mutating func functionDeclarations(named name: String) -> [FunctionDeclaration] {
        if let known = declarationsCache[name] { return known }
        let found = findDeclarations(named: name)
        declarationsCache[name] = found
        return found
    }

    private mutating func findDeclarations(named name: String) -> [FunctionDeclaration] {
        guard name.utf8.count >= 3 else { return [] }  // minified code's one- and two-letter names are not worth a search
        let shape = shape(0)
        let all = tokens(0)
        var found: [FunctionDeclaration] = []
        if nameIndex == nil { buildNameIndex() }
        let wanted = Array(name.utf8)
        for place in nameIndex?[Self.hash(wanted)] ?? [] where place.stream == 0 {
            let index = place.token
            guard source.bytes[all[index].start..<all[index].end].elementsEqual(wanted), step() else { continue }
            if source.language == .cFamily, let method = objectiveCMethod(at: index) { found.append(method); continue }
            // Parameters: the first `(` within a few tokens (past generics `<T>` and `= async`).
            var paren = index + 1
            while paren < all.count, paren < index + 12, !isPunctuation(0, paren, "(") {
                if isPunctuation(0, paren, ";") || isPunctuation(0, paren, "{") || isPunctuation(0, paren, "}") { break }
                paren += 1
            }
            guard isPunctuation(0, paren, "("), shape.partner[paren] > paren else { continue }
            let before = index > 0 ? text(0, index - 1) : ""
            let declares = ["func", "function"].contains(before)
                || (index + 1 < all.count && isPunctuation(0, index + 1, "=") && (source.language == .javaScript || source.language == .dart))
                || (source.language == .dart && index > 0 && (isIdentifier(0, index - 1) || isPunctuation(0, index - 1, ">")) && !Self.keywords.contains(before))
                || (source.language == .javaScript && index > 0 && (isPunctuation(0, index - 1, "}") || isPunctuation(0, index - 1, ";") || ["async", "static"].contains(before)))
            guard declares, let body = functionBody(after: shape.partner[paren]) else { continue }
            found.append(FunctionDeclaration(parameters: paren, body: body))
        }
        return found
    }

    /// The body after a parameter list closing at `close`: a `{…}` block (past `-> T`, `throws`,
    /// `async`), or an arrow's expression up to the `;` or closer that ends it.
    func functionBody(after close: Int) -> Range<Int>? {
        let all = tokens(0)
        let shape = shapes[0]!
        var index = close + 1
        while index < all.count, index < close + 24 {
            if isPunctuation(0, index, "{") { return shape.partner[index] > index ? index..<shape.partner[index] : nil }
            if isPunctuation(0, index, "=>") {
                var end = index + 1
                while end < all.count {
                    if isOpener(0, end), shape.partner[end] > end { end = shape.partner[end] + 1; continue }
                    if isPunctuation(0, end, ";") || isCloser(0, end) || (isPunctuation(0, end, ",") && shape.enclosing[end] != shape.enclosing[index]) { break }
                    end += 1
                }
                return index..<end
            }
            if isPunctuation(0, index, ";") || isPunctuation(0, index, "}") { return nil }
            index += 1
        }
        return nil
    }

    /// The name inside the function of the parameter an argument at `label` / `position` binds.
    func parameterName(_ declaration: FunctionDeclaration, label: String?, position: Int) -> String? {
        if !declaration.selectorParameters.isEmpty {
            return declaration.selectorParameters.first { $0.part == label }?.name
        }
        let shape = shapes[0]!
        let close = shape.partner[declaration.parameters]
        // Split the list at top-level commas (Dart's `{…}` and `[…]` named and optional groups flattened).
        var parameters: [[Int]] = [[]]
        var index = declaration.parameters + 1
        while index < close {
            if isPunctuation(0, index, ",") {
                parameters.append([])
            } else if (isPunctuation(0, index, "(") || isPunctuation(0, index, "<")), shape.partner[index] > index {
                index = shape.partner[index]
            } else if !isPunctuation(0, index, "{") && !isPunctuation(0, index, "}") && !isPunctuation(0, index, "[") && !isPunctuation(0, index, "]") {
                parameters[parameters.count - 1].append(index)
            }
            index += 1
        }
        func names(_ parameter: [Int]) -> (external: String?, internal: String)? {
            // Swift `label name: T`, `_ name: T`, `name: T`; JavaScript `name`, `name = 1`;
            // Dart `String name`, `required String? name`, `this.name`.
            let beforeColon = parameter.prefix { !isPunctuation(0, $0, ":") && !isPunctuation(0, $0, "=") }
            let words = beforeColon.filter { isIdentifier(0, $0) }.map { text(0, $0) }.filter { $0 != "required" && $0 != "final" && $0 != "inout" }
            guard let last = words.last else { return nil }
            switch source.language {
            case .swift: return words.count >= 2 ? (words[words.count - 2] == "_" ? nil : words[words.count - 2], last) : (last, last)
            case .dart: return (last, last)
            default: return (nil, last)
            }
        }
        let named = parameters.compactMap(names)
        if let label, let match = named.first(where: { $0.external == label }) { return match.internal }
        guard position < named.count else { return nil }
        return label == nil || source.language != .swift ? named[position].internal : nil
    }

    /// An Objective-C method whose selector has the part at `index` (`- (void)open:(NSURL *)url
    /// animated:(BOOL)animated {`): its parameters by part, and its body.
    func objectiveCMethod(at index: Int) -> FunctionDeclaration? {
        let all = tokens(0)
        let shape = shapes[0]!
        // The line starts with `-` or `+`, and a `{` follows before any `;`.
        var start = index
        while start > 0, all[start - 1].line == all[index].line { start -= 1 }
        guard isPunctuation(0, start, "-") || isPunctuation(0, start, "+") else { return nil }
        var parts: [(String, String)] = []
        var cursor = start + 1
        while cursor < all.count, !isPunctuation(0, cursor, "{"), !isPunctuation(0, cursor, ";"), cursor < start + 64 {
            if isIdentifier(0, cursor), isPunctuation(0, cursor + 1, ":") {
                var name = cursor + 2
                if isPunctuation(0, name, "("), shape.partner[name] > name { name = shape.partner[name] + 1 }
                if isIdentifier(0, name) { parts.append((text(0, cursor), text(0, name))) }
                cursor = name + 1
                continue
            }
            cursor += 1
        }
        guard isPunctuation(0, cursor, "{"), shape.partner[cursor] > cursor, !parts.isEmpty else { return nil }
        return FunctionDeclaration(parameters: start, body: cursor..<shape.partner[cursor],
                                   selectorParameters: parts.map { (part: $0.0, name: $0.1) })
    }
}
