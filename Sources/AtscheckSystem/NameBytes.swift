/// File names as the file system keeps them, bytes that need not be UTF-8, shown as text
/// without losing any: a name that is UTF-8 is shown as itself, each byte that is not part of
/// valid UTF-8 as `\xNN`, and a backslash as `\\`. Two different names never show the same,
/// and ``bytes(fromDisplay:)`` turns a shown name back into its bytes.
package enum NameBytes {
    /// `name` as text: UTF-8 kept, `\` doubled, any other byte as `\xNN` (uppercase digits).
    package static func display(_ name: [UInt8]) -> String {
        // Fast path: plain ASCII without a backslash, the names of almost every file.
        let plain = name.withUnsafeBufferPointer { bytes in
            !bytes.contains { $0 >= 0x80 || $0 == UInt8(ascii: "\\") }
        }
        if plain { return String(decoding: name, as: UTF8.self) }
        var out = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = name.makeIterator()
        // The bytes of an invalid sequence are not handed back by the parser: keep a copy.
        var position = name.startIndex
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if scalar == "\\" { out.append("\\") }
                out.append(scalar)
                position = name.index(position, offsetBy: encoded.count)
            case .error(let length):
                for _ in 0..<length {
                    out.append(contentsOf: "\\x".unicodeScalars)
                    out.append(contentsOf: NumberText.hexByte(name[position], uppercase: true).unicodeScalars)
                    position = name.index(after: position)
                }
            case .emptyInput:
                return String(out)
            }
        }
    }

    /// Whether name `a` comes before name `b` in byte order (`strcmp`'s order).
    package static func precedes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for index in 0..<Swift.min(a.count, b.count) where a[index] != b[index] {
                    return a[index] < b[index]
                }
                return a.count < b.count
            }
        }
    }

    /// The bytes of a name shown by ``display(_:)``; nil when `text` is not such a showing
    /// (a lone backslash, `\x` without two hexadecimal digits).
    package static func bytes(fromDisplay text: some StringProtocol) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                continue
            }
            switch iterator.next() {
            case UInt8(ascii: "\\"):
                bytes.append(byte)
            case UInt8(ascii: "x"):
                guard let high = iterator.next().flatMap(NumberText.hexDigitValue),
                      let low = iterator.next().flatMap(NumberText.hexDigitValue) else { return nil }
                bytes.append(high << 4 | low)
            default:
                return nil
            }
        }
        return bytes
    }
}
