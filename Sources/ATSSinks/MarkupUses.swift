import ATSCode

/// What a web page does with the URLs in it: attributes that load (`<script src>`, `<img src>`,
/// `<iframe src>`), navigate (`<a href>`, `<form action>`) or open outside (`<a href
/// target="_blank">`), link relations that load nothing (`rel="canonical"`), text for people,
/// style sheets' `url()`, and the page's scripts read as JavaScript.
public enum MarkupUses {
    /// The URLs of an HTML page (or a Vue component) and their uses.
    public static func uses(in bytes: [UInt8], extract: CodeUses.Extractor) -> CodeFileUses {
        let document = MarkupScanner.scan(bytes)
        var result = CodeFileUses()
        let lines = LineTable(bytes)
        for element in document.elements {
            for attribute in element.attributes where !attribute.value.isEmpty {
                let hits = extract(attribute.value)
                guard !hits.isEmpty else { continue }
                let use = self.use(of: attribute, in: element)
                for hit in hits {
                    let uses: [URLUse]
                    if attribute.name == "style" {
                        uses = [StyleSheet.use(of: hit.offset, in: attribute.value)]
                    } else {
                        uses = [use]
                    }
                    result.urls.append(CodeURL(url: hit.url, line: attribute.line, offset: element.offset, place: .code(uses: uses, pending: [])))
                }
            }
        }
        for text in document.texts {
            for hit in extract(MarkupScanner.decodeEntities(bytes[text.range])) {
                result.urls.append(CodeURL(url: hit.url, line: lines.line(of: text.range.lowerBound + min(hit.offset, text.range.count)),
                                           offset: text.range.lowerBound, place: .code(uses: [.neverLoaded(why: "text shown to the user")], pending: [])))
            }
        }
        for style in document.styles {
            let css = Array(bytes[style.range])
            for url in styleSheetUses(in: css, extract: extract).urls {
                result.urls.append(CodeURL(url: url.url, line: url.line + style.line - 1, offset: style.range.lowerBound + url.offset, place: url.place))
            }
        }
        for script in document.scripts {
            let type = script.element.flatMap { $0.value("type") }.map { String(decoding: $0, as: UTF8.self).lowercased() } ?? ""
            guard type.isEmpty || type.contains("javascript") || type == "module" || type.contains("babel") || type.contains("jsx") else { continue }
            let code = Array(bytes[script.range])
            let lexed = SourceLexer.lex(code, language: .javaScript, jsx: type.contains("babel") || type.contains("jsx"))
            let inner = CodeUses.uses(in: lexed, extract: extract)
            for url in inner.urls {
                result.urls.append(CodeURL(url: url.url, line: url.line + script.line - 1, offset: url.offset + script.range.lowerBound, place: url.place))
            }
        }
        for comment in document.comments {
            for hit in extract(Array(bytes[comment])) {
                result.urls.append(CodeURL(url: hit.url, line: lines.line(of: comment.lowerBound + hit.offset), offset: comment.lowerBound + hit.offset, place: .comment))
            }
        }
        if let stopped = document.stoppedAt { result.note = "read as markup up to byte \(stopped.offset) only (\(stopped.reason))" }
        return result
    }

    /// The URLs of a style sheet: `url(…)` and `@import` load in the web view; the rest (a
    /// `content:` string, a comment) does not.
    public static func styleSheetUses(in bytes: [UInt8], extract: CodeUses.Extractor) -> CodeFileUses {
        var result = CodeFileUses()
        let lines = LineTable(bytes)
        let comments = StyleSheet.comments(bytes)
        for hit in extract(bytes) {
            let inComment = comments.contains { $0.contains(hit.offset) }
            result.urls.append(CodeURL(url: hit.url, line: lines.line(of: hit.offset), offset: hit.offset,
                                       place: inComment ? .comment : .code(uses: [StyleSheet.use(of: hit.offset, in: bytes)], pending: [])))
        }
        return result
    }

    /// Link relations a web view loads.
    static let loadingRelations: Set<String> = ["stylesheet", "icon", "shortcut", "preload", "modulepreload", "prefetch", "manifest",
                                                "apple-touch-icon", "apple-touch-icon-precomposed", "mask-icon", "import"]

    /// What an element does with the URL in `attribute`.
    static func use(of attribute: MarkupDocument.Attribute, in element: MarkupDocument.Element) -> URLUse {
        let name = attribute.name
        if name == "xmlns" || name.hasPrefix("xmlns:") || name.hasSuffix("schemalocation") { return .neverLoaded(why: "an XML namespace") }
        switch (element.name, name) {
        case ("a", "href"), ("area", "href"):
            let target = element.value("target").map { String(decoding: $0, as: UTF8.self).lowercased() } ?? ""
            if target == "_blank" || target == "_system" || target == "_new" {
                return .openedOutside(via: "<\(element.name) target=\"\(target)\">: the system browser opens it")
            }
            // A link loads nothing until it is tapped, and then the app's navigation delegate
            // (Cordova's and Capacitor's hand other origins to Safari) decides where.
            return .notSeen(hint: "a link (<\(element.name) href>): loaded only when tapped, and where is the web view's navigation delegate's choice")
        case ("link", "href"):
            let relations = Set((element.value("rel").map { String(decoding: $0, as: UTF8.self).lowercased() } ?? "").split(separator: " ").map(String.init))
            return relations.isDisjoint(with: loadingRelations)
                ? .neverLoaded(why: "a link relation the web view does not load (rel=\"\(relations.sorted().joined(separator: " "))\")")
                : .load(.webView, via: "<link rel=\"\(relations.sorted().joined(separator: " "))\">")
        case ("script", "src"), ("img", "src"), ("img", "srcset"), ("iframe", "src"), ("frame", "src"), ("video", "src"), ("video", "poster"),
             ("audio", "src"), ("source", "src"), ("source", "srcset"), ("track", "src"), ("embed", "src"), ("object", "data"), ("input", "src"),
             ("image", "href"), ("use", "href"):
            return .load(.webView, via: "<\(element.name) \(name)>")
        case ("form", "action"):
            return .load(.navigation, via: "<form action>")
        case ("meta", "content"):
            let refresh = element.value("http-equiv").map { String(decoding: $0, as: UTF8.self).lowercased() } == "refresh"
            return refresh ? .load(.navigation, via: "<meta http-equiv=\"refresh\">") : .neverLoaded(why: "page metadata (<meta content>)")
        case ("base", "href"):
            return .notSeen(hint: "the page's base URL (<base href>): relative references load from it")
        case (_, "title"), (_, "alt"), (_, "placeholder"), (_, "aria-label"), (_, "value"):
            return .neverLoaded(why: "text shown to the user (\(name))")
        default:
            return .notSeen(hint: "in the attribute \(name) of <\(element.name)>")
        }
    }
}

/// Which URLs of a style sheet load.
enum StyleSheet {
    /// The `/* */` comments of a style sheet.
    static func comments(_ css: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index + 1 < css.count {
            if css[index] == UInt8(ascii: "/"), css[index + 1] == UInt8(ascii: "*") {
                var end = index + 2
                while end + 1 < css.count, !(css[end] == UInt8(ascii: "*") && css[end + 1] == UInt8(ascii: "/")) { end += 1 }
                end = min(css.count, end + 2)
                ranges.append(index..<end)
                index = end
            } else {
                index += 1
            }
        }
        return ranges
    }

    /// `url(` or `@import` just before `offset` (quotes and blanks between): a load.
    static func use(of offset: Int, in css: [UInt8]) -> URLUse {
        var index = offset - 1
        while index >= 0, css[index] == UInt8(ascii: "\"") || css[index] == UInt8(ascii: "'") || css[index] == 0x20 { index -= 1 }
        if index >= 3, css[index] == UInt8(ascii: "("), String(decoding: css[(index - 3)..<index], as: UTF8.self).lowercased() == "url" {
            return .load(.webView, via: "CSS url()")
        }
        if index >= 6, String(decoding: css[(index - 6)...index], as: UTF8.self).lowercased() == "@import" {
            return .load(.webView, via: "CSS @import")
        }
        return .neverLoaded(why: "in a style sheet, not in url() or @import")
    }
}

/// Lines of a file by offset, found by binary search over line starts.
struct LineTable {
    private let starts: [Int]

    init(_ bytes: [UInt8]) {
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        self.starts = starts
    }

    /// 1-based line of `offset`.
    func line(of offset: Int) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return max(1, low)
    }
}
