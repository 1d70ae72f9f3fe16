import ATSVocabulary
import ATSPolicy

// Shared plumbing for the rules in this folder (nothing here emits findings): how the file is
// shaped (Info.plist or bare ATS dictionary) and the dictionaries the key rules look at.

/// One dictionary of the file, at a known level, with its raw entries.
struct LevelDictionary {
    let level: KeyLevel
    let keyPath: PlistKeyPath
    let entries: [PlistEntry]
    /// The domain key when the level is a domain entry or a pinned identity.
    let domain: String?
}

extension LintContext {
    /// True when the root looks like a whole Info.plist (it has `NSAppTransportSecurity` or a
    /// `CFBundle*` key) rather than a bare ATS dictionary.
    var rootIsInfoPlist: Bool {
        guard let entries = document.root.value.entries else { return false }
        return entries.contains { $0.key == ATSKeys.root || $0.key.hasPrefix("CFBundle") }
    }

    /// The ATS configuration as iOS reads it. Works around the model treating a full
    /// Info.plist whose ATS keys sit at the root (no `NSAppTransportSecurity`) as a bare ATS
    /// dictionary: iOS reads only `NSAppTransportSecurity`, so such keys configure nothing
    /// (`misplaced-key` reports them).
    var ats: AppTransportSecurity {
        if policy.isPresent, policy.keyPath.components.isEmpty, rootIsInfoPlist {
            return AppTransportSecurity(document: PlistDocument(root: PlistNode(.dictionary([])), format: document.format))
        }
        return policy
    }

    /// Every dictionary whose keys the key rules look at, outermost first.
    var levelDictionaries: [LevelDictionary] {
        let ats = self.ats
        var result: [LevelDictionary] = []
        if let rootEntries = document.root.value.entries, !(ats.isPresent && ats.keyPath.components.isEmpty) {
            result.append(LevelDictionary(level: .infoPlistRoot, keyPath: PlistKeyPath([]), entries: rootEntries, domain: nil))
        }
        guard ats.isPresent else { return result }
        result.append(LevelDictionary(level: .ats, keyPath: ats.keyPath, entries: ats.entries, domain: nil))
        if let domains = ats.entries.last(where: { $0.key == ATSKeys.exceptionDomains }), let entries = domains.node.value.entries {
            result.append(LevelDictionary(level: .exceptionDomains, keyPath: ats.keyPath.appending(ATSKeys.exceptionDomains),
                                          entries: entries, domain: nil))
        }
        if let domains = ats.entries.last(where: { $0.key == ATSKeys.pinnedDomains }), let entries = domains.node.value.entries {
            result.append(LevelDictionary(level: .pinnedDomains, keyPath: ats.keyPath.appending(ATSKeys.pinnedDomains),
                                          entries: entries, domain: nil))
        }
        for domain in exceptionEntries where domain.isDictionary {
            result.append(LevelDictionary(level: .exceptionEntry, keyPath: domain.keyPath, entries: domain.entries, domain: domain.key))
        }
        for domain in pinnedEntries where domain.isDictionary {
            result.append(LevelDictionary(level: .pinnedEntry, keyPath: domain.keyPath, entries: domain.entries, domain: domain.key))
            for key in [ATSKeys.pinnedCAIdentities, ATSKeys.pinnedLeafIdentities] {
                guard case .array(let elements)? = domain.entries.last(where: { $0.key == key })?.node.value else { continue }
                for (index, element) in elements.enumerated() {
                    guard let fields = element.value.entries else { continue }
                    result.append(LevelDictionary(level: .pinIdentity, keyPath: domain.keyPath.appending(key).appending(String(index)),
                                                  entries: fields, domain: domain.key))
                }
            }
        }
        return result
    }

    /// `NSExceptionDomains` entries whose key is a domain (not an ATS key put there by mistake,
    /// which `misplaced-key` reports).
    var exceptionEntries: [ExceptionDomain] {
        ats.exceptionDomains.filter { !KeyCatalog.isATSKeyName($0.key) }
    }

    /// `NSPinnedDomains` entries whose key is a domain.
    var pinnedEntries: [PinnedDomain] {
        ats.pinnedDomains.filter { !KeyCatalog.isATSKeyName($0.key) }
    }

    /// The value at `keyPath` (the last entry for repeated keys), nil when absent.
    func value(at keyPath: PlistKeyPath) -> PlistValue? {
        var node = document.root
        for component in keyPath.components {
            switch node.value {
            case .dictionary(let entries):
                guard let entry = entries.last(where: { $0.key == component }) else { return nil }
                node = entry.node
            case .array(let elements):
                guard let index = Int(component), elements.indices.contains(index) else { return nil }
                node = elements[index]
            default:
                return nil
            }
        }
        return node.value
    }

    /// `NSAllowsArbitraryLoads=YES` as the target OS sees it (not neutralised, docs/ats-rules.md#ats-arbitrary-loads).
    var arbitraryLoadsEffective: Bool {
        let ats = self.ats
        guard ats.allowsArbitraryLoads?.value == true else { return false }
        return !options.target.hasIOS10Rules || ats.neutralisingKeysPresent.isEmpty
    }
}
