import ATSCode

extension UseAnalyzer {
    /// A value inside brackets: a call's argument, an Objective-C message's argument or receiver,
    /// an array, dictionary or object literal's element, a JSX expression.
    mutating func inBracket(stream: Int, open: Int, value: Int, label: String?, properties: [String], hops: Int) -> [FoundUse] {
        let shape = shape(stream)
        let close = shape.partner[open] >= 0 ? shape.partner[open] : value
        if isPunctuation(stream, open, "(") {
            if let callee = callee(stream: stream, open: open) {
                let position = topLevelCommas(stream: stream, from: open, to: value)
                return call(stream: stream, callee: callee, open: open, close: close, label: label, position: position, properties: properties, hops: hops)
            }
            // A parenthesised expression, or a call this file's tokens do not name.
            if open > 0, isCloser(stream, open - 1) { return [.use(.notSeen(hint: "passed to a function value"))] }
            return uses(stream: stream, first: open, last: close, properties: properties, hops: hops + 1)
        }
        let literalStart = open > 0 && isPunctuation(stream, open - 1, "@") ? open - 1 : open
        if isPunctuation(stream, open, "[") {
            if source.language == .cFamily, isMessage(stream: stream, open: open) {
                return message(stream: stream, open: open, close: close, value: value, label: label, properties: properties, hops: hops)
            }
            if open > 0, endsOperand(stream, open - 1), literalStart == open {
                return [.use(.notSeen(hint: "used as a key or index"))]
            }
            return uses(stream: stream, first: literalStart, last: close, properties: properties + [label ?? "[]"], hops: hops + 1)
        }
        // `{`: a JSX expression, an object or dictionary literal, or a block.
        if source.language == .javaScript, let jsx = jsxAttribute(stream: stream, open: open) {
            return jsxSink(element: jsx.element, attribute: jsx.attribute, properties: properties)
        }
        if source.language == .javaScript, isJSXChild(stream: stream, open: open) {
            return [.use(.neverLoaded(why: "text shown to the user"))]
        }
        if let label, isObjectLiteral(stream: stream, open: open) {
            return uses(stream: stream, first: literalStart, last: close, properties: properties + [label], hops: hops + 1)
        }
        return statementValue(stream: stream, first: value, last: value, hops: hops)
    }

    /// Commas at depth 0 between `open` and `value`: the argument's position.
    func topLevelCommas(stream: Int, from open: Int, to value: Int) -> Int {
        let shape = shapes[stream]!
        var count = 0
        var index = open + 1
        while index < value {
            if isOpener(stream, index), shape.partner[index] > index {
                index = shape.partner[index] + 1
                continue
            }
            if isPunctuation(stream, index, ",") { count += 1 }
            index += 1
        }
        return count
    }

    /// The name called at `open` (`dataTask` of `session.dataTask(`) and its receiver's names
    /// (`URLSession`, `shared`), or nil when no name stands before the bracket.
    func callee(stream: Int, open: Int) -> (name: String, receiver: [String], start: Int)? {
        guard open > 0, isIdentifier(stream, open - 1) else { return nil }
        let name = text(stream, open - 1)
        guard !Self.notCallees.contains(name) else { return nil }
        var receiver: [String] = []
        var index = open - 2
        var start = open - 1
        let shape = shapes[stream]!
        while index >= 0 {
            var dot = index
            // Optional chaining and unwrapping before the dot: `a?.b`, `a!.b`.
            if isPunctuation(stream, dot, ".") == false { break }
            dot -= 1
            while dot >= 0, isPunctuation(stream, dot, "?") || isPunctuation(stream, dot, "!") { dot -= 1 }
            if dot >= 0, isCloser(stream, dot), shape.partner[dot] >= 0 {
                dot = shape.partner[dot] - 1
            }
            guard dot >= 0, isIdentifier(stream, dot) else { break }
            receiver.insert(text(stream, dot), at: 0)
            start = dot
            index = dot - 1
        }
        // Objective-C `[[NSURL alloc] initWithString:…]` is a message; `new URL(` names URL.
        return (name, receiver, start)
    }

    /// A call of `callee` with the value as an argument: the language's sink table decides.
    mutating func call(stream: Int, callee: (name: String, receiver: [String], start: Int), open: Int, close: Int, label: String?,
                       position: Int, properties: [String], hops: Int) -> [FoundUse] {
        if table.comparisons.contains(callee.name) {
            return [.use(.neverLoaded(why: "compared (\(callee.name)), not loaded"))]
        }
        // Minified code's one- and two-letter names are not worth following.
        let ownFunction = properties.isEmpty && callee.name.utf8.count >= 3
            && callee.receiver.allSatisfy { ["self", "this", "Self"].contains($0) || $0.first?.isUppercase == true }
        // A function this file declares wins over a library API of the same name.
        if ownFunction, let inside = intoFunction(callee.name, label: label, position: position, hops: hops) { return inside }
        guard let rule = table.call(callee.name, receiver: callee.receiver, label: label, position: position, properties: properties) else {
            // The app's own function in another file: its code decides.
            if ownFunction { return [.pending(Self.pendingFunction(callee.name, label: label, position: position))] }
            let shown = (callee.receiver.last.map { "\($0)." } ?? "") + callee.name + (label.map { "(\($0):)" } ?? "(…)")
            return [.use(.notSeen(hint: "passed to \(shown)" + (properties.isEmpty ? "" : " under \(properties.reversed().joined(separator: "."))")))]
        }
        return apply(rule, stream: stream, first: callee.start, last: close, hops: hops)
    }

    /// What a matching rule makes of the value.
    mutating func apply(_ rule: SinkRule, stream: Int, first: Int, last: Int, hops: Int) -> [FoundUse] {
        switch rule.outcome {
        case .carries:
            return uses(stream: stream, first: first, last: last, hops: hops + 1)
        case .request:
            return uses(stream: stream, first: first, last: last, hops: hops + 1).map { found in
                guard case .use(.notSeen(let hint)) = found else { return found }
                return .use(.notSeen(hint: "made into a request (\(rule.name)) that is then \(hint.hasPrefix("passed") ? hint : "not followed: " + hint)"))
            }
        case .load(let kind):
            return [.use(.load(kind, via: rule.name))]
        case .outside:
            return [.use(.openedOutside(via: rule.name))]
        case .never(let why):
            return [.use(.neverLoaded(why: why))]
        }
    }

    /// `[` opens an Objective-C message send (not an array or a subscript).
    func isMessage(stream: Int, open: Int) -> Bool {
        if open > 0, isPunctuation(stream, open - 1, "@") { return false }
        return open == 0 || !endsOperand(stream, open - 1)
    }

    /// The value inside `[receiver part:value …]`: an argument of the selector part `label`, or
    /// the receiver itself when there is no label.
    mutating func message(stream: Int, open: Int, close: Int, value: Int, label: String?, properties: [String], hops: Int) -> [FoundUse] {
        let shape = shapes[stream]!
        // The receiver runs from after `[` to the first `name:` at depth 0 (or the last name).
        var index = open + 1
        var receiver: [String] = []
        var firstPart: String?
        while index < close {
            if isOpener(stream, index), shape.partner[index] > index {
                for inner in index..<shape.partner[index] where isIdentifier(stream, inner) { receiver.append(text(stream, inner)) }
                index = shape.partner[index] + 1
                continue
            }
            if isIdentifier(stream, index), isPunctuation(stream, index + 1, ":") {
                firstPart = text(stream, index)
                break
            }
            if isIdentifier(stream, index) { receiver.append(text(stream, index)) }
            index += 1
        }
        guard let label else {
            // The value is the receiver: `[url absoluteString]`.
            let selector = firstPart ?? receiver.last ?? ""
            if table.comparisons.contains(selector) { return [.use(.neverLoaded(why: "compared (\(selector)), not loaded"))] }
            if table.carriers.contains(selector) || table.call(selector, receiver: [], label: nil, position: 0, properties: [])?.outcome == .carries {
                return uses(stream: stream, first: open, last: close, hops: hops + 1)
            }
            return [.use(.notSeen(hint: "sent \(selector)"))]
        }
        if table.comparisons.contains(label) || firstPart.map(table.comparisons.contains) == true {
            return [.use(.neverLoaded(why: "compared (\(firstPart ?? label):), not loaded"))]
        }
        if label == "setURL", !receiver.contains(where: { $0.lowercased().contains("pasteboard") }), let root = receiver.first {
            // `[request setURL:url]`: the request is what gets loaded.
            return follow(root, hops: hops)
        }
        var names = receiver
        if let firstPart, firstPart != label { names.append(firstPart) }
        guard let rule = table.call(label, receiver: names, label: nil, position: 0, properties: properties)
            ?? firstPart.flatMap({ table.call($0, receiver: names, label: nil, position: 0, properties: properties) }) else {
            // A method of the app's own (`[self openLink:url]`): follow the argument into it.
            if let method = firstPart ?? Optional(label) {
                if let inside = intoFunction(method, label: label, position: 0, hops: hops) { return inside }
                return [.pending(Self.pendingFunction(method, label: label, position: 0))]
            }
            return [.use(.notSeen(hint: "passed to \(firstPart ?? label):"))]
        }
        return apply(rule, stream: stream, first: open, last: close, hops: hops)
    }

    /// `{` opens an object or dictionary literal (not a block).
    func isObjectLiteral(stream: Int, open: Int) -> Bool {
        guard open > 0 else { return source.language == .javaScript }
        if isPunctuation(stream, open - 1, "@") { return true }
        if isPunctuation(stream, open - 1, ")") || isPunctuation(stream, open - 1, "=>") { return false }
        if isIdentifier(stream, open - 1) { return text(stream, open - 1) == "return" }
        return source.language == .javaScript || source.language == .dart || isOpener(stream, open - 1) || isPunctuation(stream, open - 1, ",")
            || isPunctuation(stream, open - 1, "=") || isPunctuation(stream, open - 1, ":")
    }
}
