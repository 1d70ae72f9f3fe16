/// The words of a list build setting (GCC_PREPROCESSOR_DEFINITIONS, OTHER_LDFLAGS...) as Xcode's
/// build system splits one: at runs of spaces and tabs outside quotes; `"` and `'` group what
/// they enclose and are removed; a backslash keeps the character after it as it is (`\"` is a
/// quote inside a word, `\ ` a space).
enum XcodeSettingWords {
    /// The words of `text`.
    static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var started = false
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            switch character {
            case "\\":
                escaped = true
                started = true
            case "\"", "'":
                if quote == nil {
                    quote = character
                } else if quote == character {
                    quote = nil
                } else {
                    current.append(character)
                }
                started = true
            case " " where quote == nil, "\t" where quote == nil:
                if started { words.append(current) }
                current = ""
                started = false
            default:
                current.append(character)
                started = true
            }
        }
        if escaped { current.append("\\") }
        if started { words.append(current) }
        return words
    }

    /// The words of a list setting's value with the `$(inherited)` left in an unexpanded value
    /// dropped.
    static func list(_ text: String) -> [String] {
        split(text).filter { $0 != "$(inherited)" && $0 != "${inherited}" }
    }
}
