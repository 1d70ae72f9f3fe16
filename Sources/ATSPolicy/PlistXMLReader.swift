import ATSXML
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads XML property lists with `XMLSAXParser`'s events (libxml2's SAX interface, set up as
/// swift-corelibs-foundation's `XMLParser` sets it up on Linux), keeping the location of every
/// key and value.
///
/// What `XMLSAXParser.line`/`column` report (libxml2 2.9, as `XMLParser.lineNumber`/
/// `columnNumber` did): for a start element they are libxml2's current input position, which is
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
final class PlistXMLReader {
    private let limits: PlistReader.Limits
    let source: PlistSourceMap
    var cursor = PlistSourceMap.Cursor()
    /// Byte offset of the previous start tag's `<`; the next one is after it.
    var previousTagStart = -1
    /// Whether the parser's position for the last start tag was the end of the file.
    var reachedEndOfFile = false
    private var stack: [Frame] = []
    private var containerDepth = 0
    private var valueCount = 0
    private var result: PlistNode?
    private var failure: PlistReadError?
    /// The comments, in document order.
    private var comments: [PlistComment] = []
    let parser: XMLSAXParser

    private init(source: PlistSourceMap, limits: PlistReader.Limits, parser: XMLSAXParser) {
        self.source = source
        self.limits = limits
        self.parser = parser
    }

    /// Parses prepared UTF-8 bytes (see `PlistXMLPrologue.prepare`).
    static func read(_ bytes: [UInt8], limits: PlistReader.Limits) throws(PlistReadError) -> PlistNode {
        try readWithComments(bytes, limits: limits).root
    }

    /// Parses prepared UTF-8 bytes, keeping the comments too.
    static func readWithComments(_ bytes: [UInt8], limits: PlistReader.Limits) throws(PlistReadError) -> (root: PlistNode, comments: [PlistComment]) {
        let parser = XMLSAXParser(bytes)
        let reader = PlistXMLReader(source: PlistSourceMap(bytes: bytes), limits: limits, parser: parser)
        let succeeded = parser.parse(reader.handle)
        if let failure = reader.failure { throw failure }
        // Note: libxml2 parses in recover mode, so `parse` can return true after an error;
        // errors are caught through the events above.
        if !succeeded {
            let code = parser.errorCode ?? 0
            throw PlistReadError("malformed XML (\(describeXMLError(code)))",
                                 at: reader.clampedParserLocation())
        }
        if let open = reader.stack.last {
            // Fewer than 4 bytes are never handed to libxml2 at all; a parse can also end early.
            throw PlistReadError("unexpected end of file: <\(open.name)> opened at \(open.location) is not closed",
                                 at: reader.source.location(ofOffset: bytes.count))
        }
        guard let root = reader.result else {
            throw PlistReadError("not a property list (no <plist> element)", at: reader.source.location(ofOffset: bytes.count))
        }
        return (root, reader.comments)
    }

    // MARK: Failing

    private func fail(_ message: String, at location: SourceLocation?) {
        guard failure == nil else { return }
        failure = PlistReadError(message, at: location)
        parser.abort()
    }

    // MARK: Events

    private func handle(_ event: XMLEvent) {
        switch event {
        case .startElement(let name, _): startElement(name)
        case .endElement: endElement()
        case .characters(let string): text(string)
        case .cdata(let bytes): text(String(decoding: bytes, as: UTF8.self))
        case .comment(let text): comments.append(PlistComment(text: text, end: clampedParserLocation()))
        case .error(let code): error(code)
        case .entityDeclaration:
            // Second line of defence behind `PlistXMLPrologue`'s byte scan.
            fail(PlistXMLPrologue.entityMessage, at: clampedParserLocation())
        case .undefinedEntity(let name):
            fail("undefined entity '&\(name);' (property lists may only use &lt; &gt; &amp; &apos; &quot; and character references)",
                 at: clampedParserLocation())
        }
    }

    private func startElement(_ elementName: String) {
        guard failure == nil else { return }
        let location = location(forStartTag: elementName)
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

    private func endElement() {
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

    private func text(_ string: String) {
        guard failure == nil, !stack.isEmpty else { return }
        let top = stack.count - 1
        if stack[top].kind.holdsText {
            stack[top].text += string
        } else if string.utf8.contains(where: { !isXMLWhitespace($0) }) {
            fail("unexpected text '\(Self.excerpt(string))' inside <\(stack[top].name)>", at: clampedParserLocation())
        }
    }

    private func error(_ code: Int) {
        guard failure == nil else { return }
        let location = clampedParserLocation()
        if code == Self.libxml2DocumentEnd {
            if let open = stack.last {
                fail("unexpected end of file: <\(open.name)> opened at \(open.location) is not closed", at: location)
            } else if result != nil {
                fail("unexpected content after the end of the property list", at: location)
            } else {
                fail("malformed XML (\(Self.describeXMLError(code)))", at: location)
            }
            return
        }
        if code == Self.libxml2TagNameMismatch, let open = stack.last {
            fail("malformed XML: closing tag does not match <\(open.name)> opened at \(open.location)", at: location)
            return
        }
        fail("malformed XML (\(Self.describeXMLError(code)))", at: location)
    }
}
