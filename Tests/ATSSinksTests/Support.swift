import ATSApp
import ATSCode
@testable import ATSSinks

/// The URL extractor `atscheck app` gives the analysis: its own URL scanner.
let extract: CodeUses.Extractor = { text in
    var scanner = URLScanner()
    scanner.scan(text)
    return scanner.finish().map { ($0.url, $0.offset) }
}

/// The uses of each URL in `code`, written in `language`, by URL (a URL written twice gets both
/// places' uses).
func uses(_ code: String, _ language: SourceLanguage, conditions: CompilationConditions = CompilationConditions(), jsx: Bool = true) -> [String: [URLUse]] {
    let lexed = SourceLexer.lex(Array(code.utf8), language: language, conditions: conditions, jsx: jsx)
    var found: [String: [URLUse]] = [:]
    for url in CodeUses.uses(in: lexed, extract: extract).urls {
        switch url.place {
        case .code(let uses, let pending):
            found[url.url, default: []] += uses + pending.map { URLUse.notSeen(hint: "pending \($0)") }
        case .comment:
            found[url.url, default: []].append(.neverLoaded(why: "comment"))
        }
    }
    return found
}

/// The group of the strongest use: `load`, `opened-outside`, `never-loaded` or `not-seen`.
func group(_ found: [String: [URLUse]], _ url: String) -> String? {
    URLUse.strongest(found[url] ?? [])?.group
}

/// The `via` of a load, or nil.
func loadVia(_ found: [String: [URLUse]], _ url: String) -> String? {
    for use in found[url] ?? [] { if case .load(_, let via) = use { return via } }
    return nil
}

/// The load kind of a load, or nil.
func loadKind(_ found: [String: [URLUse]], _ url: String) -> URLUse.LoadKind? {
    for use in found[url] ?? [] { if case .load(let kind, _) = use { return kind } }
    return nil
}
