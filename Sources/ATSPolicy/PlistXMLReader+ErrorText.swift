import Foundation

// The text of `PlistXMLReader`'s messages: excerpts of the file and libxml2's error codes.

extension PlistXMLReader {
    /// A short piece of `text` for a message.
    static func excerpt(_ text: String) -> String {
        let trimmed = String(PlistScalars.trimmed(text))
        let single = trimmed.replacingOccurrences(of: "\n", with: " ")
        return single.count > 40 ? String(single.prefix(40)) + "…" : single
    }

    /// A short reason for one of libxml2's error codes (which `XMLParser.ErrorCode` mirrors;
    /// Foundation on Linux gives no message text with them).
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

    // libxml2's xmlParserErrors values, which is what the NSError codes from XMLParser are on
    // Linux. (`XMLParser.ErrorCode` does not line up with them: its prematureDocumentEndError
    // is 4 where libxml2's XML_ERR_DOCUMENT_END is 5.)
    static let libxml2DocumentEnd = 5
    static let libxml2TagNameMismatch = 76
}
