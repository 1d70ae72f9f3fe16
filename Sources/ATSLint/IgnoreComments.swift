import ATSPolicy

/// Suppression comments in XML property lists: `<!-- atscheck:ignore RULE[, RULE…]: REASON -->`
/// before a key accepts that key's findings of those rules, and those of every key inside it
/// (before an `NSExceptionDomains` entry, the entry's own keys too). The reason is required: a
/// comment without one, or naming no rule, suppresses nothing.
enum IgnoreComments {
    /// What one comment accepts: `rules` on the key at `keyPath` and below it.
    struct Directive: Sendable {
        let rules: Set<String>
        let reason: String
        let keyPath: String
        let line: Int?
    }

    static let marker = "atscheck:ignore"

    /// The directives of `document`'s comments, each tied to the first key after it.
    static func directives(_ document: PlistDocument) -> [Directive] {
        let parsed = document.comments.compactMap { comment -> (rules: Set<String>, reason: String, end: SourceLocation)? in
            guard let end = comment.end, let (rules, reason) = parse(comment.text) else { return nil }
            return (rules, reason, end)
        }
        guard !parsed.isEmpty else { return [] }
        var keys: [(path: String, location: SourceLocation)] = []
        collect(document.root, path: PlistKeyPath([]), into: &keys)
        return parsed.compactMap { directive in
            guard let key = keys.first(where: { ($0.location.line, $0.location.column) >= (directive.end.line, directive.end.column) }) else { return nil }
            return Directive(rules: directive.rules, reason: directive.reason, keyPath: key.path, line: directive.end.line)
        }
    }

    /// `atscheck:ignore a, b: why` → (["a", "b"], "why"); nil for any other comment.
    static func parse(_ text: String) -> (Set<String>, String)? {
        let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard trimmed.hasPrefix(marker), let colon = trimmed.dropFirst(marker.count).firstIndex(of: ":") else { return nil }
        let rules = Set(trimmed[trimmed.index(trimmed.startIndex, offsetBy: marker.count)..<colon]
            .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init))
        let reason = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: [" ", "\t", "\n", "\r"])
        guard !rules.isEmpty, !reason.isEmpty else { return nil }
        return (rules, reason)
    }

    /// `findings` without those a directive accepts, and those, with the directive's reason.
    static func split(_ findings: [Finding], path: String, directives: [Directive]) -> (kept: [Finding], suppressed: [SuppressedFinding]) {
        var kept: [Finding] = [], suppressed: [SuppressedFinding] = []
        for finding in findings {
            let directive = directives.first { directive in
                guard directive.rules.contains(finding.rule), let keyPath = finding.keyPath else { return false }
                return keyPath == directive.keyPath || keyPath.hasPrefix(directive.keyPath + ".")
            }
            if let directive {
                suppressed.append(SuppressedFinding(path: path, finding: finding, justification: directive.reason,
                                                    origin: "\(path)" + (directive.line.map { ":\($0)" } ?? "") + ": an atscheck:ignore comment",
                                                    inSource: true))
            } else {
                kept.append(finding)
            }
        }
        return (kept, suppressed)
    }

    private static func collect(_ node: PlistNode, path: PlistKeyPath, into keys: inout [(path: String, location: SourceLocation)]) {
        switch node.value {
        case .dictionary(let entries):
            for entry in entries {
                let child = path.appending(entry.key)
                if let location = entry.keyLocation { keys.append((child.description, location)) }
                collect(entry.node, path: child, into: &keys)
            }
        case .array(let items):
            for (index, item) in items.enumerated() { collect(item, path: path.appending(String(index)), into: &keys) }
        default:
            break
        }
    }
}

private extension Substring {
    func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
