/// Greedy word wrapping to a fixed column width.
enum TextWrapping {
    /// Wraps `text` into lines of at most `width` characters.
    ///
    /// Words are separated by any whitespace (runs collapse to one space). The
    /// first line starts with `firstPrefix`, later lines with `restPrefix`. A
    /// word longer than the space left on an empty line is broken across lines.
    /// Lines carry no trailing whitespace. Empty text yields the trimmed prefix alone.
    static func wrap(_ text: String, width: Int, firstPrefix: String, restPrefix: String) -> [String] {
        var lines: [String] = []
        var line = firstPrefix
        var lineHasWord = false
        for word in text.split(whereSeparator: \.isWhitespace) {
            var pending = Substring(word)
            while !pending.isEmpty {
                let room = width - line.count - (lineHasWord ? 1 : 0)
                if pending.count <= room {
                    line += (lineHasWord ? " " : "") + pending
                    lineHasWord = true
                    pending = ""
                } else if lineHasWord {
                    lines.append(line)
                    line = restPrefix
                    lineHasWord = false
                } else {
                    let take = max(room, 1)
                    line += pending.prefix(take)
                    pending = pending.dropFirst(take)
                    lines.append(line)
                    line = restPrefix
                }
            }
        }
        if lineHasWord || lines.isEmpty {
            lines.append(line)
        }
        return lines.map(trimmingTrailingWhitespace)
    }

    /// The string without trailing spaces or tabs.
    static func trimmingTrailingWhitespace(_ line: String) -> String {
        var result = Substring(line)
        while let last = result.last, last.isWhitespace {
            result = result.dropLast()
        }
        return String(result)
    }

    /// The given number of spaces.
    static func spaces(_ count: Int) -> String {
        String(repeating: " ", count: max(count, 0))
    }
}
