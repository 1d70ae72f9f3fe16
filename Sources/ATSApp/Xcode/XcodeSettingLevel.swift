/// One level of build settings (an xcconfig's, a configuration's own), grouped by key once and
/// shared by every target and configuration built on it: 1,000 targets on one xcconfig of
/// 40,000 settings group it once, not 2,000 times.
final class XcodeSettingLevel {
    /// The assignments in the order written.
    let assignments: [XcodeAssignment]
    /// The assignments of each key, in the order written.
    let byKey: [String: [XcodeAssignment]]
    /// The length in bytes of the longest key.
    let longestKey: Int
    /// The keys starting with a prefix, by prefix, as asked for.
    private var prefixed: [String: [String]] = [:]

    /// A level of `assignments`.
    init(_ assignments: [XcodeAssignment]) {
        self.assignments = assignments
        byKey = Dictionary(grouping: assignments, by: \.key)
        longestKey = byKey.keys.map(\.utf8.count).max() ?? 0
    }

    /// The keys that start with `prefix` (and are longer), in key order.
    func keys(withPrefix prefix: String) -> [String] {
        if let known = prefixed[prefix] { return known }
        let found = byKey.keys.filter { $0.hasPrefix(prefix) && $0.count > prefix.count }.sorted()
        prefixed[prefix] = found
        return found
    }
}
