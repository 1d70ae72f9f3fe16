/// Directive lines (`#if`, `#define` …) shared by the Swift and C-family lexers.
extension LexerCore {
    /// A directive line read at `#`: its name and the rest of the line (continuation lines
    /// joined, comments dropped), ending before the newline.
    struct DirectiveLine {
        let name: String
        let argument: String
        /// Offset of the `#`.
        let start: Int
        let line: Int
    }

    /// Reads the directive at `index` (which is at `#`) to the end of its line; with `continued`,
    /// a `\` before the newline joins the next line (C). Leaves `index` at the newline.
    mutating func readDirective(continued: Bool) -> DirectiveLine {
        let start = index
        let startLine = line
        index += 1
        while index < count, current == 0x20 || current == 0x09 { index += 1 }
        let nameStart = index
        while index < count, Self.isNameByte(current) { index += 1 }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        var argument: [UInt8] = []
        while index < count, current != 0x0A {
            if continued, current == UInt8(ascii: "\\"), next == 0x0A || (next == 0x0D && byte(at: index + 2) == 0x0A) {
                index += next == 0x0D ? 3 : 2
                line += 1
                argument.append(0x20)
                continue
            }
            if current == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                while index < count, current != 0x0A { index += 1 }
                break
            }
            if current == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                blockComment(nested: false)
                argument.append(0x20)
                continue
            }
            if argument.count < budget.conditionBytes + 1 { argument.append(current) }
            index += 1
        }
        return DirectiveLine(name: name, argument: String(decoding: argument, as: UTF8.self).trimmingBlanks(), start: start, line: startLine)
    }

    /// Skips lines while conditional compilation leaves them out: stops at the `#` of the next
    /// directive line that may change that, or at the end. Lines inside a nested `#if` of the
    /// skipped code are skipped whole, with their `#else`/`#endif`.
    mutating func skipInactiveLines(nested: inout Int, isDirective: (String) -> Bool) {
        while index < count {
            // At a line start: blanks, then `#`?
            var probe = index
            while probe < count, bytes[probe] == 0x20 || bytes[probe] == 0x09 { probe += 1 }
            if probe < count, bytes[probe] == UInt8(ascii: "#") {
                var nameEnd = probe + 1
                while nameEnd < count, bytes[nameEnd] == 0x20 || bytes[nameEnd] == 0x09 { nameEnd += 1 }
                let nameStart = nameEnd
                while nameEnd < count, Self.isNameByte(bytes[nameEnd]) { nameEnd += 1 }
                let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
                if isDirective(name) {
                    if name.hasPrefix("if") {
                        nested += 1
                    } else if nested > 0 {
                        if name == "endif" { nested -= 1 }
                    } else {
                        index = probe
                        return
                    }
                }
            }
            while index < count, current != 0x0A { index += 1 }
            if index < count {
                index += 1
                line += 1
            }
        }
    }
}

extension String {
    /// Without leading and trailing blanks.
    func trimmingBlanks() -> String {
        let bytes = Array(utf8)
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x0D { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
