import ATSCode

/// A URL written in a source file, with what the code does with it.
public struct CodeURL: Sendable, Hashable {
    /// Where in the file it stands.
    public enum Place: Sendable, Hashable {
        /// In a string literal (or JSX text): what following it found, and names it was assigned
        /// to whose reads are in other files (``CodeUses/resolve(_:reads:)`` finishes them).
        case code(uses: [URLUse], pending: [String])
        /// In a comment: not code.
        case comment
    }

    /// The URL as the extractor found it in the literal's decoded text.
    public let url: String
    /// 1-based line.
    public let line: Int
    /// Byte offset of the literal (or comment) in the file.
    public let offset: Int
    /// In code (with its uses) or in a comment.
    public let place: Place

    /// A URL at `line` (and `offset`) of a file, with its place.
    public init(url: String, line: Int, offset: Int, place: Place) {
        self.url = url
        self.line = line
        self.offset = offset
        self.place = place
    }
}

/// What one source file does with the URLs written in it.
public struct CodeFileUses: Sendable {
    /// Every URL, in the order its literals close.
    public var urls: [CodeURL] = []
    /// Why part of the file was not read as code, when it was not (the lexer's budget ran out):
    /// URLs there are "use not seen".
    public var note: String?

    /// No URL yet.
    public init() {}
}

/// The way in: a file's URLs and their uses, and the reads of names in other files.
public enum CodeUses {
    /// Finds URLs in text: the caller's extractor (atscheck app's URL scanner), giving each URL
    /// and its byte offset in `text`.
    public typealias Extractor = @Sendable ([UInt8]) -> [(url: String, offset: Int)]

    /// The URLs of a lexed file and what its code does with each.
    public static func uses(in source: LexedSource, extract: Extractor) -> CodeFileUses {
        var analyzer = UseAnalyzer(source: source, table: table(for: source.language))
        var result = CodeFileUses()
        let lines = LineTable(source.bytes)
        for (streamIndex, stream) in source.streams.enumerated() {
            for (tokenIndex, token) in stream.tokens.enumerated() where token.literal >= 0 {
                let literal = source.literals[token.literal]
                let text = literal.text
                let hits = extract(text)
                guard !hits.isEmpty else { continue }
                let found: [FoundUse]
                if token.kind == .markupText {
                    found = [.use(.neverLoaded(why: "text shown to the user"))]
                } else if let why = TextShape.notAnAddress(text) {
                    found = [.use(why)]
                } else if analyzer.isPreviewCode(stream: streamIndex, token: tokenIndex) {
                    found = [.use(.neverLoaded(why: "SwiftUI preview code: Xcode's canvas runs it, the app does not"))]
                } else {
                    found = analyzer.uses(stream: streamIndex, first: tokenIndex, last: tokenIndex, hops: 0)
                }
                let place = CodeURL.Place(found)
                for hit in hits {
                    let line = literal.line + text[..<min(hit.offset, text.count)].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                    result.urls.append(CodeURL(url: hit.url, line: line, offset: literal.start, place: place))
                }
            }
        }
        for comment in source.comments {
            for hit in extract(Array(source.bytes[comment])) {
                result.urls.append(CodeURL(url: hit.url, line: lines.line(of: comment.lowerBound + hit.offset),
                                           offset: comment.lowerBound + hit.offset, place: .comment))
            }
        }
        for region in source.inactive {
            for hit in extract(Array(source.bytes[region.range])) {
                result.urls.append(CodeURL(url: hit.url, line: lines.line(of: region.range.lowerBound + hit.offset),
                                           offset: region.range.lowerBound + hit.offset,
                                           place: .code(uses: [.neverLoaded(why: "not in a Release build: \(region.reason) (line \(region.line))")], pending: [])))
            }
        }
        if let stopped = source.stoppedAt {
            result.note = "read as code up to byte \(stopped.offset) only (\(stopped.reason)): URLs after it are \"use not seen\""
            for hit in extract(Array(source.bytes[stopped.offset...])) {
                result.urls.append(CodeURL(url: hit.url, line: lines.line(of: stopped.offset + hit.offset), offset: stopped.offset + hit.offset,
                                           place: .code(uses: [.notSeen(hint: "the file was not read as code this far")], pending: [])))
            }
        }
        return result
    }

    /// What reading `names` in `source` does: for each name read there, the uses found.
    public static func reads(of names: Set<String>, in source: LexedSource) -> [String: [FoundUse]] {
        var analyzer = UseAnalyzer(source: source, table: table(for: source.language))
        var found: [String: [FoundUse]] = [:]
        for name in names.sorted() {  // in one order: answers cached while following depend on it
            if let function = functionArgument(name) {
                if let inside = analyzer.intoFunction(function.name, label: function.label, position: function.position, hops: 1) {
                    found[name] = inside.withoutRepeats()
                }
                continue
            }
            let places = analyzer.reads(of: name)
            guard !places.isEmpty else { continue }
            var uses: [FoundUse] = []
            for place in places.prefix(64) {
                uses += analyzer.uses(stream: place.stream, first: analyzer.qualifiedStart(stream: place.stream, name: place.token),
                                      last: place.token, hops: 1)
            }
            found[name] = uses.withoutRepeats()
        }
        return found
    }

    /// The function, label and position a pending name stands for, when it stands for an
    /// argument of a function declared in another file.
    public static func functionArgument(_ pending: String) -> (name: String, label: String?, position: Int)? {
        guard pending.hasPrefix(UseAnalyzer.functionMarker) else { return nil }
        let parts = pending.dropFirst(UseAnalyzer.functionMarker.count).split(separator: " ")
        guard parts.count == 3, let position = Int(parts[2]) else { return nil }
        return (String(parts[0]), parts[1] == "_" ? nil : String(parts[1]), position)
    }

    static func table(for language: SourceLanguage) -> SinkTable {
        switch language {
        case .swift: return .swift
        case .cFamily: return .objectiveC
        case .javaScript: return .javaScript
        case .dart: return .dart
        }
    }

}

extension CodeURL.Place {
    init(_ found: [FoundUse]) {
        var uses: [URLUse] = []
        var pending: [String] = []
        for item in found {
            switch item {
            case .use(let use): if !uses.contains(use) { uses.append(use) }
            case .pending(let name): if !pending.contains(name) { pending.append(name) }
            }
        }
        self = .code(uses: uses, pending: pending)
    }
}
