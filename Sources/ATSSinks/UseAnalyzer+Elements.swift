import ATSCode

/// Values that are elements of a collection: a `for` loop's variable, the parameter of the
/// closure `map`, `forEach` and their like call with each element, an element read by subscript
/// or `first`.
extension UseAnalyzer {
    /// Collection members whose closure gets each element, or that give one.
    static let elementMembers: Set<String> = ["map", "forEach", "compactMap", "flatMap", "filter", "first", "last", "randomElement",
                                              "elementAt", "firstWhere", "where", "find", "some", "every", "reduce", "sorted", "shuffled"]
    /// Those that give an element rather than calling a closure with it.
    static let elementAccessors: Set<String> = ["first", "last", "randomElement", "elementAt", "sorted", "shuffled"]

    /// The variable and the tokens of the loop `for NAME in|of COLLECTION` whose `in` or `of` is
    /// at `keyword` (the file's own stream only).
    mutating func loopVariable(stream: Int, keyword: Int) -> (name: String, scope: Range<Int>)? {
        guard stream == 0, keyword > 0, isIdentifier(stream, keyword - 1) else { return nil }
        let shape = shape(stream)
        var index = keyword - 1
        var scanned = 0
        while index > 0, scanned < 8, !(isIdentifier(stream, index) && text(stream, index) == "for") {
            index -= 1
            scanned += 1
        }
        guard isIdentifier(stream, index), text(stream, index) == "for" else { return nil }
        // The body: the first `{` after the keyword at its depth.
        var body = keyword + 1
        while body < tokens(stream).count, !isPunctuation(stream, body, "{") {
            if isOpener(stream, body), shape.partner[body] > body { body = shape.partner[body] }
            body += 1
            if body - keyword > 256 { return nil }
        }
        guard body < tokens(stream).count, shape.partner[body] > body else { return nil }
        return (text(stream, keyword - 1), (keyword - 1)..<shape.partner[body])
    }

    /// The parameter of the closure passed at `open` (`map((uri) => …)`, `map { url in … }`,
    /// `forEach(u => …)`, `{ $0 … }`) and the tokens where it is in scope.
    mutating func closureParameter(stream: Int, open: Int) -> (name: String, scope: Range<Int>)? {
        guard stream == 0 else { return nil }
        let shape = shape(stream)
        let end = shape.partner[open]
        guard end > open else { return nil }
        var index = open + 1
        if isPunctuation(stream, index, "{") { index += 1 }
        if isPunctuation(stream, index, "(") { index += 1 }
        guard isIdentifier(stream, index) else { return nil }
        let name = text(stream, index)
        if name.hasPrefix("$") { return (name, (index - 1)..<end) }
        let after = index + 1
        if isPunctuation(stream, after, "=>") || isPunctuation(stream, after, ")") || isPunctuation(stream, after, ",")
            || (isIdentifier(stream, after) && text(stream, after) == "in") {
            return (name, index..<end)
        }
        return nil
    }
}
