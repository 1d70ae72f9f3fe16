/// Text from an input (a plist key, a file name, a bundle identifier, a link target, a pasted
/// log) made safe for a terminal and for a CI log before atscheck prints it: nothing in it can
/// move the cursor, retitle or clear a terminal, start a new line, or be read by a CI runner as
/// a workflow command.
public enum TerminalText {
    /// `text` with C0 and C1 control characters and DEL (newlines, ESC, BEL included) shown as
    /// `\xNN`, the bidirectional controls that reorder what follows as `\u{…}`, and `##[` (the
    /// GitHub runner's older command marker, read anywhere in a line) as `\x23#[`.
    public static func safe(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                out += "\\x" + hexByte(UInt8(scalar.value))
            } else if (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) || scalar.value == 0x200E || scalar.value == 0x200F {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        guard out.contains("##[") else { return out }
        return out.split(separator: "##[", omittingEmptySubsequences: false).joined(separator: "\\x23#[")
    }

    /// A message of several lines (atscheck's own line breaks kept) made safe line by line, as
    /// ``safe(_:)`` makes one line, and with no line a CI runner would read as a workflow
    /// command: the last guard of standard error, whose messages quote paths, arguments and
    /// input lines. A line break inside a quoted input still breaks the line, but the line it
    /// starts can neither hold a control character nor be a command.
    public static func safeLines(_ text: String) -> String {
        neutralisingWorkflowCommands(text.split(separator: "\n", omittingEmptySubsequences: false).map { safe(String($0)) }.joined(separator: "\n"))
    }

    /// `output` with every line that a CI runner would read as a workflow command
    /// (`::name …::…` after optional blanks: GitHub Actions' `::warning`, `::add-mask::`) made
    /// inert by showing its first colon as `\x3A`. atscheck's own text never starts a line so;
    /// a line that does began with a field from an input (a file name, a target name).
    public static func neutralisingWorkflowCommands(_ output: String) -> String {
        guard output.contains("::") else { return output }
        return output.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            let blanks = line.prefix { $0 == " " || $0 == "\t" }
            let rest = line.dropFirst(blanks.count)
            guard rest.hasPrefix("::"), rest.dropFirst(2).contains("::") else { return line }
            return blanks + "\\x3A" + rest.dropFirst()
        }.joined(separator: "\n")
    }

    /// The width text output is wrapped to when no terminal says otherwise.
    public static let lineWidth = 80

    /// `text` word-wrapped to `width` columns, each line ending in a newline: the first line
    /// starts with `firstPrefix`, the others with `restPrefix`. Words (split at spaces) are never
    /// broken, so a single word longer than a line (a URL) keeps its line to itself. The text is
    /// wrapped as given: make an input safe (``safe(_:)``) before wrapping it.
    public static func wrap(_ text: String, firstPrefix: String, restPrefix: String, width: Int = lineWidth) -> String {
        var lines: [String] = []
        var line = firstPrefix
        var lineHasWord = false
        for word in text.split(separator: " ") {
            if lineHasWord && line.count + 1 + word.count > width {
                lines.append(line)
                line = restPrefix + word
            } else {
                line += (lineHasWord ? " " : "") + word
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines.map { $0 + "\n" }.joined()
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
