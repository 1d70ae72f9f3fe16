/// What passing a URL to an API does with it: one row of a language's sink table.
struct SinkRule: Sendable {
    /// What happens to the value at this place.
    enum Outcome: Sendable, Hashable {
        /// The result carries the URL on (`URL(string:)`, `Uri.parse`, `new URL`,
        /// `appendingPathComponent`): follow the call's value.
        case carries
        /// The result is a request for the URL (`URLRequest(url:)`): follow it; what loads it
        /// decides (a web view's `load`, or a session).
        case request
        /// The URL is loaded.
        case load(URLUse.LoadKind)
        /// The URL is handed to another app or the system.
        case outside
        /// The URL is not loaded: why.
        case never(String)
    }

    /// Which receivers the rule applies to (the names before the callee: `UIApplication.shared`).
    enum Receiver: Sendable {
        case any
        /// One of the receiver's names contains one of these (case-insensitive).
        case containing([String])
        /// No receiver (a free function or an initializer).
        case none
        /// One of the receiver's names is exactly one of these (`AF`, `$`).
        case named([String])
    }

    /// The function, method, initializer or selector part (`dataTask`, `URLWithString`).
    let callee: String
    let receiver: Receiver
    /// The argument label (Swift, Dart named arguments, Objective-C selector part) the URL must
    /// stand at: nil for any, "" for an unlabeled argument.
    let label: String?
    /// The argument position (0-based, unlabeled arguments of JavaScript, C and Dart) or nil for any.
    let position: Int?
    /// The object-literal key the URL must sit under (`baseURL` of `axios.create({ baseURL })`),
    /// nil when it must be the argument itself.
    let property: String?
    let outcome: Outcome
    /// How reports name the API: `URLSession.dataTask(with:)`.
    let name: String

    init(_ callee: String, _ receiver: Receiver = .any, label: String? = nil, position: Int? = nil, property: String? = nil,
         _ outcome: Outcome, _ name: String) {
        self.callee = callee
        self.receiver = receiver
        self.label = label
        self.position = position
        self.property = property
        self.outcome = outcome
        self.name = name
    }

    /// A rule for any receiver.
    init(_ callee: String, label: String? = nil, position: Int? = nil, property: String? = nil, _ outcome: Outcome, _ name: String) {
        self.init(callee, .any, label: label, position: position, property: property, outcome, name)
    }

    /// Whether the rule applies to a call of `callee` on `receiver` with the URL at `label` /
    /// `position`, under the object keys `properties` (outermost last).
    func matches(receiver names: [String], label: String?, position: Int, properties: [String]) -> Bool {
        if let wanted = self.label, wanted != (label ?? "") { return false }
        if let wanted = self.position, wanted != position || label != nil && !label!.isEmpty { return false }
        if let wanted = property {
            guard properties.last == wanted else { return false }
        } else if !properties.isEmpty {
            return false
        }
        switch receiver {
        case .any: return true
        case .none: return names.isEmpty
        case .named(let wanted): return names.contains { wanted.contains($0) }
        case .containing(let parts):
            return names.contains { name in
                let lowered = name.lowercased()
                return parts.contains { lowered.contains($0.lowercased()) }
            }
        }
    }
}

/// A language's sink tables: calls by callee, assignments by property.
struct SinkTable: Sendable {
    /// Rules by callee.
    let calls: [String: [SinkRule]]
    /// Assigning to these properties (`pasteboard.string = …`, `img.src = …`): rules whose callee
    /// is the property name and whose receiver matches the object's names.
    let properties: [String: [SinkRule]]
    /// Methods on the URL value itself that compare it (`hasPrefix`, `startsWith`): never a load.
    let comparisons: Set<String>
    /// Members and methods on the URL value that carry it on (`absoluteString`, `appendingPathComponent`).
    let carriers: Set<String>

    init(calls: [SinkRule], properties: [SinkRule] = [], comparisons: Set<String>, carriers: Set<String>) {
        self.calls = Dictionary(grouping: calls, by: \.callee)
        self.properties = Dictionary(grouping: properties, by: \.callee)
        self.comparisons = comparisons
        self.carriers = carriers
    }

    /// The first rule for a call of `callee`.
    func call(_ callee: String, receiver: [String], label: String?, position: Int, properties: [String]) -> SinkRule? {
        calls[callee]?.first { $0.matches(receiver: receiver, label: label, position: position, properties: properties) }
    }

    /// The first rule for assigning to `property` of an object named `receiver`.
    func property(_ property: String, receiver: [String]) -> SinkRule? {
        properties[property]?.first { $0.matches(receiver: receiver, label: nil, position: 0, properties: []) }
    }
}
