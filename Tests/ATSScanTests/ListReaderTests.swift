import ATSScan
import Foundation
import Testing

@Suite("URL lists")
struct ListReaderTests {
    @Test("the fixture gives every line form, and every bad line as a problem with its number")
    func fixture() throws {
        let input = ScanListReader.read(try ScanFixtures.list("urls.txt"), file: "urls.txt")
        #expect(input.rows == [
            EntryRow(at: 2, url: "https://example.com/", host: "example.com", port: 443, scheme: .https),
            EntryRow(at: 3, url: "http://insecure.example:8080/path?q=1", host: "insecure.example", port: 8080, scheme: .http),
            EntryRow(at: 4, url: "https://example.org/", host: "example.org", port: 443, scheme: .https),
            EntryRow(at: 5, url: "https://api.example.net:8443/", host: "api.example.net", port: 8443, scheme: .https),
            EntryRow(at: 6, url: "https://[2001:db8::1]:8443/", host: "2001:db8::1", port: 8443, scheme: .https),
            EntryRow(at: 7, url: "https://192.0.2.10/", host: "192.0.2.10", port: 443, scheme: .https),
            EntryRow(at: 11, url: "https://frag.example/page#section", host: "frag.example", port: 443, scheme: .https),
            EntryRow(at: 12, url: "https://example.com:444/", host: "example.com", port: 444, scheme: .https),
            EntryRow(at: 15, url: "wss://socket.example/chat", host: "socket.example", port: 443, scheme: .https),
            EntryRow(at: 16, url: "ws://socket.example:8081/", host: "socket.example", port: 8081, scheme: .http),
            EntryRow(at: 21, url: "http://[::1]:8080/", host: "::1", port: 8080, scheme: .http),
            EntryRow(at: 22, url: "https://example.com/", host: "example.com", port: 443, scheme: .https),
        ])
        #expect(input.problemRows == [
            ProblemRow(at: 13, message: "unsupported scheme \"ftp\": ATS covers only http, https, ws and wss"),
            ProblemRow(at: 14, message: "not a URL, host, host:port or [v6]:port (the line is not shown)"),
            ProblemRow(at: 17, message: "not a URL, host, host:port or [v6]:port (the line is not shown)"),
            ProblemRow(at: 18, message: "contains a NUL byte"),
            ProblemRow(at: 19, message: "not UTF-8"),
            ProblemRow(at: 20, message: "contains the control character U+0007"),
        ])
        #expect(input.problems.first?.description == "urls.txt:13: unsupported scheme \"ftp\": ATS covers only http, https, ws and wss")
    }

    @Test("a line of 8 KiB is read, a longer one is a problem, and the next line is still read")
    func lineLimit() {
        let prefix = "https://example.com/"
        let exact = prefix + String(repeating: "a", count: ScanInputLimits.lineBytes - prefix.utf8.count)
        let over = exact + "a"
        let input = ScanListReader.read(Data("\(exact)\n\(over)\r\nexample.net\n".utf8), file: "-")
        #expect(input.rows.map(\.at) == [1, 3])
        #expect(input.entries.first?.target.url == exact)
        #expect(input.problemRows == [ProblemRow(at: 2, message: "line is 8193 bytes, more than the limit of 8192")])
    }

    @Test("empty input, a BOM alone, comments alone: nothing, and no problems")
    func nothing() {
        for text in ["", "\u{FEFF}", "\n\n", "# a\n  # b\r\n\t\n"] {
            let input = ScanListReader.read(Data(text.utf8), file: "-")
            #expect(input.entries.isEmpty && input.problems.isEmpty, "\(text.debugDescription)")
        }
    }

    @Test("a BOM is skipped only at the start; elsewhere it is part of the line")
    func bomOnlyAtStart() {
        let input = ScanListReader.read(Data("\u{FEFF}example.com\n\u{FEFF}example.org\n".utf8), file: "-")
        #expect(input.rows.map(\.host) == ["example.com"])
        #expect(input.problemRows.map(\.at) == [2])
    }

    @Test("a bad line is never quoted (it may be a secret); a URL's user part is masked")
    func neverQuoted() {
        let lines = ["machine x login u password hunter2", "https://exa mple.com/hunter2", "password:hunter2", "http://u:hunter2@example.com/a", "https://u:hunter2@[::1/"]
        let input = ScanListReader.read(Data(lines.joined(separator: "\n").utf8), file: "-")
        #expect(input.entries.isEmpty && input.problems.count == lines.count)
        #expect(input.problems.allSatisfy { !$0.message.contains("hunter2") }, "\(input.problems)")
        #expect(input.problems[3].message == "a URL with credentials (\"http://***@example.com/a\"): refused; remove the user part")
    }

    @Test("UTF-16 and UTF-32 lists with a byte-order mark are read; a line that is not valid text is a problem with its number")
    func wideText() {
        let text = "https://example.com/\r\n# comment\nexample.org:8443\n"
        for (mark, encoding) in [([0xFF, 0xFE], String.Encoding.utf16LittleEndian), ([0xFE, 0xFF], .utf16BigEndian),
                                 ([0xFF, 0xFE, 0, 0], .utf32LittleEndian), ([0, 0, 0xFE, 0xFF], .utf32BigEndian)] as [([UInt8], String.Encoding)] {
            let input = ScanListReader.read(Data(mark) + text.data(using: encoding)!, file: "-")
            #expect(input.rows.map(\.at) == [1, 3] && input.rows.map(\.host) == ["example.com", "example.org"], "\(encoding)")
            #expect(input.problems.isEmpty, "\(encoding): \(input.problems)")
        }
        let broken = ScanListReader.read(Data([0xFE, 0xFF, 0xDC, 0x00, 0x00, 0x0A, 0x00, 0x61, 0x00]), file: "-")
        #expect(broken.problemRows == [ProblemRow(at: 1, message: "not UTF-16 text"), ProblemRow(at: 2, message: "not UTF-16 text")])
    }

    @Test("a scheme-relative or one-slash URL is not a target")
    func oddURLs() {
        let input = ScanListReader.read(Data("//example.com/\nhttps:/example.com\nhttps://\nmailto:a@example.com\n".utf8), file: "-")
        #expect(input.entries.isEmpty)
        #expect(input.problemRows.map(\.at) == [1, 2, 3, 4])
    }

    @Test("a bare host holding a quote, <, >, a backtick, a brace, | or a backslash is a problem, not a host to probe (it was probed)")
    func hostCharacters() {
        let input = ScanListReader.read(Data("bad\"'<b>line\nx`y.example\na{b}.example:443\nok.example\nhttps://example.com/a<b\n".utf8), file: "-")
        #expect(input.problemRows.map(\.at) == [1, 2, 3])
        #expect(input.problems.first?.message == "not a URL, host, host:port or [v6]:port: a host name holds no '\"'")
        #expect(input.entries.map(\.target.host) == ["ok.example", "example.com"])
    }

    @Test("origins print as file:line and file: log.entries[N]")
    func originText() {
        #expect(ScanOrigin(file: "urls.txt", line: 12).description == "urls.txt:12")
        #expect(ScanOrigin(file: "capture.har", harEntry: 3).description == "capture.har: log.entries[3]")
        #expect(ScanOrigin(file: "argument").description == "argument")
    }
}
