import ATSScan
import Foundation
import Testing

@Suite("HAR captures")
struct HARReaderTests {
    @Test("the hand-written HAR 1.2 file: every http(s) and wss URL in order, duplicates kept, data: and blob: as problems")
    func handwritten() throws {
        let input = try HARReader.read(try ScanFixtures.har("handwritten.har"), file: "handwritten.har")
        #expect(input.rows == [
            EntryRow(at: 0, url: "https://www.example.com/", host: "www.example.com", port: 443, scheme: .https),
            EntryRow(at: 1, url: "http://cdn.example.net:8080/app.js", host: "cdn.example.net", port: 8080, scheme: .http),
            EntryRow(at: 3, url: "https://www.example.com/", host: "www.example.com", port: 443, scheme: .https),
            EntryRow(at: 4, url: "https://api.example.com/v1/items?page=2", host: "api.example.com", port: 443, scheme: .https),
            EntryRow(at: 5, url: "wss://live.example.com/socket", host: "live.example.com", port: 443, scheme: .https),
            EntryRow(at: 7, url: "http://[2001:db8::5]/ipv6", host: "2001:db8::5", port: 80, scheme: .http),
        ])
        #expect(input.problemRows == [
            ProblemRow(at: 2, message: "unsupported scheme \"data\": ATS covers only http, https, ws and wss"),
            ProblemRow(at: 6, message: "unsupported scheme \"blob\": ATS covers only http, https, ws and wss"),
        ])
        #expect(input.problems.first?.description == "handwritten.har: log.entries[2]: unsupported scheme \"data\": ATS covers only http, https, ws and wss")
    }

    @Test("a capture by mitmdump gives exactly the URLs fetched through it")
    func mitmdump() throws {
        let input = try HARReader.read(try ScanFixtures.har("mitmdump.har"), file: "mitmdump.har")
        #expect(input.problems.isEmpty)
        #expect(input.rows == [
            EntryRow(at: 0, url: "http://127.0.0.1:28180/index.html", host: "127.0.0.1", port: 28180, scheme: .http),
            EntryRow(at: 1, url: "http://127.0.0.1:28180/dir/page.txt?q=1&x=%20y", host: "127.0.0.1", port: 28180, scheme: .http),
            EntryRow(at: 2, url: "http://127.0.0.1:28180/missing", host: "127.0.0.1", port: 28180, scheme: .http),
            EntryRow(at: 3, url: "http://127.0.0.1:28180/index.html", host: "127.0.0.1", port: 28180, scheme: .http),
            EntryRow(at: 4, url: "https://127.0.0.1:28443/", host: "127.0.0.1", port: 28443, scheme: .https),
            EntryRow(at: 5, url: "https://127.0.0.1:28443/secure/path?id=7", host: "127.0.0.1", port: 28443, scheme: .https),
        ])
    }

    @Test("the mitmdump capture cut in half is a one-line JSON error with its length")
    func truncated() throws {
        let whole = try ScanFixtures.har("mitmdump.har")
        let error = #expect(throws: HARReadError.self) { try HARReader.read(whole.prefix(whole.count / 2), file: "cut.har") }
        let message = error?.description ?? ""
        #expect(message == "not JSON: The text does not end with the '}' that closes its outermost object. (the document stops after \(whole.count / 2) bytes: truncated?)")
    }

    @Test("input that is not JSON, or JSON that is not a HAR log, is one clear error", arguments: [
        ("", "not JSON: the file is empty"),
        ("\u{FEFF}", "not JSON: the file is empty"),
        ("[1, 2]", "not a HAR document: the top level is an array, not an object"),
        ("{}", "not a HAR document: no \"log\" at the top level"),
        ("{\"log\": 3}", "not a HAR document: log is a number or boolean, not an object"),
        ("{\"log\": null}", "not a HAR document: log is null, not an object"),
        ("{\"log\": {\"version\": \"1.2\"}}", "not a HAR document: no log.entries"),
        ("{\"log\": {\"entries\": {}}}", "not a HAR document: log.entries is an object, not an array"),
        ("{\"log\": {\"entries\": \"x\"}}", "not a HAR document: log.entries is a string, not an array"),
        ("\"x\"", "not a HAR document: the top level is a string, not an object"),
        ("true", "not a HAR document: the top level is a number or boolean, not an object"),
        ("null", "not a HAR document: the top level is null, not an object"),
    ])
    func notHAR(text: String, expected: String) {
        let error = #expect(throws: HARReadError.self) { try HARReader.read(Data(text.utf8), file: "x.har") }
        #expect(error?.description == expected)
    }

    // JSONDecoder reports neither the fault nor its place (outside Apple's Foundation); what can
    // be told without parsing is told: a first character that begins no value, with its place,
    // and a document that does not end by closing its object, with its length.
    @Test("text that is not JSON gives what can be told of the fault", arguments: [
        ("hello", "not JSON: Invalid value around character 0."),
        ("<html></html>", "not JSON: Invalid value around character 0."),
        ("\n  hello", "not JSON: Invalid value around character 3."),
        ("{\"log\": {\"entries\": [}}", "not JSON: The text is not valid JSON; the JSON decoder does not say where."),
        ("{\"log\": ", "not JSON: The text does not end with the '}' that closes its outermost object. (the document stops after 8 bytes: truncated?)"),
        ("   ", "not JSON: The text is empty."),
    ])
    func notJSON(text: String, expected: String) {
        let error = #expect(throws: HARReadError.self) { try HARReader.read(Data(text.utf8), file: "x.har") }
        #expect(error?.description == expected)
    }

    @Test("nesting deeper than JSONDecoder allows (512) is an error, not a crash")
    func deepNesting() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = #expect(throws: HARReadError.self) { try HARReader.read(Data(deep.utf8), file: "x.har") }
        #expect(error?.description == "not JSON: The text is not valid JSON; the JSON decoder does not say where.")
    }

    @Test("entries without a string URL are problems for those entries, and the rest are read")
    func oddEntries() throws {
        let json = """
        {"log": {"version": "1.2", "entries": [
          {"request": {"url": 42}},
          {"request": {"url": true}},
          {"request": {"url": null}},
          {"request": {"url": ["https://a.example/"]}},
          {"request": {"url": {"href": "https://a.example/"}}},
          {"request": {}},
          {},
          "https://a.example/",
          {"request": "https://a.example/"},
          {"request": {"url": "https://ok.example/"}},
          {"request": {"url": "example.com"}},
          {"request": {"url": "https://exa mple.com/"}},
          {"request": {"url": "about:blank"}},
          {"request": {"url": "ws://chat.example:9000/"}},
          {"request": {"url": "https://a.example/\\u0000"}}
        ]}}
        """
        let input = try HARReader.read(Data(json.utf8), file: "odd.har")
        #expect(input.rows == [
            EntryRow(at: 9, url: "https://ok.example/", host: "ok.example", port: 443, scheme: .https),
            EntryRow(at: 13, url: "ws://chat.example:9000/", host: "chat.example", port: 9000, scheme: .http),
        ])
        #expect(input.problemRows == [
            ProblemRow(at: 0, message: "request.url is a number or boolean, not a string"),
            ProblemRow(at: 1, message: "request.url is a number or boolean, not a string"),
            ProblemRow(at: 2, message: "request.url is null, not a string"),
            ProblemRow(at: 3, message: "request.url is an array, not a string"),
            ProblemRow(at: 4, message: "request.url is an object, not a string"),
            ProblemRow(at: 5, message: "the request has no url"),
            ProblemRow(at: 6, message: "the entry has no request"),
            ProblemRow(at: 7, message: "the entry is a string, not an object"),
            ProblemRow(at: 8, message: "request is a string, not an object"),
            ProblemRow(at: 10, message: "not an absolute URL: \"example.com\""),
            ProblemRow(at: 11, message: "not a valid https URL: \"https://exa mple.com/\""),
            ProblemRow(at: 12, message: "unsupported scheme \"about\": ATS covers only http, https, ws and wss"),
            ProblemRow(at: 14, message: "contains the control character U+0000"),
        ])
    }

    @Test("only the URLs are read: a null entry and a URL string JSONDecoder cannot read are problems, values never read are not checked")
    func onlyURLsAreRead() throws {
        let json = #"""
        {"log": {"entries": [
          null,
          {"request": {"url": "https://a.example/\x"}},
          {"request": {"url": "https://b.example/"}, "response": {"status": 01, "content": {"text": "\x"}}}
        ]}}
        """#
        let input = try HARReader.read(Data(json.utf8), file: "x.har")
        #expect(input.rows == [EntryRow(at: 2, url: "https://b.example/", host: "b.example", port: 443, scheme: .https)])
        #expect(input.problemRows == [
            ProblemRow(at: 0, message: "the entry is null, not an object"),
            ProblemRow(at: 1, message: "request.url is not a valid JSON string (an invalid escape, an unescaped control character or bytes that are not UTF-8)"),
        ])
    }

    @Test("a HAR with a UTF-8 BOM and no entries reads as empty")
    func bomAndEmpty() throws {
        let input = try HARReader.read(Data("\u{FEFF}{\"log\": {\"version\": \"1.2\", \"entries\": []}}".utf8), file: "x.har")
        #expect(input.entries.isEmpty && input.problems.isEmpty)
    }
}
