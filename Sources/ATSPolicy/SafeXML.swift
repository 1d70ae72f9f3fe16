import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The checks every XML document atscheck parses goes through before libxml2 sees it (the
/// same as for XML property lists): UTF-16 transcoded to UTF-8, a strictly parsed XML
/// declaration naming UTF-8 or UTF-16 only, and no entity declarations. Other XML readers
/// (the Android network-security-config loader) call this first.
public enum SafeXML {
    /// The document as UTF-8 bytes ready for `XMLParser`, or why it is refused.
    public static func prepare(_ data: Data) throws(PlistReadError) -> Data {
        var text = try PlistText.decode([UInt8](data))
        try PlistXMLPrologue.prepare(&text)
        return Data(text.bytes)
    }

    /// An `XMLParser` over prepared bytes that resolves no external entity and reports no
    /// namespaces: the one way atscheck's XML readers set libxml2 up.
    public static func parser(_ prepared: Data) -> XMLParser {
        let parser = XMLParser(data: prepared)
        parser.shouldResolveExternalEntities = false
        parser.externalEntityResolvingPolicy = .never
        parser.shouldProcessNamespaces = false
        parser.shouldReportNamespacePrefixes = false
        return parser
    }

    /// A short reason for one of libxml2's error codes (which `XMLParser.ErrorCode` mirrors;
    /// Foundation on Linux gives no message text with them).
    public static func describeError(_ code: Int) -> String {
        PlistXMLReader.describeXMLError(code)
    }
}
