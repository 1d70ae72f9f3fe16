import ATSCode

extension UseAnalyzer {
    /// A value assigned at `equals`: to a property atscheck knows (`pasteboard.string`,
    /// `img.src`, `request.tokenNotificationURL`), or to a name whose reads decide.
    mutating func assigned(stream: Int, at equals: Int, properties: [String], hops: Int) -> [FoundUse] {
        if source.language == .javaScript, isPunctuation(stream, equals, "="), let jsx = jsxAttribute(stream: stream, open: equals + 1) {
            return jsxSink(element: jsx.element, attribute: jsx.attribute, properties: properties)
        }
        let path = assignee(stream: stream, before: equals)
        let elements = properties.filter { $0 == "[]" }
        if path.count == 1, let scope = localScope(stream: stream, equals: equals) {
            // A local declared in a function or closure: only its reads after it, in its block.
            return follow(path[0], in: scope, properties: elements, hops: hops)
        }
        if let key = properties.last, key != "[]", source.language == .javaScript || source.language == .dart {
            // An object literal assigned to a name: reads of its key (`Config.apiUrl`) decide.
            return follow(key, hops: hops)
        }
        guard let name = path.last else { return [.use(.notSeen(hint: "assigned to something atscheck cannot name"))] }
        if path.count >= 2 || table.properties[name]?.contains(where: { if case .any = $0.receiver { true } else { false } }) == true,
           let rule = table.property(name, receiver: Array(path.dropLast())) {
            return apply(rule, stream: stream, first: equals, last: equals, hops: hops)
        }
        if path.count >= 2, ["url", "URL", "baseURL", "mainDocumentURL"].contains(name), !["self", "this"].contains(path[0]) {
            // `request.url = …`: what loads the request decides.
            return follow(path[0], hops: hops)
        }
        if name == "baseURL", source.language == .swift, importsModule("Moya") {
            return [.use(.load(.network, via: "Moya TargetType.baseURL"))]
        }
        return follow(name, properties: elements, hops: hops)
    }

    /// The names of what stands left of `equals` (`self.webView.url` → self, webView, url;
    /// `static let kBase: String` → kBase; `NSString *const kBase` → kBase).
    func assignee(stream: Int, before equals: Int) -> [String] {
        let all = tokens(stream)
        var index = equals - 1
        // Skip a type annotation (`: String`, `: [String: Any]`, `: URL?`).
        var annotation = index
        while annotation >= 0, annotation > equals - 12 {
            if isPunctuation(stream, annotation, ":") {
                index = annotation - 1
                break
            }
            if !isTypeToken(stream, annotation) || statementBreak(stream, after: annotation - 1) { break }
            annotation -= 1
        }
        var path: [String] = []
        while index >= 0, all[index].kind == .identifier || isPunctuation(stream, index, "]") {
            if isPunctuation(stream, index, "]") { return path }
            let word = text(stream, index)
            if Self.keywords.contains(word) && word != "get" && word != "set" { break }
            path.insert(word, at: 0)
            guard index >= 2, isPunctuation(stream, index - 1, ".") || isPunctuation(stream, index - 1, "?.") else { break }
            index -= 2
            while index >= 0, isPunctuation(stream, index, "?") || isPunctuation(stream, index, "!") { index -= 1 }
        }
        return path
    }

    /// The tokens where a local declared at `equals` can be read: from the declaration to the end
    /// of the function, closure or block body around it; nil for a member of a type, a global,
    /// or an assignment that declares nothing (which any code of the file may read).
    mutating func localScope(stream: Int, equals: Int) -> Range<Int>? {
        guard stream == 0 else { return nil }
        let shape = shape(stream)
        var name = equals - 1
        // Back over a type annotation to the name.
        var probe = equals - 1
        while probe > 0, probe > equals - 12, !isPunctuation(stream, probe, ":") {
            if !isTypeToken(stream, probe) || statementBreak(stream, after: probe - 1) { break }
            probe -= 1
        }
        if isPunctuation(stream, probe, ":"), isIdentifier(stream, probe - 1) { name = probe - 1 }
        guard isIdentifier(stream, name), name > 0 else { return nil }
        let before = tokens(stream)[name - 1]
        let declares: Bool
        switch before.kind {
        case .identifier:
            let word = source.text(of: before)
            declares = ["let", "var", "const", "final", "auto", "val", "late"].contains(word) || !Self.keywords.contains(word)
        case .punctuation:
            declares = isPunctuation(stream, name - 1, "*") || isPunctuation(stream, name - 1, ">") || isPunctuation(stream, name - 1, "?")
        default:
            declares = false
        }
        guard declares else { return nil }
        var open = shape.enclosing[name]
        while open >= 0, !isPunctuation(stream, open, "{") { open = shape.enclosing[open] }
        guard open >= 0, shape.partner[open] > name, !isTypeBody(stream: stream, open: open) else { return nil }
        return name..<shape.partner[open]
    }

    /// Whether the block at `open` is a type's body (`struct`, `class`, `enum`, `extension`,
    /// `protocol`, `actor`, `interface`, `mixin`): its declarations are members.
    func isTypeBody(stream: Int, open: Int) -> Bool {
        var index = open - 1
        var scanned = 0
        let shape = shapes[stream]!
        while index >= 0, scanned < 48 {
            scanned += 1
            if isCloser(stream, index), shape.partner[index] >= 0 {
                if isPunctuation(stream, index, "}") { return false }
                index = shape.partner[index] - 1
                continue
            }
            if isPunctuation(stream, index, "{") || isPunctuation(stream, index, ";") || isPunctuation(stream, index, "=") { return false }
            if isIdentifier(stream, index),
               ["struct", "class", "enum", "extension", "protocol", "actor", "interface", "mixin", "namespace"].contains(text(stream, index)) {
                return true
            }
            index -= 1
        }
        return false
    }

    /// Whether the token can be part of a type annotation (`URL?`, `[String: Any]`, `Array<URL>`).
    func isTypeToken(_ stream: Int, _ index: Int) -> Bool {
        if isIdentifier(stream, index) { return true }
        for text: StaticString in [".", "?", "!", "<", ">", "[", "]", ",", "&"] where isPunctuation(stream, index, text) { return true }
        return false
    }

    /// Whether the file imports `module` (`import Moya`).
    func importsModule(_ module: String) -> Bool {
        let all = tokens(0)
        for index in all.indices.dropLast() where all[index].kind == .identifier && source.token(all[index], is: "import") {
            if text(0, index + 1) == module { return true }
        }
        return false
    }

    /// A value an arrow function returns: `const f = () => "…"`, Dart `String get base => "…"`.
    mutating func arrowReturn(stream: Int, at arrow: Int, hops: Int) -> [FoundUse] {
        var index = arrow - 1
        let shape = shapes[stream]!
        var parameters = false
        if isPunctuation(stream, index, ")"), shape.partner[index] >= 0 {
            index = shape.partner[index] - 1
            parameters = true
        } else if isIdentifier(stream, index) {
            index -= 1  // a lone parameter (`href => …`): the function's input, not its name
        }
        if index >= 0, isIdentifier(stream, index), text(stream, index) == "async" { index -= 1 }
        if index >= 0, isPunctuation(stream, index, "=") {
            if let name = assignee(stream: stream, before: index).last { return follow(name, hops: hops) }
        }
        // Dart's `String build() => …`: the name before the parameters is the function's.
        if parameters, index >= 0, isIdentifier(stream, index), !Self.keywords.contains(text(stream, index)) {
            return follow(text(stream, index), hops: hops)
        }
        return [.use(.notSeen(hint: "returned from a function passed along"))]
    }

    /// A value a `return` at `index` returns: the enclosing function's or property's name decides.
    mutating func returned(stream: Int, at index: Int, hops: Int) -> [FoundUse] {
        let shape = shape(stream)
        var block = shape.enclosing[index]
        while block >= 0, step() {
            guard isPunctuation(stream, block, "{") else {
                block = shape.enclosing[block]
                continue
            }
            if let name = declaredName(stream: stream, beforeBlock: block) { return follow(name, hops: hops) }
            if isControlBlock(stream: stream, open: block) {
                block = shape.enclosing[block]
                continue
            }
            return [.use(.notSeen(hint: "returned from a closure"))]
        }
        if stream > 0 { return [.use(.notSeen(hint: "returned from an interpolation"))] }
        return [.use(.notSeen(hint: "returned from code atscheck cannot name"))]
    }

    /// The name a block at `open` defines: `var NAME: T {`, `func NAME(…) -> T {`, `get {` of a
    /// property, `function NAME(…) {`, `NAME(…) {` (a method), `Type NAME(…) {`, `get NAME {`,
    /// Objective-C `- (NSString *)NAME {`; nil for control flow and closures.
    func declaredName(stream: Int, beforeBlock open: Int) -> String? {
        let shape = shapes[stream]!
        var index = open - 1
        guard index >= 0 else { return nil }
        if isIdentifier(stream, index), text(stream, index) == "get" {
            // A getter inside `var NAME: T { get { … } }`: the property's block is one up.
            let outer = shape.enclosing[index]
            return outer >= 0 ? declaredName(stream: stream, beforeBlock: outer) : nil
        }
        // Walk back over a signature: return type, effects, parameters, generics.
        var scanned = 0
        while index >= 0, scanned < 48 {
            scanned += 1
            if isPunctuation(stream, index, ")") || isPunctuation(stream, index, "]"), shape.partner[index] >= 0 {
                let parameters = shape.partner[index]
                if isIdentifier(stream, parameters - 1) {
                    let name = text(stream, parameters - 1)
                    if !Self.keywords.contains(name) || name == "get" { return name == "get" ? nil : name }
                    if ["if", "while", "for", "switch", "catch", "guard"].contains(name) { return nil }
                }
                index = parameters - 1
                continue
            }
            if isPunctuation(stream, index, "}") || isPunctuation(stream, index, ";") || isPunctuation(stream, index, "{")
                || isPunctuation(stream, index, "=") || isPunctuation(stream, index, ",") || isPunctuation(stream, index, "(") { return nil }
            if isIdentifier(stream, index) {
                let word = text(stream, index)
                if ["var", "let", "func", "function", "get"].contains(word), isIdentifier(stream, index + 1) { return text(stream, index + 1) }
                if ["else", "do", "repeat", "defer", "in", "switch", "if", "guard", "while", "for"].contains(word) { return nil }
            }
            if statementBreak(stream, after: index - 1), isIdentifier(stream, index), !Self.keywords.contains(text(stream, index)) {
                // Dart `String get NAME {`-less forms: `Type NAME {` is not a declaration atscheck names.
                return nil
            }
            index -= 1
        }
        return nil
    }

    /// Whether the block at `open` belongs to control flow (`if`, `else`, `switch`, `case`, loops).
    func isControlBlock(stream: Int, open: Int) -> Bool {
        var index = open - 1
        let shape = shapes[stream]!
        var scanned = 0
        while index >= 0, scanned < 64 {
            scanned += 1
            if isPunctuation(stream, index, ")"), shape.partner[index] >= 0 {
                index = shape.partner[index] - 1
                continue
            }
            if isIdentifier(stream, index) {
                let word = text(stream, index)
                if ["if", "else", "switch", "for", "while", "do", "repeat", "guard", "try", "catch", "defer", "case", "default"].contains(word) { return true }
            }
            if isPunctuation(stream, index, "{") || isPunctuation(stream, index, "}") || isPunctuation(stream, index, ";")
                || isPunctuation(stream, index, "(") || isPunctuation(stream, index, ",") || isPunctuation(stream, index, "=")
                || isPunctuation(stream, index, ":") { return isPunctuation(stream, index, ":") }
            index -= 1
        }
        return false
    }

    // MARK: JSX

    /// `attribute={…}` of a JSX element at `open`: the element's and attribute's names.
    func jsxAttribute(stream: Int, open: Int) -> (element: String, attribute: String)? {
        guard open >= 2, isPunctuation(stream, open - 1, "="), isIdentifier(stream, open - 2) else { return nil }
        let attribute = text(stream, open - 2)
        let shape = shapes[stream]!
        var index = open - 3
        var scanned = 0
        while index >= 0, scanned < 256 {
            scanned += 1
            if isPunctuation(stream, index, "}"), shape.partner[index] >= 0 {
                index = shape.partner[index] - 1
                continue
            }
            if isPunctuation(stream, index, "<"), isIdentifier(stream, index + 1), tokens(stream)[index].end == tokens(stream)[index + 1].start {
                var name = text(stream, index + 1)
                if isPunctuation(stream, index + 2, "."), isIdentifier(stream, index + 3) { name = text(stream, index + 3) }
                return (name, attribute)
            }
            if isPunctuation(stream, index, ";") || isPunctuation(stream, index, "{") || isPunctuation(stream, index, "(") { return nil }
            index -= 1
        }
        return nil
    }

    /// `{…}` among an element's children (after `>`, text or another child).
    func isJSXChild(stream: Int, open: Int) -> Bool {
        guard open > 0 else { return false }
        let before = tokens(stream)[open - 1]
        if before.kind == .markupText { return true }
        return isPunctuation(stream, open - 1, ">") && !isPunctuation(stream, open - 2, "=")
    }

    /// What a JSX element does with the value at `attribute` (under `properties`).
    func jsxSink(element: String, attribute: String, properties: [String]) -> [FoundUse] {
        let property = properties.last
        for entry in SinkTable.jsxElements where entry.element == element && entry.attribute == attribute && entry.property == property {
            switch entry.outcome {
            case .load(let kind): return [.use(.load(kind, via: entry.name))]
            case .outside: return [.use(.openedOutside(via: entry.name))]
            case .never(let why): return [.use(.neverLoaded(why: why))]
            case .carries, .request: break
            }
        }
        // Components named for what they show: an image view loads its source (React Native's
        // image loaders use NSURLSession), a video player plays it, a web view loads it.
        if attribute == "source" || attribute == "src" || attribute == "uri" || attribute == "url" {
            if element.hasSuffix("Image") || element.hasSuffix("ImageBackground") || element.hasSuffix("Avatar") {
                return [.use(.load(.network, via: "<\(element) \(attribute)> (an image component)"))]
            }
            if element.hasSuffix("Video") || element.hasSuffix("Player") { return [.use(.load(.media, via: "<\(element) \(attribute)> (a video component)"))] }
            if element.hasSuffix("WebView") { return [.use(.load(.webView, via: "<\(element) \(attribute)> (a web view component)"))] }
        }
        if attribute == "placeholder" || attribute == "title" || attribute == "label" || attribute == "alt" || attribute == "accessibilityLabel" {
            return [.use(.neverLoaded(why: "text shown to the user (\(attribute))"))]
        }
        return [.use(.notSeen(hint: "given to <\(element) \(attribute)>"))]
    }
}
