/// The user part (`user:password@`) of a written URL: found the way URL parsers find it (the
/// authority after `scheme://` runs to the first `/`, `?` or `#`; its user part ends at the
/// last `@` in it), so that a message can show the URL without the secret, whether or not the
/// rest of the URL parses.
public enum URLCredentials {
    /// What stands for a user part in messages.
    public static let mask = "***"

    /// True when `text` has a `scheme://` and a user part before its host.
    public static func present(in text: String) -> Bool { userRange(in: text) != nil }

    /// `text` with its user part, if any, replaced by ``mask`` (`https://***@host/path`).
    public static func masked(_ text: String) -> String {
        guard let range = userRange(in: text) else { return text }
        return String(text[..<range.lowerBound]) + mask + String(text[range.upperBound...])
    }

    /// The characters between `://` and the authority's last `@`.
    private static func userRange(in text: String) -> Range<String.Index>? {
        guard let separator = text.firstRange(of: "://") else { return nil }
        let rest: Substring = text[separator.upperBound...]
        let authorityEnd: String.Index = rest.firstIndex(where: { (character: Character) in "/?#".contains(character) }) ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@") else { return nil }
        return separator.upperBound..<at
    }
}
