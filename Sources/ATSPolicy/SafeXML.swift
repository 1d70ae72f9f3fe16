#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The guard every XML document atscheck reads passes through before libxml2 sees it (the
/// same as for XML property lists): UTF-16 transcoded to UTF-8, a strictly parsed XML
/// declaration naming UTF-8 or UTF-16 only, and no entity declarations. Other XML readers
/// (the Android network-security-config loader, Cordova's config.xml) call this first, then
/// parse the bytes with `ATSXML.XMLSAXParser`.
public enum SafeXML {
    /// The document as UTF-8 bytes ready for `XMLSAXParser`, or why it is refused.
    public static func prepare(_ data: Data) throws(PlistReadError) -> Data {
        var text = try PlistText.decode([UInt8](data))
        try PlistXMLPrologue.prepare(&text)
        return Data(text.bytes)
    }

    /// A short reason for one of libxml2's error codes (`XMLEvent.error`,
    /// `XMLSAXParser.errorCode`), which come with no message text.
    public static func describeError(_ code: Int) -> String {
        PlistXMLReader.describeXMLError(code)
    }
}
