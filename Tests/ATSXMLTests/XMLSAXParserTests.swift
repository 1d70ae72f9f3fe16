import ATSXML
import Testing

/// What `XMLSAXParser` reports: events, libxml2's error codes and positions, as Foundation's
/// `XMLParser` reported them on Linux (the readers' messages and locations depend on them).
@Suite("XMLSAXParser: libxml2's SAX events")
struct XMLSAXParserTests {
    /// Every event of one parse with the position it was reported at, then the result.
    private func trace(_ xml: String, abortOn stop: ((XMLEvent) -> Bool)? = nil) -> (events: [String], succeeded: Bool, code: Int?) {
        let parser = XMLSAXParser(Array(xml.utf8))
        var events: [String] = []
        let succeeded = parser.parse { event in
            events.append("\(event) @\(parser.line):\(parser.column)")
            if stop?(event) == true { parser.abort() }
        }
        return (events, succeeded, parser.errorCode)
    }

    @Test("a start tag is reported at its end: the `>`, or the `/` of `/>`")
    func startTagPositions() {
        let result = trace("<a x='1'>\n\t<b/>é<c\n>t</c></a>")
        #expect(result.events == [
            #"startElement(name: "a", attributes: ["x": "1"]) @1:9"#,
            #"characters("\n\t") @2:2"#,
            #"startElement(name: "b", attributes: [:]) @2:4"#,
            #"endElement(name: "b") @2:6"#,
            #"characters("é") @2:7"#,
            #"startElement(name: "c", attributes: [:]) @3:1"#,
            #"characters("t") @3:3"#,
            #"endElement(name: "c") @3:7"#,
            #"endElement(name: "a") @3:11"#,
        ])
        #expect(result.succeeded && result.code == nil)
    }

    @Test("names and attributes as written: prefixes kept, namespace declarations as attributes")
    func namesAsWritten() {
        guard case .startElement(let name, let attributes)? = events("<p:a xmlns:p='urn:p' xmlns='urn:d' p:x='&lt;&#65;' y=''/>").first else {
            Issue.record("no start element")
            return
        }
        #expect(name == "p:a")
        #expect(attributes == ["p:x": "<A", "xmlns": "urn:d", "xmlns:p": "urn:p", "y": ""])
    }

    @Test("recover mode: a mismatched end tag is error 76 and the parse still succeeds")
    func recovers() {
        let result = trace("<a><b></a>")
        #expect(result.events.contains("error(code: 76) @1:11"))
        #expect(result.succeeded)
        #expect(result.code == 5) // the last error reported: the document ends with <a> open
    }

    @Test("an undefined entity is reported before libxml2's error 26; aborting there ends the parse")
    func undefinedEntity() {
        let carryOn = trace("<a>&foo;</a>")
        #expect(carryOn.events == [#"startElement(name: "a", attributes: [:]) @1:3"#,
                                   #"undefinedEntity(name: "foo") @1:9"#, "error(code: 26) @1:9",
                                   #"endElement(name: "a") @1:13"#])
        #expect(!carryOn.succeeded && carryOn.code == 26)

        let stopped = trace("<a>&foo;</a>") { if case .undefinedEntity = $0 { true } else { false } }
        #expect(stopped.events.count == 2)
        #expect(!stopped.succeeded && stopped.code == 111) // XML_ERR_USER_STOP
    }

    @Test("CDATA sections arrive as bytes, character data with references replaced")
    func text() {
        #expect(events("<a>x&amp;y<![CDATA[<&>]]></a>") == [
            .startElement(name: "a", attributes: [:]), .characters("x"), .characters("&"), .characters("y"),
            .cdata(Array("<&>".utf8)), .endElement(name: "a"),
        ])
    }

    @Test("fewer than 4 bytes are never parsed: no event, success, position 0")
    func tooShort() {
        let parser = XMLSAXParser(Array("<a>".utf8))
        var count = 0
        #expect(parser.parse { _ in count += 1 })
        #expect(count == 0 && parser.line == 0 && parser.column == 0 && parser.errorCode == nil)
    }

    @Test("not XML: error 4 and a failed parse")
    func notXML() {
        let result = trace("abcd")
        #expect(result.events == ["error(code: 4) @1:1"])
        #expect(!result.succeeded && result.code == 4)
    }

    private func events(_ xml: String) -> [XMLEvent] {
        var events: [XMLEvent] = []
        _ = XMLSAXParser(Array(xml.utf8)).parse { events.append($0) }
        return events
    }
}
