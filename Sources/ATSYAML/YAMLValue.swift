/// A YAML node as libyaml's event stream describes it, with nothing resolved: every scalar is
/// its text (`true`, `1.0`, `~` stay strings), tags are ignored, and an alias is a copy of the
/// node its anchor names.
///
/// A mapping keeps the first value of a repeated key (unless the reader refuses repeated keys:
/// ``YAMLReader/Limits/refusesDuplicateKeys``); a key must be a scalar.
public enum YAMLValue: Sendable, Equatable {
    case scalar(String)
    case sequence([YAMLValue])
    case mapping([String: YAMLValue])

    /// The value of `key` in a mapping; nil for a missing key or any other node.
    public subscript(key: String) -> YAMLValue? {
        guard case .mapping(let members) = self else { return nil }
        return members[key]
    }

    /// A scalar's text; nil for a sequence or a mapping.
    public var text: String? {
        guard case .scalar(let text) = self else { return nil }
        return text
    }

    /// A sequence's elements; any other node as a list of one (YAML lets a single entry stand
    /// for a list of one: `sources: App` and `sources: [App]`).
    public var elements: [YAMLValue] {
        guard case .sequence(let elements) = self else { return [self] }
        return elements
    }

    /// A mapping's keys; empty for any other node.
    public var keys: Set<String> {
        guard case .mapping(let members) = self else { return [] }
        return Set(members.keys)
    }
}
