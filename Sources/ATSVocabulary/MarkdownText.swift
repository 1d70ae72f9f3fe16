/// Text from an input made safe for a Markdown document (a CI job summary, a pull-request
/// comment): safe for a terminal first (``TerminalText/safe(_:)``), then every character
/// Markdown or the HTML inside it would read as markup backslash-escaped, so a plist key can
/// neither break a table nor inject a link, an image or a tag.
public enum MarkdownText {
    /// The characters escaped.
    static let markup: Set<Character> = ["|", "`", "<", ">", "*", "_", "[", "]", "\\"]

    /// `text`, inert in Markdown.
    public static func safe(_ text: String) -> String {
        String(TerminalText.safe(text).flatMap { markup.contains($0) ? "\\\($0)" : "\($0)" })
    }
}
