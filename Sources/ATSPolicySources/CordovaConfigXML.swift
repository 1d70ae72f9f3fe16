import ATSPolicy
import ATSXML
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The parts of a config.xml that cordova-ios's prepare reads for the Info.plist, collected in
/// one pass of `XMLSAXParser` over bytes that `SafeXML.prepare` has passed.
///
/// Like cordova-common's ConfigParser (elementtree `findall('./access')` and
/// `findall('./platform[@name="ios"]/edit-config')`), only children of the root element and of
/// a root-level `<platform name="ios">` count; element names are compared as written, with no
/// namespace processing.
final class CordovaConfigXML {
    /// An `<access>` or `<allow-navigation>` element.
    struct Rule: Equatable {
        var name: String
        var attributes: [String: String]
        /// Its text, trimmed (elementtree compares it when it merges duplicates).
        var text: String
        var line: Int
        /// Where the start tag's `<` is (`line` is where the parser reports the tag: its `>`).
        var start: SourceLocation
        /// Inside `<platform name="ios">`.
        var inPlatform: Bool
    }

    /// An `<edit-config>` or `<config-file>` element and its child elements, each serialized.
    struct Change {
        var name: String
        var attributes: [String: String]
        var line: Int
        /// Where the start tag's `<` is.
        var start: SourceLocation
        var inPlatform: Bool
        var children: [(xml: String, line: Int)] = []
    }

    private(set) var rules: [Rule] = []
    private(set) var changes: [Change] = []
    private(set) var failure: PlistReadError?
    private(set) var sawRoot = false
    /// The root element's name and its `id` attribute (`<widget id="com.example.app">`).
    private(set) var rootName: String?
    private(set) var rootID: String?
    /// Where the root element's start tag is.
    private(set) var rootLocation: SourceLocation?

    /// Open elements, outermost first.
    private var stack: [String] = []
    /// Depth (stack count) of the root-level `<platform name="ios">` being read, if any.
    private var platformDepth: Int?
    /// The rule whose text is being collected.
    private var openRule: Rule?
    /// The change being collected, its depth, and the serialization of its current child.
    private var openChange: Change?
    private var changeDepth = 0
    private var childXML = ""
    private var childLine = 0

    private let parser: XMLSAXParser
    /// The document, to find the `<` of a start tag the parser reports the end of.
    private let bytes: [UInt8]

    private init(parser: XMLSAXParser, bytes: [UInt8]) {
        self.parser = parser
        self.bytes = bytes
    }

    /// Parses prepared bytes; throws on malformed or refused XML.
    static func collect(_ data: Data) throws(PlistReadError) -> CordovaConfigXML {
        let bytes = [UInt8](data)
        let parser = XMLSAXParser(bytes)
        let collector = CordovaConfigXML(parser: parser, bytes: bytes)
        let succeeded = parser.parse(collector.handle)
        if let failure = collector.failure { throw failure }
        // libxml2 parses in recover mode: errors are caught through the events, and these
        // checks catch what it lets through.
        if !succeeded {
            let code = parser.errorCode ?? 0
            throw PlistReadError("malformed XML (\(SafeXML.describeError(code)))", at: location(parser))
        }
        if let open = collector.stack.last {
            throw PlistReadError("malformed XML: the document ends inside <\(open)>", at: location(parser))
        }
        guard collector.sawRoot else { throw PlistReadError("malformed XML: no root element") }
        return collector
    }

    private static func location(_ parser: XMLSAXParser) -> SourceLocation {
        SourceLocation(line: max(1, parser.line), column: max(1, parser.column))
    }

    private func fail(_ message: String) {
        guard failure == nil else { return }
        failure = PlistReadError(message, at: Self.location(parser))
        parser.abort()
    }

    private func handle(_ event: XMLEvent) {
        switch event {
        case .startElement(let name, let attributes): startElement(name, attributes: attributes)
        case .endElement(let name): endElement(name)
        case .characters(let string): text(string)
        case .cdata(let bytes): text(String(decoding: bytes, as: UTF8.self))
        case .comment: break
        case .error(let code): fail("malformed XML (\(SafeXML.describeError(code)))")
        // Behind SafeXML's byte scan, which refuses `<!ENTITY` before the parser runs.
        case .entityDeclaration: fail("entity declarations are not allowed in config.xml")
        case .undefinedEntity(let name):
            fail("undefined entity '&\(name);' (only &lt; &gt; &amp; &apos; &quot; and character references)")
        }
    }

    // MARK: Elements

    private func startElement(_ name: String, attributes: [String: String]) {
        guard failure == nil else { return }
        let line = max(1, parser.line)
        if stack.isEmpty {
            sawRoot = true
            rootName = name
            rootID = attributes["id"]
            rootLocation = startTag(name, reportedLine: line)
        }
        stack.append(name)
        let depth = stack.count

        if openChange != nil {
            if depth == changeDepth + 1 {
                childXML = ""
                childLine = line
            }
            childXML += "<" + name
            for key in attributes.keys.sorted() {
                childXML += " \(key)=\"\(Self.escape(attributes[key]!, attribute: true))\""
            }
            childXML += ">"
            return
        }

        let inPlatform = platformDepth != nil && depth == platformDepth! + 1
        guard depth == 2 || inPlatform else { return }
        switch name {
        case "platform" where depth == 2:
            if attributes["name"] == "ios" { platformDepth = depth }
        case "access", "allow-navigation":
            openRule = Rule(name: name, attributes: attributes, text: "", line: line, start: startTag(name, reportedLine: line),
                            inPlatform: inPlatform)
        case "edit-config", "config-file":
            openChange = Change(name: name, attributes: attributes, line: line, start: startTag(name, reportedLine: line),
                                inPlatform: inPlatform)
            changeDepth = depth
        default:
            break
        }
    }

    private func endElement(_ name: String) {
        guard failure == nil else { return }
        let depth = stack.count
        stack.removeLast()
        if var change = openChange {
            if depth == changeDepth {
                changes.append(change)
                openChange = nil
            } else {
                childXML += "</\(name)>"
                if depth == changeDepth + 1 {
                    change.children.append((childXML, childLine))
                    openChange = change
                    childXML = ""
                }
            }
            return
        }
        if var rule = openRule, depth == (rule.inPlatform ? platformDepth! + 1 : 2) {
            rule.text = SafeXML.trimmed(rule.text)
            rules.append(rule)
            openRule = nil
        }
        if depth == platformDepth { platformDepth = nil }
    }

    private func text(_ string: String) {
        guard failure == nil else { return }
        if openChange != nil {
            if stack.count > changeDepth { childXML += Self.escape(string, attribute: false) }
        } else if openRule != nil {
            openRule!.text += string
        }
    }

    /// The `<` of the start tag `name` that the parser has just reported on `reportedLine`
    /// (libxml2 reports where the tag ends): searched backwards from that point, a few lines at
    /// most; the reported line and column 1 when it is not found.
    private func startTag(_ name: String, reportedLine: Int) -> SourceLocation {
        let pattern = Array("<\(name)".utf8)
        var lineStarts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            if lineStarts.count >= reportedLine { break }
            lineStarts.append(offset + 1)
        }
        guard lineStarts.count == reportedLine else { return SourceLocation(line: reportedLine, column: 1) }
        // The reported column, in characters, as a byte offset on its line.
        var end = lineStarts[reportedLine - 1]
        var characters = 1
        while end < bytes.count, bytes[end] != 0x0A, characters < max(1, parser.column) {
            end += 1
            if end < bytes.count, bytes[end] & 0xC0 != 0x80 { characters += 1 }
        }
        var index = min(end, bytes.count - pattern.count)
        let floor = lineStarts[max(0, reportedLine - 9)]
        while index >= floor {
            if bytes[index] == UInt8(ascii: "<"), Array(bytes[index..<index + pattern.count]) == pattern {
                let line = lineStarts.lastIndex { $0 <= index }! + 1
                let column = bytes[lineStarts[line - 1]..<index].filter { $0 & 0xC0 != 0x80 }.count + 1
                return SourceLocation(line: line, column: column)
            }
            index -= 1
        }
        return SourceLocation(line: reportedLine, column: 1)
    }

    private static func escape(_ text: String, attribute: Bool) -> String {
        var output = ""
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where attribute: output += "&quot;"
            default: output.append(character)
            }
        }
        return output
    }
}
