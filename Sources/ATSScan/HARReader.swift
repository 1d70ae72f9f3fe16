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
    /// Throws when the document is not JSON (a truncated one included: the message gives its
    /// length), or not an object whose `log.entries` is an array. A leading UTF-8 BOM is skipped.
    public static func read(_ data: Data, file: String) throws(HARReadError) -> ScanInput {
        let urls = try HARDocument.urls(in: data)
        var input = ScanInput()
        for (index, url) in urls.enumerated() {
            let origin = ScanOrigin(file: file, harEntry: index)
            switch url {
            case .success(let text): input.append(text, .harURL, ScanText.target(text, requireURL: true), origin: origin)
            case .failure(let error): input.append(problem: error, origin: origin)
            }
        }
        return input
    }
}
