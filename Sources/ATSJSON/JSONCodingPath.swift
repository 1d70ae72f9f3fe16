/// Any string key, for reading JSON objects whose names are not known in advance.
package struct AnyCodingKey: CodingKey, Sendable {
    package var stringValue: String
    package var intValue: Int?

    package init(_ name: String) {
        stringValue = name
    }

    package init(stringValue: String) {
        self.stringValue = stringValue
    }

    package init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// Coding paths in messages.
package enum JSONCodingPath {
    /// `a.b.0` (array elements as their index, as `PlistKeyPath` writes them), or "the top level".
    package static func describe(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the top level" }
        return path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
