import ATSVocabulary
import Testing

/// The one text path of every text renderer: ``TerminalText/safe(_:)`` and ``TerminalText/wrap(_:firstPrefix:restPrefix:width:)``.
@Suite struct TerminalTextTests {
    @Test("control characters, DEL and C1 controls are shown as \\xNN")
    func controls() {
        #expect(TerminalText.safe("a\u{0}b\tc\nd\r") == #"a\x00b\x09c\x0Ad\x0D"#)
        #expect(TerminalText.safe("\u{7F}\u{85}\u{9B}") == #"\x7F\x85\x9B"#)
    }

    @Test("an escape sequence cannot reach the terminal")
    func escapeSequence() {
        let title = "\u{1B}]0;owned\u{07}name\u{1B}[2J"
        let safe = TerminalText.safe(title)
        #expect(safe == #"\x1B]0;owned\x07name\x1B[2J"#)
        #expect(!safe.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test("bidirectional overrides and isolates are shown as \\u{…}; other scripts are kept")
    func bidi() {
        #expect(TerminalText.safe("evil\u{202E}fdp.exe") == #"evil\u{202E}fdp.exe"#)
        #expect(TerminalText.safe("\u{2066}x\u{2069}\u{200F}") == #"\u{2066}x\u{2069}\u{200F}"#)
        #expect(TerminalText.safe("証明書 שלום é") == "証明書 שלום é")
    }

    @Test("workflow commands: ##[ anywhere and :: at a line's start are made inert")
    func workflowCommands() {
        #expect(TerminalText.safe("x ##[error]y") == #"x \x23#[error]y"#)
        #expect(TerminalText.neutralisingWorkflowCommands("ok\n  ::warning file=a::b\n") == "ok\n  \\x3A:warning file=a::b\n")
        #expect(TerminalText.neutralisingWorkflowCommands("a :: b ::") == "a :: b ::")
    }

    @Test("wrapping: prefixes, the width limit, a newline after each line")
    func wrap() {
        let text = "one two three four five six seven eight nine ten"
        let wrapped = TerminalText.wrap(text, firstPrefix: "  ", restPrefix: "    ", width: 20)
        #expect(wrapped == "  one two three four\n    five six seven\n    eight nine ten\n")
        for line in wrapped.split(separator: "\n") { #expect(line.count <= 20) }
        #expect(TerminalText.wrap("short", firstPrefix: "> ", restPrefix: "") == "> short\n")
        #expect(TerminalText.wrap("", firstPrefix: "  x", restPrefix: "") == "  x\n")
    }

    @Test("a line exactly the width stays one line; one more column wraps")
    func boundary() {
        let word = String(repeating: "a", count: 9)
        #expect(TerminalText.wrap("\(word) \(word)", firstPrefix: "", restPrefix: "", width: 19) == "\(word) \(word)\n")
        #expect(TerminalText.wrap("\(word) \(word)", firstPrefix: "", restPrefix: "", width: 18) == "\(word)\n\(word)\n")
    }

    @Test("a word longer than the width is never broken: it keeps its line to itself")
    func longWord() {
        let url = "https://example.com/" + String(repeating: "p", count: 100)
        let wrapped = TerminalText.wrap("see \(url) now", firstPrefix: "  ", restPrefix: "    ", width: 40)
        #expect(wrapped == "  see\n    \(url)\n    now\n")
    }

    @Test("CJK text is counted in characters, words split at spaces only")
    func cjk() {
        let text = "証明書の 有効期限が 切れています 接続できません"
        let wrapped = TerminalText.wrap(text, firstPrefix: "", restPrefix: "  ", width: 12)
        #expect(wrapped == "証明書の 有効期限が\n  切れています\n  接続できません\n")
    }

    @Test("escaping before wrapping: an escaped newline cannot start a line")
    func safeThenWrap() {
        let wrapped = TerminalText.wrap(TerminalText.safe("name\n::error::forged"), firstPrefix: "  ", restPrefix: "  ")
        #expect(wrapped == "  name\\x0A::error::forged\n")
        #expect(wrapped.split(separator: "\n").count == 1)
    }
}
