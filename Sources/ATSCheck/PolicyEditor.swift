import ATSPolicy
import ATSVocabulary
import AtscheckSystem

/// Builds a candidate policy: the app's document with one `NSExceptionDomains` entry set,
/// so a fix can be verified by resolving the URL again rather than guessed.
enum PolicyEditor {
    /// `document` with `NSAppTransportSecurity.NSExceptionDomains[domain]` holding `keys`
    /// (merged over the entry's existing keys). Creates the dictionaries it needs.
    static func settingException(in document: PlistDocument?, domain: String, keys: [(String, PlistValue)]) -> PlistDocument {
        let root = document?.root.value.entries ?? []
        let atsIndex = root.lastIndex { $0.key == ATSKeys.root }
        let ats = atsIndex.flatMap { root[$0].node.value.entries } ?? []
        let domainsIndex = ats.lastIndex { $0.key == ATSKeys.exceptionDomains }
        let domains = domainsIndex.flatMap { ats[$0].node.value.entries } ?? []
        let entryIndex = domains.lastIndex { $0.key == domain }
        var entry = entryIndex.flatMap { domains[$0].node.value.entries } ?? []
        for (key, value) in keys {
            entry.removeAll { $0.key == key }
            entry.append(PlistEntry(key: key, node: PlistNode(value)))
        }
        let newDomains = replacing(domains, at: entryIndex, with: PlistEntry(key: domain, node: PlistNode(.dictionary(entry))))
        let newATS = replacing(ats, at: domainsIndex, with: PlistEntry(key: ATSKeys.exceptionDomains, node: PlistNode(.dictionary(newDomains))))
        let newRoot = replacing(root, at: atsIndex, with: PlistEntry(key: ATSKeys.root, node: PlistNode(.dictionary(newATS))))
        return PlistDocument(root: PlistNode(.dictionary(newRoot)), format: document?.format ?? .xml)
    }

    private static func replacing(_ entries: [PlistEntry], at index: Int?, with entry: PlistEntry) -> [PlistEntry] {
        var copy = entries
        if let index { copy[index] = entry } else { copy.append(entry) }
        return copy
    }

    /// The entry's keys as they would be written, for display.
    static func entryKeys(in document: PlistDocument, domain: String) -> [(String, PlistValue)] {
        let ats = document.root.value.entry(ATSKeys.root)?.node.value
        let entry = ats?.entry(ATSKeys.exceptionDomains)?.node.value.entry(domain)?.node.value.entries ?? []
        return entry.map { ($0.key, $0.node.value) }
    }

    /// An XML snippet for `NSExceptionDomains` with one entry.
    static func snippet(domain: String, keys: [(String, PlistValue)]) -> String {
        var lines = ["<key>NSExceptionDomains</key>", "<dict>", "    <key>\(escape(domain))</key>", "    <dict>"]
        for (key, value) in keys {
            lines.append("        <key>\(escape(key))</key>")
            lines.append("        " + xml(value))
        }
        lines += ["    </dict>", "</dict>"]
        return lines.joined(separator: "\n")
    }

    static func xml(_ value: PlistValue) -> String {
        switch value {
        case .bool(let flag): return flag ? "<true/>" : "<false/>"
        case .string(let text): return "<string>\(escape(text))</string>"
        case .integer(let text): return "<integer>\(text)</integer>"
        case .real(let number): return "<real>\(number)</real>"
        default: return "<!-- \(value.typeName) -->"
        }
    }

    static func display(_ value: PlistValue) -> String {
        switch value {
        case .bool(let flag): return flag ? "YES" : "NO"
        case .string(let text): return text
        default: return value.typeName
        }
    }

    private static func escape(_ text: String) -> String { MarkupText.escaped(text) }
}
