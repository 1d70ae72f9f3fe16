import ATSCode

extension UseAnalyzer {
    /// The uses of the value a name holds: every read of `name` in this file, followed; a name
    /// this file never reads is ``FoundUse/pending(_:)`` (other files' reads decide).
    mutating func follow(_ name: String, in scope: Range<Int>? = nil, properties: [String] = [], hops: Int) -> [FoundUse] {
        let key = (scope.map { "\(name)@\($0.lowerBound)-\($0.upperBound)" } ?? name) + properties.map { "/" + $0 }.joined()
        if let known = followed[key] { return known }
        guard !following.contains(key) else { return [] }
        guard hops + 1 < Self.maximumHops else { return [.use(.notSeen(hint: "followed too far to tell"))] }
        if minified, name.count <= 3 {
            return [.use(.notSeen(hint: "kept in \(name) of minified code, whose short names are reused everywhere: not followed"))]
        }
        following.insert(key)
        defer { following.remove(key) }
        var found: [FoundUse] = []
        for place in reads(of: name) where scope.map({ inScope(place, $0) }) ?? true {
            guard step(), found.count < 64 else { break }
            found += uses(stream: place.stream, first: qualifiedStart(stream: place.stream, name: place.token), last: place.token,
                          properties: properties, hops: hops + 1)
        }
        if found.isEmpty, name == "baseURL", source.language == .swift, importsModule("Moya") {
            // Moya reads a TargetType's baseURL itself for every request.
            found = [.use(.load(.network, via: "Moya TargetType.baseURL"))]
        }
        if found.isEmpty, scope != nil {
            // A local nothing reads.
            found = [.use(.neverLoaded(why: "assigned to \(name), which nothing reads"))]
        }
        let result = found.isEmpty ? [FoundUse.pending(name)] : found.withoutRepeats()
        followed[key] = result
        return result
    }

    /// Whether a read lies in `scope` (tokens of the file's stream; an interpolation by its literal).
    func inScope(_ place: (stream: Int, token: Int), _ scope: Range<Int>) -> Bool {
        var stream = place.stream
        var token = place.token
        while stream != 0, let parent = source.streams[stream].parent {
            stream = parent.stream
            token = parent.token
        }
        return scope.contains(token) && token != scope.lowerBound
    }

    /// Where `name` is read in this file: identifier tokens that are not its declaration, a
    /// write (`name = …`), an argument label (`f(name: …)`), an object key or a member
    /// declaration.
    mutating func reads(of name: String) -> [(stream: Int, token: Int)] {
        if let known = readsCache[name] { return known }
        let found = findReads(of: name)
        readsCache[name] = found
        return found
    }

    private mutating func findReads(of name: String) -> [(stream: Int, token: Int)] {
        if nameIndex == nil { buildNameIndex() }
        let wanted = Array(name.utf8)
        return (nameIndex?[Self.hash(wanted)] ?? []).filter { place in
            let (stream, index) = place
            let all = tokens(stream)
            guard source.bytes[all[index].start..<all[index].end].elementsEqual(wanted) else { return false }
            if index + 1 < all.count, all[index + 1].kind == .punctuation {
                let next = source.text(of: all[index + 1])
                if next == "=" || next == "+=" { return false }
                if next == ":", index == 0 || isOpener(stream, index - 1) || isPunctuation(stream, index - 1, ",") {
                    // A label or a key, unless it is a Swift property declaration's type annotation.
                    return false
                }
            }
            if index > 0, isIdentifier(stream, index - 1) {
                let before = text(stream, index - 1)
                if ["let", "var", "const", "func", "function", "case", "define", "class", "struct", "enum", "get", "set", "final"].contains(before) { return false }
            }
            if source.language == .cFamily, index > 0, isPunctuation(stream, index - 1, "*") || isPunctuation(stream, index - 1, ")"),
               index + 1 < all.count, isPunctuation(stream, index + 1, "=") || isPunctuation(stream, index + 1, ";") {
                return false
            }
            return true
        }
    }

    /// The first token of a qualified read: `Config.baseURL`, `self.baseURL`, `API.shared.base`.
    func qualifiedStart(stream: Int, name index: Int) -> Int {
        var start = index
        let shape = shapes[stream] ?? StreamShape(tokens(stream), bytes: source.bytes)
        while start >= 2, isPunctuation(stream, start - 1, ".") {
            var before = start - 2
            while before >= 0, isPunctuation(stream, before, "?") || isPunctuation(stream, before, "!") { before -= 1 }
            if before >= 0, isCloser(stream, before), shape.partner[before] >= 0 { before = shape.partner[before] - 1 }
            guard before >= 0, isIdentifier(stream, before) else { break }
            start = before
        }
        return start
    }

    /// Every identifier of every stream, by a hash of its bytes (no string is made for a name
    /// nobody asks about; ``reads(of:)`` compares the bytes).
    mutating func buildNameIndex() {
        var index: [Int: [(stream: Int, token: Int)]] = [:]
        for (streamIndex, stream) in source.streams.enumerated() {
            for (tokenIndex, token) in stream.tokens.enumerated() where token.kind == .identifier {
                index[Self.hash(source.bytes[token.start..<token.end]), default: []].append((streamIndex, tokenIndex))
            }
        }
        nameIndex = index
    }

    /// FNV-1a of a name's bytes.
    static func hash(_ bytes: some Sequence<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash)
    }
}
