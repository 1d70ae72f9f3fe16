import ATSCheck
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a HAR document could not be read at all: one line, suitable after "FILE: ".
public struct HARReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reason (`not JSON: …`, `not a HAR document: …`).
    public let description: String

    /// An error with this message.
    public init(description: String) {
        self.description = description
    }
}

/// Reads the request URLs of a HAR capture.
public enum HARReader {
    /// HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): every
    /// `log.entries[].request.url`, in order, duplicates kept. A URL that ATS does not cover
    /// (`data:`, `blob:`, `about:`, …), one that does not parse, an entry without a request or
    /// whose `url` is not a string is a problem with its entry index. `ws://` and `wss://` are
    /// kept and judged as `http` and `https` (ATS covers WebSockets as it covers HTTP).
    ///
    /// Throws when the document is not JSON (including a truncated one: the message is
    /// JSONSerialization's), or not an object whose `log.entries` is an array. A leading UTF-8
    /// BOM is skipped.
    public static func read(_ data: Data, file: String) throws(HARReadError) -> ScanInput {
        let entries = try HARDocument.entries(in: data)
        var input = ScanInput()
        for (index, entry) in entries.enumerated() {
            input.append(url(of: entry), origin: ScanOrigin(file: file, harEntry: index))
        }
        return input
    }

    /// The target of one entry, or why there is none.
    static func url(of entry: Any) -> Result<CheckTarget, ScanTextError> {
        guard let object = entry as? [String: Any] else {
            return .failure(ScanTextError(message: "the entry is \(HARDocument.kind(of: entry)), not an object"))
        }
        guard let request = object["request"] else { return .failure(ScanTextError(message: "the entry has no request")) }
        guard let fields = request as? [String: Any] else {
            return .failure(ScanTextError(message: "request is \(HARDocument.kind(of: request)), not an object"))
        }
        guard let url = fields["url"] else { return .failure(ScanTextError(message: "the request has no url")) }
        guard let text = url as? String else {
            return .failure(ScanTextError(message: "request.url is \(HARDocument.kind(of: url)), not a string"))
        }
        return ScanText.target(text, requireURL: true)
    }
}
