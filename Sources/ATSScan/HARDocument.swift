import Foundation

/// The JSON layer of a HAR file: JSONSerialization, then the `log.entries` array.
enum HARDocument {
    /// `log.entries` of the document, each as JSONSerialization gave it.
    static func entries(in data: Data) throws(HARReadError) -> [Any] {
        let json = data.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(data.dropFirst(3)) : data
        if json.isEmpty { throw HARReadError(description: "not JSON: the file is empty") }
        let document: Any
        do {
            document = try JSONSerialization.jsonObject(with: json, options: [])
        } catch {
            throw HARReadError(description: "not JSON: \(message(of: error, length: json.count))")
        }
        guard let root = document as? [String: Any] else {
            throw HARReadError(description: "not a HAR document: the top level is \(kind(of: document)), not an object")
        }
        guard let log = root["log"] else { throw HARReadError(description: "not a HAR document: no \"log\" at the top level") }
        guard let logObject = log as? [String: Any] else {
            throw HARReadError(description: "not a HAR document: log is \(kind(of: log)), not an object")
        }
        guard let entries = logObject["entries"] else { throw HARReadError(description: "not a HAR document: no log.entries") }
        guard let array = entries as? [Any] else {
            throw HARReadError(description: "not a HAR document: log.entries is \(kind(of: entries)), not an array")
        }
        return array
    }

    /// JSONSerialization's own text for the error, one line. It names the place ("Invalid value
    /// around character 21."), except at the end of the input, where the length is added: a
    /// HAR that ends early was most likely cut off while being written or copied.
    static func message(of error: Error, length: Int) -> String {
        let nsError = error as NSError
        var text = (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
        text = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        if text.lowercased().contains("end of file") || text.lowercased().contains("unexpected end") {
            text += " (the document stops after \(length) bytes: truncated?)"
        }
        return text
    }

    /// What a JSON value is, for messages: "a string", "a number or boolean", "null", ….
    /// (On Linux, JSONSerialization gives NSNumber for both numbers and booleans, and
    /// NSNull for null; neither bridges to String.)
    static func kind(of value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case is String: return "a string"
        case is [String: Any]: return "an object"
        case is [Any]: return "an array"
        case is NSNumber: return "a number or boolean"
        default: return "\(type(of: value))"
        }
    }
}
