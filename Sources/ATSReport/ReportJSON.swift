import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one JSON configuration of every atscheck document: pretty-printed, sorted keys, slashes
/// unescaped, ISO 8601 dates. Documents encoded and decoded with it read back byte for byte.
public enum ReportJSON {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // As `.iso8601` writes them, without its ICU time-zone lookup at first use.
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(UTCTimestamp.format(date))
        }
        return encoder
    }

    /// The same, on one line: for JSON Lines output (`scan --format jsonl`).
    public static func lineEncoder() -> JSONEncoder {
        let encoder = encoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = UTCTimestamp.parse(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 instant: \(text)")
            }
            return date
        }
        return decoder
    }
}
