#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The text of `PlistXMLReader`'s messages: excerpts of the file and libxml2's error codes.

extension PlistXMLReader {
    /// A short piece of `text` for a message.
    static func excerpt(_ text: String) -> String {
        var single = String.UnicodeScalarView()
        // Scalar by scalar, so that the LF of a CR LF pair becomes a space too.
        single.append(contentsOf: PlistScalars.trimmed(text).unicodeScalars.map { $0 == "\n" ? " " : $0 })
        let excerpt = String(single)
        return excerpt.count > 40 ? String(excerpt.prefix(40)) + "…" : excerpt
    }

    /// A short reason for one of libxml2's error codes (`XMLEvent.error`, `XMLSAXParser.errorCode`).
    static func describeXMLError(_ code: Int) -> String {
        switch code {
        case 1: return "libxml2 internal error (such as elements nested more than 256 deep)"
        case 4: return "document is empty or not XML"
        case 5: return "unexpected end of the document or extra content after it"
        case 6, 7, 8: return "invalid character reference"
        case 9: return "invalid character"
        case 23: return "entity reference without its ';'"
        case 26, 27: return "undefined entity"
        case 33, 43: return "quote expected"
        case 34, 44: return "quoted string not terminated"
        case 38: return "'<' is not allowed in an attribute value"
        case 39, 40, 41: return "malformed attribute"
        case 42: return "attribute given twice"
        case 45: return "comment not terminated"
        case 46, 47: return "processing instruction not terminated"
        case 57: return "XML declaration not terminated"
        case 61: return "DOCTYPE not terminated"
        case 62: return "']]>' is not allowed in text"
        case 63: return "CDATA section not terminated"
        case 64: return "the XML declaration must be at the very start of the file"
        case 65: return "space required"
        case 68: return "name expected after '<'"
        case 73: return "'>' expected"
        case 75: return "'=' expected"
        case 76: return "opening and ending tag mismatch"
        case 77: return "tag not finished"
        case 80: return "'--' is not allowed inside a comment"
        case 85: return "elements are not balanced"
        case 86: return "extra content"
        case 95: return "XML declaration without a version"
        case 96, 107: return "unsupported XML version"
        default: return "libxml2 error \(code)"
        }
    }

    // libxml2's xmlParserErrors values (XML_ERR_DOCUMENT_END, XML_ERR_TAG_NAME_MISMATCH).
    static let libxml2DocumentEnd = 5
    static let libxml2TagNameMismatch = 76
}
