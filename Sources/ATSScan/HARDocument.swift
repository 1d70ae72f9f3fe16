import ATSJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON layer of a HAR file: `JSONDecoder` reading `log.entries[].request.url` and nothing
/// else (response bodies and the rest are scanned, never turned into values).
enum HARDocument {
    /// Each of `log.entries`, in order: its `request.url`, or why it has none.
    static func urls(in data: Data) throws(HARReadError) -> [Result<String, ScanTextError>] {
        let json = data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data
        if json.isEmpty { throw HARReadError(description: "not JSON: the file is empty") }
        do {
            return try JSONDecoder().decode(HARLog.self, from: json).urls
        } catch let error as HARReadError {
            throw error
        } catch {
            throw HARReadError(description: "not JSON: \(message(for: JSONSyntaxHint(json), length: json.count))")
        }
    }

    /// What can be told of the fault (`JSONSyntaxHint`: `JSONDecoder` gives no reason or place).
    /// A document that does not end by closing its outermost object is most likely a HAR cut off
    /// while it was written or copied, so its length is added.
    static func message(for hint: JSONSyntaxHint, length: Int) -> String {
        if case .notClosedAtEnd = hint {
            return "\(hint) (the document stops after \(length) bytes: truncated?)"
        }
        return hint.description
    }
}

/// A HAR document's `log.entries`; any other shape throws a `HARReadError`.
private struct HARLog: Decodable {
    let urls: [Result<String, ScanTextError>]

    init(from decoder: any Decoder) throws {
        func notHAR(_ reason: String) -> HARReadError { HARReadError(description: "not a HAR document: \(reason)") }
        guard let root = try HARShape.object(decoder) else {
            throw notHAR("the top level is \(HARShape.phrase(try JSONKind(from: decoder))), not an object")
        }
        let logKey = AnyCodingKey("log"), entriesKey = AnyCodingKey("entries")
        guard root.contains(logKey) else { throw notHAR("no \"log\" at the top level") }
        guard let log = try HARShape.object(in: root, logKey) else {
            throw notHAR("log is \(try HARShape.kind(in: root, logKey)), not an object")
        }
        guard log.contains(entriesKey) else { throw notHAR("no log.entries") }
        guard var entries = try HARShape.array(in: log, entriesKey) else {
            throw notHAR("log.entries is \(try HARShape.kind(in: log, entriesKey)), not an array")
        }
        var urls: [Result<String, ScanTextError>] = []
        while !entries.isAtEnd {
            urls.append(try entries.decode(HAREntry.self).url)
        }
        self.urls = urls
    }
}

/// One of `log.entries`: its `request.url`, or why it has none.
private struct HAREntry: Decodable {
    let url: Result<String, ScanTextError>

    init(from decoder: any Decoder) throws {
        url = try Self.url(decoder)
    }

    private static func url(_ decoder: any Decoder) throws -> Result<String, ScanTextError> {
        func problem(_ message: String) -> Result<String, ScanTextError> { .failure(ScanTextError(message: message)) }
        guard let entry = try HARShape.object(decoder) else {
            return problem("the entry is \(HARShape.phrase(try JSONKind(from: decoder))), not an object")
        }
        let requestKey = AnyCodingKey("request"), urlKey = AnyCodingKey("url")
        guard entry.contains(requestKey) else { return problem("the entry has no request") }
        guard let request = try HARShape.object(in: entry, requestKey) else {
            return problem("request is \(try HARShape.kind(in: entry, requestKey)), not an object")
        }
        guard request.contains(urlKey) else { return problem("the request has no url") }
        let kind = try request.decode(JSONKind.self, forKey: urlKey)
        guard kind == .string else { return problem("request.url is \(HARShape.phrase(kind)), not a string") }
        do {
            return .success(try request.decode(String.self, forKey: urlKey))
        } catch {
            // JSONDecoder checks a string only when it is read.
            return problem("request.url is not a valid JSON string (an invalid escape, an unescaped control character or bytes that are not UTF-8)")
        }
    }
}

/// Containers of a HAR document that may be of another kind.
private enum HARShape {
    typealias Object = KeyedDecodingContainer<AnyCodingKey>

    /// The value as an object, or nil when it is another kind (null included).
    static func object(_ decoder: any Decoder) throws -> Object? {
        do {
            return try decoder.container(keyedBy: AnyCodingKey.self)
        } catch DecodingError.typeMismatch {
            return nil
        } catch DecodingError.valueNotFound {
            return nil
        }
    }

    static func object(in parent: Object, _ key: AnyCodingKey) throws -> Object? {
        do {
            return try parent.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)
        } catch DecodingError.typeMismatch {
            return nil
        } catch DecodingError.valueNotFound {
            return nil
        }
    }

    static func array(in parent: Object, _ key: AnyCodingKey) throws -> (any UnkeyedDecodingContainer)? {
        do {
            return try parent.nestedUnkeyedContainer(forKey: key)
        } catch DecodingError.typeMismatch {
            return nil
        } catch DecodingError.valueNotFound {
            return nil
        }
    }

    static func kind(in parent: Object, _ key: AnyCodingKey) throws -> String {
        phrase(try parent.decode(JSONKind.self, forKey: key))
    }

    /// The kind for messages. Numbers and Booleans share one phrase, as they did when
    /// JSONSerialization gave NSNumber for both.
    static func phrase(_ kind: JSONKind) -> String {
        switch kind {
        case .null: return "null"
        case .bool, .number: return "a number or boolean"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
