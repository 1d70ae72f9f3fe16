import ATSCode
import ATSScan
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
    private struct Analysed: Sendable {
        let path: String
        let kind: CodeKind
        let uses: CodeFileUses
        let filter: NameFilter?
        var scope = Scope(family: .none, root: "")
    }

    /// Reads every code file of `inventory`: a project's from disk (``AppFiles/readProjectFile(_:)``),
    /// an archive's from what the walk kept. `conditions` gives the `#if` settings of a file;
    /// files `analyse` refuses (in no target, not judged) are only searched for URLs.
    static func read(_ inventory: AppInventory, files: AppFiles, conditions: (String) -> CompilationConditions,
                     analyse: (String) -> Bool) -> CodeReading {
        var reading = CodeReading()
        var kept: [String: [UInt8]] = [:]
        for source in inventory.codeSources { kept[source.path] = source.bytes }
        let paths = inventory.codeFiles + inventory.codeSources.map(\.path)
        // What each file needs is decided here, in order (`analyse` and `conditions` are the
        // caller's and need not be thread-safe); the reading runs on every core.
        let jobs = paths.compactMap { path -> Job? in
            guard let kind = CodeKind.of(path) else { return nil }
            let mode: Job.Mode = !analyse(path) ? .urlsOnly : BuildManifest.isManifest(path) ? .manifest : .analyse
            return Job(path: path, kind: kind, mode: mode, conditions: mode == .analyse ? conditions(path) : CompilationConditions())
        }
        let reader = FileBytes(kept: kept, files: files)
        let results = inParallel(jobs, size: { reader.size($0.path) }) { job in read(job, bytes: reader.bytes(job.path)) }
        var analysed: [Analysed] = []
        for (job, result) in zip(jobs, results) {
            guard let result else {
                reading.problems.append((job.path, "could not be read again as code (gone, a link, or over \(AppFiles.projectFileBytes >> 20) MiB)"))
                continue
            }
            analysed.append(result)
            if let note = result.uses.note { reading.problems.append((job.path, note)) }
        }
        // Package roots: folders that declare a framework (package.json, pubspec.yaml, config.xml…)
        // and, for web content, the folders of its pages.
        var roots = Set(inventory.traits.declarations.keys.filter { !$0.isEmpty })
        for file in analysed where file.kind == .markup { roots.insert(ProjectPath.parent(file.path)) }
        for index in analysed.indices {
            let family = Family(analysed[index].kind)
            analysed[index].scope = Scope(family: family, root: root(of: analysed[index].path, family: family, roots: roots))
        }
        let resolved = resolve(analysed, bytes: reader, conditions: conditions)
        var index: [String: Int] = [:]
        for file in analysed {
            for url in file.uses.urls {
                var place = FoundAt(file: file.path, offset: nil, line: url.line)
                switch url.place {
                case .comment:
                    place.detail = FoundAt.comment
                case .code(let uses, let pending):
                    var here = uses
                    for name in pending {
                        for (site, use) in resolved.uses(of: name, scope: file.scope).sorted(by: { $0.key < $1.key }) {
                            if site.isEmpty || site == file.path {
                                here.append(use)
                            } else {
                                place.usesElsewhere[site] = URLUse.strongest([place.usesElsewhere[site], use].compactMap { $0 })
                            }
                        }
                    }
                    place.useHere = URLUse.strongest(here)
                    place.use = URLUse.strongest(here + place.usesElsewhere.sorted(by: { $0.key < $1.key }).map(\.value))
                }
                if let position = index[url.url] {
                    // One place a line: two literals of one line are one place, with the stronger use.
                    if let same = reading.urls[position].places.firstIndex(where: { $0.file == place.file && $0.line == place.line && $0.detail == place.detail }) {
                        reading.urls[position].places[same].merge(place)
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

    /// Whether `bytes` holds `http` in any case: a file without it has no URL to follow.
    static func mayHoldURL(_ bytes: [UInt8]) -> Bool {
        contains(bytes, Array("http".utf8), caseInsensitive: true)
    }

    /// Whether `pattern` occurs in `bytes` (ASCII case folded when asked).
    static func contains(_ bytes: [UInt8], _ pattern: [UInt8], caseInsensitive: Bool = false) -> Bool {
        guard let first = pattern.first, pattern.count <= bytes.count else { return false }
        let fold: UInt8 = caseInsensitive ? 0x20 : 0
        let last = bytes.count - pattern.count
        var index = 0
        while index <= last {
            if bytes[index] | fold == first | fold {
                var matched = 1
                while matched < pattern.count, bytes[index + matched] | fold == pattern[matched] | fold { matched += 1 }
                if matched == pattern.count { return true }
            }
            index += 1
        }
        return false
    }

    /// One file to read, and how.
    struct Job: Sendable {
        enum Mode: Sendable { case analyse, manifest, urlsOnly }
        let path: String
        let kind: CodeKind
        let mode: Mode
        let conditions: CompilationConditions
    }

    /// The bytes of the input's code files: an archive's as the walk kept them, a project's
    /// read again from disk (safe to ask from many threads).
    struct FileBytes: Sendable {
        let kept: [String: [UInt8]]
        let files: AppFiles

        func bytes(_ path: String) -> [UInt8]? {
            if let known = kept[path] { return known }
            return files.readProjectFile(path).map { Collector.utf8(Array($0)) }
        }

        /// The file's size in bytes, or 0 when it cannot be told.
        func size(_ path: String) -> Int {
            if let known = kept[path] { return known.count }
            return files.projectFileSize(path) ?? 0
        }
    }

    /// Files larger than this are read one at a time: two minified megabytes lexed at once
    /// cost more memory than the core they would share saves time.
    static let largeFile = 1 << 20

    /// `transform` over `items` in order: small files on every core, large ones one by one.
    static func inParallel<Item: Sendable, Result>(_ items: [Item], size: (Item) -> Int, _ transform: @escaping @Sendable (Item) -> Result) -> [Result] {
        let large = items.indices.filter { size(items[$0]) > largeFile }
        let largeSet = Set(large)
        let small = items.indices.filter { !largeSet.contains($0) }
        var results = [Result?](repeating: nil, count: items.count)
        for (index, result) in zip(small, concurrentMap(small.map { items[$0] }, transform)) { results[index] = result }
        for index in large { results[index] = transform(items[index]) }
        return results.map { $0! }
    }

    /// One file read as its job says: analysed as code, or only searched for URLs.
    private static func read(_ job: Job, bytes content: [UInt8]?) -> Analysed? {
        guard let content else { return nil }
        switch job.mode {
        case .urlsOnly: return Analysed(path: job.path, kind: job.kind, uses: rawURLs(content), filter: nil)
        case .manifest: return Analysed(path: job.path, kind: job.kind, uses: rawURLs(content, use: BuildManifest.use), filter: nil)
        case .analyse: break
        }
        switch job.kind {
        case .source where !mayHoldURL(content):
            // No URL to follow here, but its names may read another file's constant.
            return Analysed(path: job.path, kind: job.kind, uses: CodeFileUses(), filter: NameFilter(names: content))
        case .source(let language, let jsx):
            let lexed = SourceLexer.lex(content, language: language, conditions: job.conditions, jsx: jsx)
            return Analysed(path: job.path, kind: job.kind, uses: CodeUses.uses(in: lexed, extract: extractor), filter: NameFilter(lexed))
        case .markup:
            return Analysed(path: job.path, kind: job.kind, uses: MarkupUses.uses(in: content, extract: extractor), filter: nil)
        case .styleSheet:
            return Analysed(path: job.path, kind: job.kind, uses: MarkupUses.styleSheetUses(in: content, extract: extractor), filter: nil)
        }
    }

    /// The URL scanner `atscheck app` uses everywhere, as the analysis' extractor.
    static let extractor: CodeUses.Extractor = { text in
        guard contains(text, Array("://".utf8)) else { return [] }
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
    enum Family: Hashable, Sendable {
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

    /// Where a name can be read from another file: files of the same language family under the
    /// same package root (the nearest folder with a manifest, or, for web content, the page's
    /// folder); Swift and Objective-C code shares one root, the whole input.
    struct Scope: Hashable, Sendable {
        let family: Family
        let root: String
    }

    /// Most bytes lexed again to find reads of names in other files.
    static let resolveBytes = 128 << 20

    /// Looks for the reads of every pending name in the files of its scope that may name it,
    /// round by round, within ``resolveBytes``.
    private static func resolve(_ analysed: [Analysed], bytes: FileBytes, conditions: (String) -> CompilationConditions) -> Resolved {
        var resolved = Resolved()
        var wanted: [Scope: Set<String>] = [:]
        for file in analysed {
            for url in file.uses.urls {
                if case .code(_, let pending) = url.place, !pending.isEmpty { wanted[file.scope, default: []].formUnion(pending) }
            }
        }
        var searched: [Scope: Set<String>] = [:]
        var conditionsByFile: [String: CompilationConditions] = [:]
        var spent = 0
        for _ in 0..<rounds {
            var next: [Scope: Set<String>] = [:]
            for (scope, names) in wanted.sorted(by: { ($0.key.root, "\($0.key.family)") < ($1.key.root, "\($1.key.family)") }) where !names.isEmpty {
                searched[scope, default: []].formUnion(names)
                let keys = names.sorted().map { name -> (String, NameFilter.Key) in (name, NameFilter.Key(searchedName(name))) }
                // The files that may read one of the names, in order, within the budget.
                var searches: [Search] = []
                for file in analysed where file.scope == scope {
                    guard let filter = file.filter, case .source(let language, let jsx) = file.kind else { continue }
                    let maybe = keys.filter { filter.mayContain($0.1) }.map(\.0)
                    guard !maybe.isEmpty else { continue }
                    let decided = conditionsByFile[file.path] ?? conditions(file.path)
                    conditionsByFile[file.path] = decided
                    searches.append(Search(path: file.path, language: language, jsx: jsx, names: maybe, conditions: decided))
                }
                let found = inParallel(searches, size: { bytes.size($0.path) }) { search -> (Int, [String: [FoundUse]]) in
                    guard let content = bytes.bytes(search.path) else { return (0, [:]) }
                    // The filter's false positives cost a search, not a lexing.
                    let candidates = Set(search.names.filter { contains(content, Array(searchedName($0).utf8)) })
                    guard !candidates.isEmpty else { return (0, [:]) }
                    let lexed = SourceLexer.lex(content, language: search.language, conditions: search.conditions, jsx: search.jsx)
                    return (content.count, CodeUses.reads(of: candidates, in: lexed))
                }
                for (search, (size, reads)) in zip(searches, found) where size > 0 {
                    guard spent + size <= resolveBytes else {
                        // Read, but past the budget: the same answer on any machine, whatever its speed.
                        resolved.unsearched[scope, default: []].formUnion(search.names)
                        continue
                    }
                    spent += size
                    for (name, uses) in reads.sorted(by: { $0.key < $1.key }) {
                        resolved.reads[scope, default: [:]][name, default: []] += uses.map { (search.path, $0) }
                        for case .pending(let more) in uses where !(searched[scope]?.contains(more) ?? false) { next[scope, default: []].insert(more) }
                    }
                }
            }
            wanted = next
            if wanted.values.allSatisfy(\.isEmpty) { break }
        }
        return resolved
    }

    /// One file to search for the reads of some names.
    private struct Search: Sendable {
        let path: String
        let language: SourceLanguage
        let jsx: Bool
        let names: [String]
        let conditions: CompilationConditions
    }

    /// The identifier a pending name is looked for by: itself, or the function it is an argument of.
    static func searchedName(_ pending: String) -> String {
        CodeUses.functionArgument(pending)?.name ?? pending
    }

    /// The package root of `path` for `family` among `roots` (folders holding a manifest or a page).
    static func root(of path: String, family: Family, roots: Set<String>) -> String {
        guard family != .apple else { return "" }
        var directory = Substring(path)
        while let slash = directory.lastIndex(of: "/") {
            directory = directory[..<slash]
            if roots.contains(String(directory)) { return String(directory) }
        }
        return ""
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
