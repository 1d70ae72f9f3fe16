import ATSCode

/// Where a value stands, found by scanning left from it to what delimits its expression.
enum Delimiter {
    case opener(Int)
    case comma(Int)
    case assignment(Int)
    case arrow(Int)
    case returned(Int)
    case define(name: Int)
    case switchCase
    case statement
}

extension UseAnalyzer {
    /// The uses of the value spanning tokens `first...last` of `stream`, nested under the object
    /// keys `properties` (innermost first is appended last), `hops` steps from its literal.
    mutating func uses(stream: Int, first: Int, last: Int, properties: [String] = [], hops: Int) -> [FoundUse] {
        guard hops < Self.maximumHops, step() else { return [.use(.notSeen(hint: "followed too far to tell"))] }
        var last = last
        var properties = properties
        if properties.last == "[]", first > 0, isIdentifier(stream, first - 1), ["in", "of"].contains(text(stream, first - 1)),
           let loop = loopVariable(stream: stream, keyword: first - 1) {
            // `for url in urls`: each element, under the loop variable's name, in the loop.
            properties.removeLast()
            return follow(loop.name, in: loop.scope, properties: properties, hops: hops + 1)
        }
        let all = tokens(stream)
        let shape = shape(stream)
        // Postfix: unwraps, casts, members and methods on the value.
        while last + 1 < all.count, step() {
            let next = last + 1
            if (isPunctuation(stream, next, "!") || isPunctuation(stream, next, "?")), all[next].start == all[last].end {
                last = next
                continue
            }
            if isIdentifier(stream, next), text(stream, next) == "as" {
                last = next + (isPunctuation(stream, next + 1, "!") || isPunctuation(stream, next + 1, "?") ? 2 : 1)
                if isIdentifier(stream, last) == false { last -= 1 }
                continue
            }
            for comparison in ["==", "!=", "===", "!==", "~="] where source.text(of: all[next]) == comparison && all[next].kind == .punctuation {
                return [.use(.neverLoaded(why: "compared with another value, not loaded"))]
            }
            if properties.last == "[]", isPunctuation(stream, next, "["), shape.partner[next] > next {
                // `urls[0]`: an element of the collection the URL is in.
                properties.removeLast()
                last = shape.partner[next]
                continue
            }
            guard isPunctuation(stream, next, "."), isIdentifier(stream, next + 1) else { break }
            let member = text(stream, next + 1)
            let call = isPunctuation(stream, next + 2, "(") && all[next + 2].start == all[next + 1].end
            if properties.last == "[]", Self.elementMembers.contains(member) {
                properties.removeLast()
                let closure = call || isPunctuation(stream, next + 2, "{")
                if closure, let element = closureParameter(stream: stream, open: next + 2) {
                    return follow(element.name, in: element.scope, properties: properties, hops: hops + 1)
                }
                if !call || Self.elementAccessors.contains(member) {
                    last = call ? max(next + 2, shape.partner[next + 2]) : next + 1
                    continue
                }
                return [.use(.notSeen(hint: "an element of a collection passed to \(member)(…)"))]
            }
            if table.comparisons.contains(member) { return [.use(.neverLoaded(why: "compared (\(member)), not loaded"))] }
            if table.carriers.contains(member) {
                last = call ? max(next + 2, shape.partner[next + 2]) : next + 1
                continue
            }
            if source.language == .javaScript, member == "then" || member == "catch" { break }
            return [.use(.notSeen(hint: "its \(member)\(call ? "(…)" : "") is used"))]
        }
        if first > 0, all[first - 1].kind == .punctuation,
           ["==", "!=", "===", "!=="].contains(source.text(of: all[first - 1])) {
            return [.use(.neverLoaded(why: "compared with another value, not loaded"))]
        }
        let (delimiter, label) = scanLeft(stream: stream, from: first)
        switch delimiter {
        case .switchCase:
            return [.use(.neverLoaded(why: "compared in a switch case, not loaded"))]
        case .statement:
            return statementValue(stream: stream, first: first, last: last, hops: hops)
        case .define(let name):
            return follow(text(stream, name), hops: hops)
        case .assignment(let index):
            return assigned(stream: stream, at: index, properties: properties, hops: hops)
        case .arrow(let index):
            return arrowReturn(stream: stream, at: index, hops: hops)
        case .returned(let index):
            return returned(stream: stream, at: index, hops: hops)
        case .comma(let index):
            let open = shape.enclosing[index]
            guard open >= 0 else { return statementValue(stream: stream, first: first, last: last, hops: hops) }
            return inBracket(stream: stream, open: open, value: first, label: label, properties: properties, hops: hops)
        case .opener(let open):
            return inBracket(stream: stream, open: open, value: first, label: label, properties: properties, hops: hops)
        }
    }

    /// Scans left from `first` at its bracket depth to what delimits its expression, skipping
    /// operators, operands, ternaries and groups; returns the delimiter and the argument label,
    /// dictionary key or selector part met on the way.
    mutating func scanLeft(stream: Int, from first: Int) -> (Delimiter, String?) {
        let all = tokens(stream)
        let shape = shape(stream)
        var index = first - 1
        var label: String?
        while index >= 0, step() {
            if statementBreak(stream, after: index) { return (.statement, label) }
            let token = all[index]
            switch token.kind {
            case .directiveEnd:
                return (.statement, label)
            case .string, .number, .markupText:
                index -= 1
            case .identifier:
                let word = source.text(of: token)
                switch word {
                case "return", "yield": return (.returned(index), label)
                case "case": return (.switchCase, label)
                case "define" where isPunctuation(stream, index - 1, "#"): return (.define(name: index + 1), label)
                case "if", "else", "guard", "while", "for", "switch", "do", "throw", "import", "in", "where", "default":
                    return (.statement, label)
                default: index -= 1
                }
            case .punctuation:
                if isCloser(stream, index) {
                    if isPunctuation(stream, index, "}") { return (.statement, label) }
                    index = shape.partner[index] >= 0 ? shape.partner[index] - 1 : index - 1
                    continue
                }
                if isOpener(stream, index) { return (.opener(index), label) }
                let text = source.text(of: token)
                switch text {
                case ",": return (.comma(index), label)
                case ";": return (.statement, label)
                case "=", "+=", "??=", "||=", ":=": return (.assignment(index), label)
                case "=>": return (.arrow(index), label)
                case ":":
                    if let found = labelBefore(stream: stream, colon: index) {
                        label = found
                        index -= 2
                        continue
                    }
                    index -= 1
                case "#":
                    if isIdentifier(stream, index + 1), self.text(stream, index + 1) == "define" { return (.define(name: index + 2), label) }
                    index -= 1
                default:
                    index -= 1
                }
            }
        }
        return (.statement, label)
    }

    /// The label before a `:` at `colon`: an argument label, dictionary or object key, or an
    /// Objective-C selector part; nil for a ternary's `:` or a type annotation.
    func labelBefore(stream: Int, colon: Int) -> String? {
        let all = tokens(stream)
        guard colon >= 1 else { return nil }
        let before = all[colon - 1]
        guard before.kind == .identifier || before.kind == .string else { return nil }
        let name = before.kind == .string ? String(decoding: source.literals[before.literal].text, as: UTF8.self) : source.text(of: before)
        if colon - 2 < 0 || isOpener(stream, colon - 2) || isPunctuation(stream, colon - 2, ",") { return name }
        // An Objective-C selector part: `[receiver part:value]` or `… part2:value`.
        if source.language == .cFamily, before.kind == .identifier, endsOperand(stream, colon - 2) || isPunctuation(stream, colon - 2, "]") {
            return name
        }
        return nil
    }

    /// A value standing as a statement of its own: a Swift computed property's or closure's
    /// implicit return, or a value nobody uses.
    mutating func statementValue(stream: Int, first: Int, last: Int, hops: Int) -> [FoundUse] {
        let shape = shape(stream)
        let open = first > 0 ? shape.enclosing[first] : -1
        if open >= 0, isPunctuation(stream, open, "{"), source.language == .swift,
           let name = declaredName(stream: stream, beforeBlock: open) {
            return follow(name, hops: hops)
        }
        if stream > 0, let parent = source.streams[stream].parent {
            // An interpolation: the value flows into the string around it.
            return uses(stream: parent.stream, first: parent.token, last: parent.token, hops: hops + 1)
        }
        return [.use(.notSeen(hint: "not passed to anything atscheck recognises"))]
    }
}
