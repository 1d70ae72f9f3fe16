import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads XML property lists with Foundation's event-driven `XMLParser` (libxml2 underneath on
/// Linux), keeping the location of every key and value.
///
/// What `XMLParser.lineNumber`/`columnNumber` report on Linux (swift-corelibs-foundation with
/// libxml2 2.9): inside `didStartElement` they are libxml2's current input position, which is
/// not the element's `<` but the *end* of its start tag: the 1-based line and column of the
/// closing `>` (`<key>` at column 1 reports column 5), or of the `/` of `/>` for an empty
/// element (`<true/>` at column 1 reports column 6). Lines count LF characters; columns count
/// characters (Unicode scalars, whatever the file's encoding), so a tab and an `é` are one
/// column each. A start tag that spans lines is reported on its last line.
///
/// `location(forStartTag:)` maps that back to the tag's `<`: it finds the byte the parser
/// points at in the (UTF-8) source and walks back to the nearest `<` (which cannot occur inside
/// a tag, not even in attribute values), then recounts the line and column there. If that ever
/// fails to land on `<` followed by the element's name, the parser's own position is used.
final class PlistXMLReader: NSObject, XMLParserDelegate {
    private enum Kind: Equatable {
        case plist, dict, array, key, string, integer, real, date, data
        case boolean(Bool)

        init?(elementName: String) {
            switch elementName {
            case "plist": self = .plist
            case "dict": self = .dict
            case "array": self = .array
            case "key": self = .key
            case "string": self = .string
            case "integer": self = .integer
            case "real": self = .real
            case "date": self = .date
            case "data": self = .data
            case "true": self = .boolean(true)
            case "false": self = .boolean(false)
            default: return nil
            }
        }

        /// Elements whose content is text.
        var holdsText: Bool {
            switch self {
            case .key, .string, .integer, .real, .date, .data: return true
            default: return false
            }
        }

        var isContainer: Bool { self == .dict || self == .array }
    }

    private struct Frame {
        let kind: Kind
        let name: String
        let location: SourceLocation
        var text = ""
        var entries: [PlistEntry] = []
        var items: [PlistNode] = []
        var pendingKey: (name: String, location: SourceLocation)?
        var value: PlistNode?
    }

    private let limits: PlistReader.Limits
    private let source: PlistSourceMap
    private var cursor = PlistSourceMap.Cursor()
    /// Byte offset of the previous start tag's `<`; the next one is after it.
    private var previousTagStart = -1
    /// Whether the parser's position for the last start tag was the end of the file.
    private var reachedEndOfFile = false
    private var stack: [Frame] = []
    private var containerDepth = 0
    private var valueCount = 0
    private var result: PlistNode?
    private var failure: PlistReadError?
    private weak var parser: XMLParser?

    private init(source: PlistSourceMap, limits: PlistReader.Limits) {
        self.source = source
        self.limits = limits
    }

    /// Parses prepared UTF-8 bytes (see `PlistXMLPrologue.prepare`).
    static func read(_ bytes: [UInt8], limits: PlistReader.Limits) throws(PlistReadError) -> PlistNode {
        let reader = PlistXMLReader(source: PlistSourceMap(bytes: bytes), limits: limits)
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.externalEntityResolvingPolicy = .never
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        parser.delegate = reader
        reader.parser = parser
        let succeeded = parser.parse()
        parser.delegate = nil
        if let failure = reader.failure { throw failure }
        // Note: swift-corelibs-foundation parses in libxml2's recover mode, so `parse()` can
        // return true after an error; errors are caught through the delegate above.
        if !succeeded {
            let code = (parser.parserError as NSError?)?.code ?? 0
            throw PlistReadError("malformed XML (\(describeXMLError(code)))",
                                 at: reader.clampedParserLocation(parser))
        }
        if let open = reader.stack.last {
            // Fewer than 4 bytes are never handed to libxml2 at all; a parse can also end early.
            throw PlistReadError("unexpected end of file: <\(open.name)> opened at \(open.location) is not closed",
                                 at: reader.source.location(ofOffset: bytes.count))
        }
        guard let root = reader.result else {
            throw PlistReadError("not a property list (no <plist> element)", at: reader.source.location(ofOffset: bytes.count))
        }
        return root
    }

    // MARK: Locations

    private func clampedParserLocation(_ parser: XMLParser) -> SourceLocation {
        SourceLocation(line: max(1, parser.lineNumber), column: max(1, parser.columnNumber))
    }

    /// The location of the `<` of the start tag the parser has just read.
    private func location(forStartTag name: String, parser: XMLParser) -> SourceLocation {
        let reported = clampedParserLocation(parser)
        reachedEndOfFile = false
        guard let offset = source.offset(line: reported.line, column: reported.column, cursor: &cursor) else {
            return reported
        }
        let bytes = source.bytes
        reachedEndOfFile = offset >= bytes.count
        var index = min(offset, bytes.count - 1)
        // The parser points at `>` or at the `/` of `/>`; be tolerant of one past `>`.
        if index > 0, bytes[index] == UInt8(ascii: "<") { index -= 1 }
        while index > previousTagStart, bytes[index] != UInt8(ascii: "<") { index -= 1 }
        guard index > previousTagStart, index >= 0, bytes[index] == UInt8(ascii: "<") else { return reported }
        let nameBytes = Array(name.utf8)
        guard index + nameBytes.count < bytes.count,
              Array(bytes[(index + 1)...(index + nameBytes.count)]) == nameBytes else { return reported }
        previousTagStart = index
        // Same line as the reported position: count back the characters in between.
        if !bytes[index..<offset].contains(0x0A) {
            return SourceLocation(line: reported.line, column: reported.column - source.scalarCount(from: index, to: offset))
        }
        return source.location(ofOffset: index)
    }

    // MARK: Failing

    private func fail(_ message: String, at location: SourceLocation?) {
        guard failure == nil else { return }
        failure = PlistReadError(message, at: location)
        parser?.abortParsing()
    }

    // MARK: XMLParserDelegate

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard failure == nil else { return }
        let location = location(forStartTag: elementName, parser: parser)
        if reachedEndOfFile {
            // libxml2's recovery reports a start tag cut off by the end of the file.
            fail("unexpected end of file in the start tag <\(elementName)", at: location)
            return
        }
        if stack.isEmpty, result == nil, elementName != "plist", elementName != "dict" {
            fail("expected <plist> as the root element, found <\(elementName)>", at: location)
            return
        }
        guard let kind = Kind(elementName: elementName) else {
            fail("unknown element <\(elementName)>", at: location)
            return
        }
        if let parent = stack.last {
            switch parent.kind {
            case .plist:
                if kind == .plist || kind == .key {
                    fail("unexpected <\(elementName)> inside <plist>", at: location)
                    return
                }
                if parent.value != nil {
                    fail("unexpected <\(elementName)> after the top-level value (a <plist> holds one value)", at: location)
                    return
                }
            case .dict:
                if kind == .plist {
                    fail("unexpected <plist> inside <dict>", at: location)
                    return
                }
                if kind == .key, let pending = parent.pendingKey {
                    fail("key '\(pending.name)' (at \(pending.location)) has no value: found <key> where a value was expected", at: location)
                    return
                }
                if kind != .key, parent.pendingKey == nil {
                    fail("expected <key> in <dict>, found <\(elementName)> (keys and values must alternate)", at: location)
                    return
                }
            case .array:
                if kind == .plist || kind == .key {
                    fail("unexpected <\(elementName)> inside <array>", at: location)
                    return
                }
            default:
                fail("unexpected <\(elementName)> inside <\(parent.name)>", at: location)
                return
            }
        } else {
            if result != nil {
                fail("unexpected <\(elementName)> after the end of the property list", at: location)
                return
            }
            guard kind == .plist || kind == .dict else {
                fail("expected <plist> as the root element, found <\(elementName)>", at: location)
                return
            }
        }
        if kind.isContainer {
            containerDepth += 1
            if containerDepth > limits.maximumDepth {
                fail("dictionaries and arrays nested more than \(limits.maximumDepth) deep", at: location)
                return
            }
        }
        if kind != .plist, kind != .key {
            valueCount += 1
            if valueCount > limits.maximumValues {
                fail("more than \(limits.maximumValues) values", at: location)
                return
            }
        }
        stack.append(Frame(kind: kind, name: elementName, location: location))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        guard failure == nil, let frame = stack.popLast() else { return }
        let value: PlistValue
        switch frame.kind {
        case .plist:
            guard let node = frame.value else {
                fail("empty <plist>: expected one value inside it", at: frame.location)
                return
            }
            result = node
            return
        case .key:
            stack[stack.count - 1].pendingKey = (frame.text, frame.location)
            return
        case .dict:
            if let pending = frame.pendingKey {
                fail("key '\(pending.name)' has no value before </dict>", at: pending.location)
                return
            }
            containerDepth -= 1
            value = .dictionary(frame.entries)
        case .array:
            containerDepth -= 1
            value = .array(frame.items)
        case .string:
            value = .string(frame.text)
        case .boolean(let flag):
            value = .bool(flag)
        case .integer:
            guard let text = PlistScalars.integer(frame.text) else {
                fail("invalid <integer> '\(Self.excerpt(frame.text))'", at: frame.location)
                return
            }
            value = .integer(text)
        case .real:
            guard let number = PlistScalars.real(frame.text) else {
                fail("invalid <real> '\(Self.excerpt(frame.text))'", at: frame.location)
                return
            }
            value = .real(number)
        case .date:
            guard let date = PlistScalars.date(frame.text) else {
                fail("invalid <date> '\(Self.excerpt(frame.text))' (expected YYYY-MM-DDTHH:MM:SSZ)", at: frame.location)
                return
            }
            value = .date(date)
        case .data:
            guard let data = PlistScalars.data(frame.text) else {
                fail("invalid base64 in <data>", at: frame.location)
                return
            }
            value = .data(data)
        }
        let node = PlistNode(value, location: frame.location)
        guard !stack.isEmpty else {
            result = node // a bare <dict> root
            return
        }
        let top = stack.count - 1
        switch stack[top].kind {
        case .plist:
            stack[top].value = node
        case .dict:
            let key = stack[top].pendingKey!
            stack[top].entries.append(PlistEntry(key: key.name, keyLocation: key.location, node: node))
            stack[top].pendingKey = nil
        default:
            stack[top].items.append(node)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text(string, parser: parser)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        text(String(decoding: CDATABlock, as: UTF8.self), parser: parser)
    }

    private func text(_ string: String, parser: XMLParser) {
        guard failure == nil, !stack.isEmpty else { return }
        let top = stack.count - 1
        if stack[top].kind.holdsText {
            stack[top].text += string
        } else if string.utf8.contains(where: { !isXMLWhitespace($0) }) {
            fail("unexpected text '\(Self.excerpt(string))' inside <\(stack[top].name)>", at: clampedParserLocation(parser))
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard failure == nil else { return }
        let code = (parseError as NSError).code
        let location = clampedParserLocation(parser)
        if code == libxml2DocumentEnd {
            if let open = stack.last {
                fail("unexpected end of file: <\(open.name)> opened at \(open.location) is not closed", at: location)
            } else if result != nil {
                fail("unexpected content after the end of the property list", at: location)
            } else {
                fail("malformed XML (\(Self.describeXMLError(code)))", at: location)
            }
            return
        }
        if code == libxml2TagNameMismatch, let open = stack.last {
            fail("malformed XML: closing tag does not match <\(open.name)> opened at \(open.location)", at: location)
            return
        }
        fail("malformed XML (\(Self.describeXMLError(code)))", at: location)
    }

    func parser(_ parser: XMLParser, validationErrorOccurred validationError: Error) {
        self.parser(parser, parseErrorOccurred: validationError)
    }

    // Second line of defence behind `PlistXMLPrologue`'s byte scan. On Linux these are not
    // called for entity declarations (swift-corelibs-foundation does not wire them up), which is
    // why the byte scan exists; on Darwin they are.
    func parser(_ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?) {
        fail(PlistXMLPrologue.entityMessage, at: clampedParserLocation(parser))
    }

    func parser(_ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?, systemID: String?) {
        fail(PlistXMLPrologue.entityMessage, at: clampedParserLocation(parser))
    }

    func parser(_ parser: XMLParser, foundUnparsedEntityDeclarationWithName name: String, publicID: String?,
                systemID: String?, notationName: String?) {
        fail(PlistXMLPrologue.entityMessage, at: clampedParserLocation(parser))
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        // Called for a reference to an entity that is not one of XML's five predefined ones.
        fail("undefined entity '&\(name);' (property lists may only use &lt; &gt; &amp; &apos; &quot; and character references)",
             at: clampedParserLocation(parser))
        return nil
    }

    // MARK: Messages

    /// A short piece of `text` for a message.
    static func excerpt(_ text: String) -> String {
        let trimmed = String(PlistScalars.trimmed(text))
        let single = trimmed.replacingOccurrences(of: "\n", with: " ")
        return single.count > 40 ? String(single.prefix(40)) + "…" : single
    }

    /// A short reason for one of libxml2's error codes (which `XMLParser.ErrorCode` mirrors;
    /// Foundation on Linux gives no message text with them).
    static func describeXMLError(_ code: Int) -> String {
        switch code {
        case 1: return "libxml2 internal error (such as elements nested more than 256 deep)"
        case 4: return "document is empty or not XML"
        case 5: return "unexpected end of the document or extra content after it"
        case 6, 7, 8: return "invalid character reference"
        case 9: return "invalid character"
        case 23: return "entity reference without its ';'"
        case 26, 27: return "undefined entity"
        case 33, 43: return "quote expected"
        case 34, 44: return "quoted string not terminated"
        case 38: return "'<' is not allowed in an attribute value"
        case 39, 40, 41: return "malformed attribute"
        case 42: return "attribute given twice"
        case 45: return "comment not terminated"
        case 46, 47: return "processing instruction not terminated"
        case 57: return "XML declaration not terminated"
        case 61: return "DOCTYPE not terminated"
        case 62: return "']]>' is not allowed in text"
        case 63: return "CDATA section not terminated"
        case 64: return "the XML declaration must be at the very start of the file"
        case 65: return "space required"
        case 68: return "name expected after '<'"
        case 73: return "'>' expected"
        case 75: return "'=' expected"
        case 76: return "opening and ending tag mismatch"
        case 77: return "tag not finished"
        case 80: return "'--' is not allowed inside a comment"
        case 85: return "elements are not balanced"
        case 86: return "extra content"
        case 95: return "XML declaration without a version"
        case 96, 107: return "unsupported XML version"
        default: return "libxml2 error \(code)"
        }
    }

    // libxml2's xmlParserErrors values, which is what the NSError codes from XMLParser are on
    // Linux. (`XMLParser.ErrorCode` does not line up with them: its prematureDocumentEndError
    // is 4 where libxml2's XML_ERR_DOCUMENT_END is 5.)
    private let libxml2DocumentEnd = 5
    private let libxml2TagNameMismatch = 76
}
