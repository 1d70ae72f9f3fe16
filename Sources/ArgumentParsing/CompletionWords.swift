/// The words completion scripts are built from, checked to be safe to write unquoted into any
/// of the shells' scripts: a declaration whose words are not is a programmer error.
enum CompletionWords {
    /// Letters, digits and the punctuation option names and values use.
    private static let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,:/+@%")

    /// `words` separated by spaces; stops the program if one is not safe.
    static func list(_ words: [String]) -> String {
        for word in words {
            precondition(!word.isEmpty && word.allSatisfy(safe.contains),
                         "completion word '\(word)' has characters a completion script cannot hold unquoted")
        }
        return words.joined(separator: " ")
    }

    /// `name` as part of a shell function name: other characters become `_`.
    static func identifier(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// How `option` may be typed: `--name`, and `-x` when it has a short name.
    static func spellings(_ option: OptionSpec) -> [String] {
        [option.longSpelling] + (option.short.map { ["-\($0)"] } ?? [])
    }

    /// The first sentence of `help`, for the one-line descriptions zsh and fish show.
    static func summary(_ help: String) -> String {
        let firstLine = help.split(separator: "\n").first.map(String.init) ?? ""
        var searched = firstLine[...]
        while let end = searched.firstRange(of: ". ") {
            let sentence = firstLine[..<end.lowerBound]
            // "e.g. x" and "i.e. x" do not end a sentence.
            if !sentence.hasSuffix("e.g"), !sentence.hasSuffix("i.e") { return String(sentence) + "." }
            searched = searched[end.upperBound...]
        }
        return firstLine
    }
}
