@testable import ATSCode
import Testing

@Suite("Markup scanner: elements, attributes, text, scripts")
struct MarkupScannerTests {
    @Test("attributes with entities decoded, text, scripts and comments")
    func page() {
        let html = """
        <!DOCTYPE html>
        <html><head>
        <script src="http://cdn.example.org/a.js"></script>
        <script>fetch('http://api.example.org/x?a=1&b=2')</script>
        <style>body { background: url(http://img.example.org/b.png) }</style>
        </head><body>
        <!-- <img src="http://commented.example.org/c.png"> -->
        <a href="http://link.example.org/?a=1&amp;b=2" target=_blank>Visit http://text.example.org</a>
        <img src='http://img.example.org/d.png'/>
        </body></html>
        """
        let document = MarkupScanner.scan(Array(html.utf8))
        let names = document.elements.map(\.name)
        #expect(names == ["html", "head", "script", "script", "style", "body", "a", "img"])
        let anchor = document.elements.first { $0.name == "a" }!
        #expect(String(decoding: anchor.value("href")!, as: UTF8.self) == "http://link.example.org/?a=1&b=2")
        #expect(String(decoding: anchor.value("target")!, as: UTF8.self) == "_blank")
        #expect(anchor.line == 8)
        #expect(document.scripts.count == 2)
        let code = String(decoding: Array(html.utf8)[document.scripts[1].range], as: UTF8.self)
        #expect(code == "fetch('http://api.example.org/x?a=1&b=2')")
        #expect(document.scripts[1].line == 4)
        #expect(document.styles.count == 1)
        #expect(document.comments.count == 1)
        #expect(document.texts.contains { String(decoding: Array(html.utf8)[$0.range], as: UTF8.self).contains("text.example.org") })
    }

    @Test("numeric entities decode; unknown ones are kept")
    func entities() {
        #expect(String(decoding: MarkupScanner.decodeEntities(Array("a&#47;&#x2F;&nbsp;&quot;".utf8)), as: UTF8.self) == "a//&nbsp;\"")
    }
}
