/// What a string literal's text says about itself before any code is followed: a sentence with
/// a URL in it is text for people; markup with a URL in it is not an address either.
enum TextShape {
    /// Why the URL in `text` is not an address the code loads, or nil when the literal may be one.
    static func notAnAddress(_ text: [UInt8]) -> URLUse? {
        let string = String(decoding: text, as: UTF8.self)
        let words = string.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
        guard words.count >= 2 else { return nil }
        if string.contains("<"), string.contains(">"), words.contains(where: { $0.hasPrefix("<") }) {
            return .notSeen(hint: "inside markup in a string (where the markup goes was not followed)")
        }
        let prose = words.filter { word in
            !word.contains("://") && word.count >= 2 && word.allSatisfy { $0.isLetter || $0 == "," || $0 == "." || $0 == "'" || $0 == "’" || $0 == ":" }
        }
        return prose.isEmpty ? nil : .neverLoaded(why: "inside a sentence: text for people, not an address the code loads")
    }
}
