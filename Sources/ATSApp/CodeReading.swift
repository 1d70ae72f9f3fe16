import ATSCode
import ATSSinks
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An input's code read as code, after the walk: each file's URLs with what its code does with
/// them (``ATSSinks``), then the reads of constants in other files, so that a base URL defined
/// in one file and loaded in another is a load (docs/app-audit.md, "What the code does with a URL").
struct CodeReading {
    /// URLs found in code, each with its places (``FoundAt/use`` set), in first-found order.
    var urls: [AppInventory.FoundURL] = []
    /// Files read in part or not at all, with why (they become walk problems).
    var problems: [(path: String, reason: String)] = []

    /// Rounds of looking for reads of names in other files (a constant built from a constant
    /// built from a constant…).
    static let rounds = 4

    /// One analysed file.
    private struct Analysed {
        let path: String
        let kind: CodeKind
        let uses: CodeFileUses
        let filter: NameFilter?
    }

    /// Reads every code file of `inventory`: a project's from disk (``AppFiles/readProjectFile(_:)``),
    /// an archive's from what the walk kept. `conditions` gives the `#if` settings of a file;
    /// files `analyse` refuses (in no target, not judged) are only searched for URLs.
    static func read(_ inventory: AppInventory, files: AppFiles, conditions: (String) -> CompilationConditions,
                     analyse: (String) -> Bool) -> CodeReading {
        var reading = CodeReading()
        var kept: [String: [UInt8]] = [:]
        for source in inventory.codeSources { kept[source.path] = source.bytes }
        func bytes(_ path: String) -> [UInt8]? {
            if let known = kept[path] { return known }
            return files.readProjectFile(path).map { Collector.utf8(Array($0)) }
        }
        let paths = inventory.codeFiles + inventory.codeSources.map(\.path)
        var analysed: [Analysed] = []
        for path in paths {
            guard let kind = CodeKind.of(path) else { continue }
            guard let content = bytes(path) else {
                reading.problems.append((path, "could not be read again as code (gone, a link, or over \(AppFiles.projectFileBytes >> 20) MiB)"))
                continue
            }
            guard analyse(path) else {
                analysed.append(Analysed(path: path, kind: kind, uses: rawURLs(content), filter: nil))
                continue
            }
            if BuildManifest.isManifest(path) {
                analysed.append(Analysed(path: path, kind: kind, uses: rawURLs(content, use: BuildManifest.use), filter: nil))
                continue
            }
            switch kind {
            case .source(let language, let jsx):
                let lexed = SourceLexer.lex(content, language: language, conditions: conditions(path), jsx: jsx)
                analysed.append(Analysed(path: path, kind: kind, uses: CodeUses.uses(in: lexed, extract: extractor), filter: NameFilter(lexed)))
            case .markup:
                analysed.append(Analysed(path: path, kind: kind, uses: MarkupUses.uses(in: content, extract: extractor), filter: nil))
            case .styleSheet:
                analysed.append(Analysed(path: path, kind: kind, uses: MarkupUses.styleSheetUses(in: content, extract: extractor), filter: nil))
            }
            if let note = analysed.last?.uses.note { reading.problems.append((path, note)) }
        }
        let resolved = resolve(analysed, bytes: bytes, conditions: conditions)
        var index: [String: Int] = [:]
        for file in analysed {
            for url in file.uses.urls {
                var place = FoundAt(file: file.path, offset: nil, line: url.line)
                switch url.place {
                case .comment:
                    place.detail = FoundAt.comment
                case .code(let uses, let pending):
                    let all = uses + pending.flatMap { resolved.uses(of: $0, family: Family(file.kind)) }
                    place.use = URLUse.strongest(all)
                }
                if let position = index[url.url] {
                    // One place a line: two literals of one line are one place, with the stronger use.
                    if let same = reading.urls[position].places.firstIndex(where: { $0.file == place.file && $0.line == place.line && $0.detail == place.detail }) {
                        reading.urls[position].places[same].use = URLUse.strongest([reading.urls[position].places[same].use, place.use].compactMap { $0 })
                    } else if reading.urls[position].places.count < AppInventory.placesPerURL {
                        reading.urls[position].places.append(place)
                    }
                } else {
                    index[url.url] = reading.urls.count
                    reading.urls.append(AppInventory.FoundURL(url: url.url, places: [place]))
                }
            }
        }
        return reading
    }

    /// The URL scanner `atscheck app` uses everywhere, as the analysis' extractor.
    static let extractor: CodeUses.Extractor = { text in
        var scanner = URLScanner()
        scanner.scan(text)
        return scanner.finish().map { ($0.url, $0.offset) }
    }

    /// A file searched for URLs without being read as code: every URL a place with no use.
    static func rawURLs(_ bytes: [UInt8], use: URLUse? = nil) -> CodeFileUses {
        var scanner = URLScanner()
        scanner.scan(bytes)
        var uses = CodeFileUses()
        uses.urls = scanner.finish().map { CodeURL(url: $0.url, line: $0.line, offset: $0.offset, place: .code(uses: use.map { [$0] } ?? [], pending: [])) }
        return uses
    }

    /// Languages whose code can read each other's names: Swift and the C family (bridging),
    /// JavaScript, Dart.
    enum Family: Hashable {
        case apple, javaScript, dart, none

        init(_ kind: CodeKind) {
            switch kind {
            case .source(.swift, _), .source(.cFamily, _): self = .apple
            case .source(.javaScript, _), .markup: self = .javaScript
            case .source(.dart, _): self = .dart
            case .styleSheet: self = .none
            }
        }
    }

    /// What the reads of names found elsewhere amount to.
    struct Resolved {
        var reads: [Family: [String: [FoundUse]]] = [:]

        /// The uses of the value assigned to `name`: its reads, followed; a name no code reads
        /// is never loaded.
        func uses(of name: String, family: Family, visited: Set<String> = []) -> [URLUse] {
            guard !visited.contains(name) else { return [] }
            let found = reads[family]?[name] ?? []
            var uses: [URLUse] = []
            for item in found {
                switch item {
                case .use(let use): uses.append(use)
                case .pending(let next): uses += self.uses(of: next, family: family, visited: visited.union([name]))
                }
            }
            if uses.isEmpty, visited.isEmpty {
                return [.neverLoaded(why: "assigned to \(name), which no code atscheck read uses")]
            }
            return uses
        }
    }

    /// Looks for the reads of every pending name in the files that may name it, round by round.
    private static func resolve(_ analysed: [Analysed], bytes: (String) -> [UInt8]?, conditions: (String) -> CompilationConditions) -> Resolved {
        var resolved = Resolved()
        var wanted: [Family: Set<String>] = [:]
        for file in analysed {
            for url in file.uses.urls {
                if case .code(_, let pending) = url.place, !pending.isEmpty { wanted[Family(file.kind), default: []].formUnion(pending) }
            }
        }
        var searched: [Family: Set<String>] = [:]
        for _ in 0..<rounds {
            var next: [Family: Set<String>] = [:]
            for (family, names) in wanted where !names.isEmpty {
                searched[family, default: []].formUnion(names)
                for file in analysed where Family(file.kind) == family {
                    guard let filter = file.filter, case .source(let language, let jsx) = file.kind else { continue }
                    let candidates = names.filter(filter.mayContain)
                    guard !candidates.isEmpty, let content = bytes(file.path) else { continue }
                    let lexed = SourceLexer.lex(content, language: language, conditions: conditions(file.path), jsx: jsx)
                    for (name, found) in CodeUses.reads(of: candidates, in: lexed) {
                        resolved.reads[family, default: [:]][name, default: []] += found
                        for case .pending(let more) in found where !(searched[family]?.contains(more) ?? false) { next[family, default: []].insert(more) }
                    }
                }
            }
            wanted = next
            if wanted.values.allSatisfy(\.isEmpty) { break }
        }
        return resolved
    }
}

extension AppInventory {
    /// Every URL of the input with its places: those the walk found in text and binaries, and
    /// those its code holds, read as code (every code file, whichever target builds it, with a
    /// Release build's default conditions).
    public func everyURL(files: AppFiles) -> [FoundURL] {
        let code = CodeReading.read(self, files: files, conditions: { _ in CompilationConditions() }, analyse: { _ in true })
        return AppAuditor.merged(urls, code.urls)
    }
}
