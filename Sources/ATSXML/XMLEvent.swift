/// One thing an `XMLSAXParser` found, in document order.
///
/// Names are given as written (`prefix:local`, with no namespace processing) and text is UTF-8
/// decoded, any invalid sequence replaced by U+FFFD.
package enum XMLEvent: Equatable, Sendable {
    /// A start tag or an empty-element tag (which is followed by its `endElement`). The
    /// attributes are keyed by their names as written; namespace declarations are among them
    /// (`xmlns`, `xmlns:p`), and attributes defaulted by the DTD's `<!ATTLIST>` too.
    case startElement(name: String, attributes: [String: String])
    /// An end tag, or the end of an empty-element tag.
    case endElement(name: String)
    /// Character data, with character references and the five predefined entities replaced.
    /// One run of text may arrive as several events.
    case characters(String)
    /// The content of a CDATA section, as written.
    case cdata([UInt8])
    /// A reference (`&name;`, in text or in an attribute value) to an entity that is not one
    /// of XML's five predefined ones. Unless the parse is aborted here, libxml2 goes on to
    /// report it as an error (26, undeclared entity) or a warning (27).
    case undefinedEntity(name: String)
    /// An entity declaration (`<!ENTITY`, parsed or unparsed) in the document type
    /// declaration. It is never recorded, so references to it are undefined entities.
    case entityDeclaration(name: String)
    /// An error or warning from libxml2: its `xmlParserErrors` code (`XML_ERR_TAG_NAME_MISMATCH`
    /// is 76, for instance). libxml2 recovers and goes on unless the parse is aborted.
    case error(code: Int)
    /// A comment's text, between `<!--` and `-->`; the parser's position is just past it.
    case comment(String)
}
