/// An HTML page (or a Vue component's template) as elements with their attributes, text, and
/// the code and styles it embeds: what a web view loads (`<script src>`, `<img src>`, `<a
/// href target>`) is in the attributes, what it shows is text. Entities in attribute values
/// and text are decoded. Not a full HTML parser: it does not build a tree, which nothing here
/// needs.
public struct MarkupDocument: Sendable {
    /// One attribute of an element.
    public struct Attribute: Sendable {
        /// The name, lowercased.
        public let name: String
        /// The value, entities decoded (empty for a bare attribute).
        public let value: [UInt8]
        /// 1-based line of the value.
        public let line: Int
    }

    /// An opening tag.
    public struct Element: Sendable {
        /// The tag name, lowercased.
        public let name: String
        /// Its attributes, in order.
        public let attributes: [Attribute]
        /// Byte offset of its `<`.
        public let offset: Int
        /// 1-based line of its `<`.
        public let line: Int

        /// The value of the attribute `name` (lowercase), if present.
        public func value(_ name: String) -> [UInt8]? {
            attributes.first { $0.name == name }?.value
        }
    }

    /// Text between tags, or code inside `<script>` / CSS inside `<style>`.
    public struct Stretch: Sendable {
        /// Its bytes in the page (entities not decoded for code).
        public let range: Range<Int>
        /// 1-based line of its first byte.
        public let line: Int
        /// For code: the `<script>` element's attributes (its `type`).
        public let element: Element?
    }

    /// Opening tags in order.
    public internal(set) var elements: [Element] = []
    /// Text between tags.
    public internal(set) var texts: [Stretch] = []
    /// `<script>` bodies.
    public internal(set) var scripts: [Stretch] = []
    /// `<style>` bodies.
    public internal(set) var styles: [Stretch] = []
    /// `<!-- -->` comments.
    public internal(set) var comments: [Range<Int>] = []
    /// Why the scan stopped early, when it did.
    public internal(set) var stoppedAt: (offset: Int, reason: String)?
}

/// Scans markup into a ``MarkupDocument``.
public enum MarkupScanner {
    /// Most elements read from one page.
    public static let maximumElements = 500_000
    /// Most attributes read from one element.
    public static let maximumAttributes = 1_000

    /// The elements, text, scripts and styles of `bytes`.
    public static func scan(_ bytes: [UInt8]) -> MarkupDocument {
        var scanner = Scanner(bytes: bytes)
        scanner.run()
        return scanner.document
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#NN;`, `&#xHH;` decoded; other entities kept.
    public static func decodeEntities(_ bytes: some Collection<UInt8>) -> [UInt8] {
        let input = Array(bytes)
        guard input.contains(UInt8(ascii: "&")) else { return input }
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            guard input[index] == UInt8(ascii: "&"), let semicolon = input[index..<min(input.count, index + 12)].firstIndex(of: UInt8(ascii: ";")) else {
                out.append(input[index])
                index += 1
                continue
            }
            let name = String(decoding: input[(index + 1)..<semicolon], as: UTF8.self)
            let named: [String: UInt8] = ["amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27]
            if let byte = named[name] {
                out.append(byte)
            } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let value = UInt32(name.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(value) {
                out += Array(String(Character(scalar)).utf8)
            } else if name.hasPrefix("#"), let value = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(value) {
                out += Array(String(Character(scalar)).utf8)
            } else {
                out += input[index...semicolon]
            }
            index = semicolon + 1
        }
        return out
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var document = MarkupDocument()

        init(bytes: [UInt8]) { self.bytes = bytes }

        func at(_ text: String, caseInsensitive: Bool = false) -> Bool {
            let pattern = Array(text.utf8)
            guard index + pattern.count <= bytes.count else { return false }
            for (offset, byte) in pattern.enumerated() {
                let actual = bytes[index + offset]
                if caseInsensitive ? (actual | 0x20) != (byte | 0x20) : actual != byte { return false }
            }
            return true
        }

        mutating func advance() {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }

        /// Moves past the first `terminator` (consumed), counting lines.
        mutating func skip(past terminator: String, caseInsensitive: Bool = false) {
            while index < bytes.count, !at(terminator, caseInsensitive: caseInsensitive) { advance() }
            index = min(bytes.count, index + terminator.utf8.count)
        }

        mutating func run() {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "<") {
                    tag()
                } else {
                    text()
                }
                if document.elements.count > MarkupScanner.maximumElements, document.stoppedAt == nil {
                    document.stoppedAt = (index, "more than \(MarkupScanner.maximumElements) elements")
                    return
                }
            }
        }

        mutating func text() {
            let start = index
            let startLine = line
            var blank = true
            while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
                if bytes[index] > 0x20 { blank = false }
                advance()
            }
            if !blank { document.texts.append(MarkupDocument.Stretch(range: start..<index, line: startLine, element: nil)) }
        }

        mutating func tag() {
            if at("<!--") {
                let start = index
                skip(past: "-->")
                document.comments.append(start..<index)
                return
            }
            if at("<![CDATA[") {
                skip(past: "]]>")
                return
            }
            if at("<!") || at("<?") || at("</") {
                skip(past: ">")
                return
            }
            guard index + 1 < bytes.count, LexerCoreNames.isTagStart(bytes[index + 1]) else {
                advance()
                return
            }
            let offset = index
            let startLine = line
            index += 1
            let nameStart = index
            while index < bytes.count, LexerCoreNames.isTagByte(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            var attributes: [MarkupDocument.Attribute] = []
            var selfClosing = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") {
                    index += 2
                    selfClosing = true
                    break
                }
                if byte <= 0x20 || byte == UInt8(ascii: "/") {
                    advance()
                    continue
                }
                if let attribute = self.attribute(), attributes.count < MarkupScanner.maximumAttributes { attributes.append(attribute) }
            }
            let element = MarkupDocument.Element(name: name, attributes: attributes, offset: offset, line: startLine)
            document.elements.append(element)
            guard !selfClosing, name == "script" || name == "style" else { return }
            let start = index
            let bodyLine = line
            while index < bytes.count, !at("</\(name)", caseInsensitive: true) { advance() }
            let body = MarkupDocument.Stretch(range: start..<index, line: bodyLine, element: element)
            if name == "script" { document.scripts.append(body) } else { document.styles.append(body) }
            skip(past: ">")
        }

        mutating func attribute() -> MarkupDocument.Attribute? {
            let nameStart = index
            while index < bytes.count, bytes[index] > 0x20, bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ">"),
                  !(bytes[index] == UInt8(ascii: "/") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ">")) {
                index += 1
            }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            if index == nameStart {
                advance()
                return nil
            }
            var probe = index
            while probe < bytes.count, bytes[probe] == 0x20 || bytes[probe] == 0x09 || bytes[probe] == 0x0A || bytes[probe] == 0x0D { probe += 1 }
            guard probe < bytes.count, bytes[probe] == UInt8(ascii: "=") else {
                return MarkupDocument.Attribute(name: name, value: [], line: line)
            }
            while index <= probe { advance() }
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D { advance() }
            guard index < bytes.count else { return MarkupDocument.Attribute(name: name, value: [], line: line) }
            let valueLine = line
            let quote = bytes[index]
            let valueStart: Int
            let valueEnd: Int
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                index += 1
                valueStart = index
                while index < bytes.count, bytes[index] != quote { advance() }
                valueEnd = index
                if index < bytes.count { index += 1 }
            } else {
                valueStart = index
                while index < bytes.count, bytes[index] > 0x20, bytes[index] != UInt8(ascii: ">") { index += 1 }
                valueEnd = index
            }
            return MarkupDocument.Attribute(name: name, value: MarkupScanner.decodeEntities(bytes[valueStart..<valueEnd]), line: valueLine)
        }
    }
}

/// Tag-name bytes.
enum LexerCoreNames {
    static func isTagStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    static func isTagByte(_ byte: UInt8) -> Bool {
        isTagStart(byte) || LexerCore.isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "_")
    }
}
