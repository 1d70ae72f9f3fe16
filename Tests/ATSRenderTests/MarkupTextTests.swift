import ATSVocabulary
import Testing
@testable import ATSRender

/// The one markup escaper (``MarkupText``) and the HTML pages' use of it.
@Suite struct MarkupTextTests {
    @Test("&, < and > always; quotes only for attribute values")
    func escaped() {
        #expect(MarkupText.escaped("a & b <c> \"d\" 'e'") == "a &amp; b &lt;c&gt; \"d\" 'e'")
        #expect(MarkupText.escaped("a & b <c> \"d\" 'e'", quotes: .both) == "a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39;")
        #expect(MarkupText.escaped("&amp;") == "&amp;amp;")
    }

    @Test("a < that a combining mark follows is still escaped")
    func combiningMark() {
        #expect(MarkupText.escaped("<\u{301}script>") == "&lt;\u{301}script&gt;")
    }

    @Test("HTML cells: each line safe for a terminal, then escaped; line breaks kept")
    func htmlCell() {
        let cell = ScanHTMLRenderer.escape("<img src=x onerror='a()'>\n\u{1B}[31mred\u{202E}")
        #expect(cell == "&lt;img src=x onerror=&#39;a()&#39;&gt;\n\\x1B[31mred\\u{202E}")
    }

    @Test("XML comments in the pins snippets cannot be closed early")
    func xmlComment() {
        #expect(PinsSnippets.comment("CN=a--b <x>-") == "CN=a- -b &lt;x&gt;- ")
    }
}
