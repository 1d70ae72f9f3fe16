import CLibXML2

/// One event-driven parse of an XML document held in memory, over libxml2's SAX2 interface.
///
/// libxml2 is set up the way swift-corelibs-foundation's `XMLParser` sets it up on Linux, so
/// that events, error codes and positions are the ones atscheck's readers were written
/// against: a push parser created with the first 4 bytes (a document of fewer than 4 bytes
/// is not parsed at all and succeeds), the options `XML_PARSE_RECOVER | XML_PARSE_NOENT`, the
/// rest of the bytes in one final chunk, errors through libxml2's structured error callback
/// while the parse runs, no namespace processing and no external entity ever loaded (there
/// is no document tree either: nothing is built but the events).
///
/// Positions (`line`, `column`) are libxml2's current input position, which while a start
/// tag is reported is the end of that tag, not its `<`.
package final class XMLSAXParser {
    private let bytes: [UInt8]
    /// libxml2's parser context: nil before the parse (and for fewer than 4 bytes); kept after
    /// it, so that the position where it stopped can still be read.
    var context: xmlParserCtxtPtr?
    /// The caller's event handler, only while `parse` runs.
    private var handler: ((XMLEvent) -> Void)?
    private var started = false

    /// The code of the last error libxml2 reported during the parse, or, when it reported none
    /// but the parse failed, the code the parse returned. Nil while no error is known.
    package private(set) var errorCode: Int?

    /// A parser over `bytes` (UTF-8, or whatever encoding the document declares).
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    deinit {
        guard let context else { return }
        if let document = context.pointee.myDoc { xmlFreeDoc(document) }
        xmlFreeParserCtxt(context)
    }

    /// The 1-based line libxml2 is at (0 before the parse has begun).
    package var line: Int {
        guard let context else { return 0 }
        return Int(xmlSAX2GetLineNumber(context))
    }

    /// The 1-based column, in characters, libxml2 is at (0 before the parse has begun).
    package var column: Int {
        guard let context else { return 0 }
        return Int(xmlSAX2GetColumnNumber(context))
    }

    /// Stops the parse (`xmlStopParser`): no event follows the one being handled. Does
    /// nothing before libxml2's context exists.
    package func abort() {
        guard let context else { return }
        xmlStopParser(context)
    }

    /// Parses the document once, calling `handler` for each event. True when libxml2 reports
    /// success, which in recover mode it can after errors; false after an abort or an error
    /// it does not recover from (see `errorCode`).
    package func parse(_ handler: (XMLEvent) -> Void) -> Bool {
        precondition(!started, "an XMLSAXParser parses once")
        started = true
        LibXML2Setup.once()
        return withoutActuallyEscaping(handler) { handler in
            self.handler = handler
            defer { self.handler = nil }
            return run()
        }
    }

    func deliver(_ event: XMLEvent) {
        if case .error(let code) = event { errorCode = code }
        handler?(event)
    }

    private func run() -> Bool {
        let userData = Unmanaged.passUnretained(self).toOpaque()
        xmlSetStructuredErrorFunc(userData, XMLSAXParser.structuredError)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        guard bytes.count >= 4 else { return true }
        guard let restCount = Int32(exactly: bytes.count - 4) else { return failed(code: 1) }
        var sax = XMLSAXParser.handlerTable()
        let created = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { xmlCreatePushParserCtxt(&sax, userData, $0.baseAddress, 4, nil) }
        }
        guard let created else { return failed(code: 1) }
        context = created
        xmlCtxtUseOptions(created, Int32(bitPattern: XML_PARSE_RECOVER.rawValue | XML_PARSE_NOENT.rawValue))
        let result = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { xmlParseChunk(created, $0.baseAddress! + 4, restCount, 1) }
        }
        // The end of the document as an error is how a final chunk ends: not a failure.
        if result == 0 || result == Int32(XML_ERR_DOCUMENT_END.rawValue) { return true }
        return failed(code: Int(result))
    }

    private func failed(code: Int) -> Bool {
        if errorCode == nil { errorCode = code }
        return false
    }
}
