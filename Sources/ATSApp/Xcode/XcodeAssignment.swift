/// One build setting assignment as a project or an xcconfig writes it:
/// `KEY = value` or `KEY[sdk=iphoneos*][arch=arm64] = value`.
struct XcodeAssignment: Sendable {
    let key: String
    /// `(sdk, iphoneos*)`... in the order written.
    let conditions: [(name: String, pattern: String)]
    let value: String

    /// Splits `written` (the key with its conditions) into the key and the conditions; nil when
    /// the brackets do not close or the key is empty.
    init?(written: String, value: String) {
        guard let open = written.firstIndex(of: "[") else {
            guard !written.isEmpty else { return nil }
            key = written
            conditions = []
            self.value = value
            return
        }
        let name = String(written[..<open])
        guard !name.isEmpty else { return nil }
        var conditions: [(name: String, pattern: String)] = []
        var rest = written[open...]
        while let first = rest.first {
            guard first == "[", let close = rest.firstIndex(of: "]") else { return nil }
            let condition = rest[rest.index(after: rest.startIndex)..<close]
            if let equals = condition.firstIndex(of: "=") {
                conditions.append((String(condition[..<equals]), String(condition[condition.index(after: equals)...])))
            } else {
                conditions.append((String(condition), "*"))
            }
            rest = rest[rest.index(after: close)...]
        }
        key = name
        self.conditions = conditions
        self.value = value
    }

    /// Whether every condition holds for a build with `sdk` (`iphoneos`), `configuration`, on
    /// arm64, in the normal variant. A condition on anything else does not hold.
    func applies(sdk: String, configuration: String) -> Bool {
        conditions.allSatisfy { condition in
            switch condition.name {
            case "sdk": return Self.glob(condition.pattern, matches: sdk)
            case "config": return Self.glob(condition.pattern, matches: configuration)
            case "arch": return Self.glob(condition.pattern, matches: "arm64")
            case "variant": return Self.glob(condition.pattern, matches: "normal")
            default: return false
            }
        }
    }

    /// `*` matches any run of characters; everything else matches itself. An SDK pattern with a
    /// version (`iphoneos17.0`) matches the unversioned name only through a `*`.
    static func glob(_ pattern: String, matches text: String) -> Bool {
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false)
        guard pieces.count > 1 else { return pattern == text }
        var rest = Substring(text)
        guard rest.hasPrefix(pieces[0]) else { return false }
        rest = rest.dropFirst(pieces[0].count)
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = rest.firstRange(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.hasSuffix(pieces[pieces.count - 1])
    }
}
