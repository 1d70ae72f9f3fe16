#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension AppTransportSecurity {
    /// Extracts the ATS configuration from a whole Info.plist (its `NSAppTransportSecurity`
    /// key) or from a bare ATS dictionary (a root that holds ATS keys itself).
    public init(document: PlistDocument) {
        var reader = TypedReader()
        let root = document.root
        if let entry = root.value.entry(ATSKeys.root) {
            let path = PlistKeyPath([ATSKeys.root])
            if case .dictionary(let entries) = entry.node.value {
                self = reader.read(entries, keyPath: path, location: entry.keyLocation)
            } else {
                reader.mismatch(path, entry.keyLocation, .dictionary, entry.node.value)
                self = reader.read([], keyPath: path, location: entry.keyLocation)
            }
        } else if let entries = root.value.entries, entries.contains(where: { ATSKeys.globalKeys[$0.key] != nil }),
                  !entries.contains(where: { $0.key.hasPrefix("CFBundle") }) {
            // A bare ATS dictionary. A full Info.plist (it has CFBundle* keys) with ATS keys at its
            // root is not one: iOS reads only NSAppTransportSecurity, so those keys do nothing.
            self = reader.read(entries, keyPath: PlistKeyPath([]), location: root.location)
        } else {
            self = reader.absent()
        }
    }
}

/// Walks the raw dictionaries into typed values, collecting type mismatches on the way.
private struct TypedReader {
    var mismatches: [TypeMismatch] = []

    mutating func mismatch(_ path: PlistKeyPath, _ location: SourceLocation?, _ expected: ATSKeys.ValueType, _ found: PlistValue) {
        mismatches.append(TypeMismatch(keyPath: path, location: location, expected: expected, found: found.typeName))
    }

    mutating func absent() -> AppTransportSecurity {
        AppTransportSecurity(keyPath: PlistKeyPath([ATSKeys.root]), location: nil, isPresent: false, entries: [],
                             allowsArbitraryLoads: nil, allowsArbitraryLoadsForMedia: nil, allowsArbitraryLoadsInWebContent: nil,
                             allowsLocalNetworking: nil, requiresNIAPPackage: nil, exceptionDomains: [], pinnedDomains: [],
                             presentGlobalKeys: [], typeMismatches: [])
    }

    mutating func read(_ entries: [PlistEntry], keyPath: PlistKeyPath, location: SourceLocation?) -> AppTransportSecurity {
        func bool(_ key: String) -> Located<Bool>? { boolean(entries, key, keyPath) }
        let arbitrary = bool(ATSKeys.allowsArbitraryLoads)
        let media = bool(ATSKeys.allowsArbitraryLoadsForMedia)
        let web = bool(ATSKeys.allowsArbitraryLoadsInWebContent)
        let local = bool(ATSKeys.allowsLocalNetworking)
        let niap = string(entries, ATSKeys.requiresNIAP, keyPath)
        let exceptions = dictionaryEntries(entries, ATSKeys.exceptionDomains, keyPath).map { domains, path in
            domains.map { exceptionDomain($0, parent: path) }
        } ?? []
        let pins = dictionaryEntries(entries, ATSKeys.pinnedDomains, keyPath).map { domains, path in
            domains.map { pinnedDomain($0, parent: path) }
        } ?? []
        return AppTransportSecurity(keyPath: keyPath, location: location, isPresent: true, entries: entries,
                                    allowsArbitraryLoads: arbitrary, allowsArbitraryLoadsForMedia: media,
                                    allowsArbitraryLoadsInWebContent: web, allowsLocalNetworking: local,
                                    requiresNIAPPackage: niap, exceptionDomains: exceptions, pinnedDomains: pins,
                                    presentGlobalKeys: Set(entries.map(\.key)), typeMismatches: mismatches)
    }

    private mutating func exceptionDomain(_ entry: PlistEntry, parent: PlistKeyPath) -> ExceptionDomain {
        let path = parent.appending(entry.key)
        let entries = entry.node.value.entries ?? []
        if entry.node.value.entries == nil { mismatch(path, entry.keyLocation, .dictionary, entry.node.value) }
        var legacyBooleans: [String: Located<Bool>] = [:]
        var legacyTLS: Located<String>? = nil
        for legacy in entries {
            guard let documented = ATSKeys.legacyAliases[legacy.key] else { continue }
            if documented == ATSKeys.minimumTLSVersion {
                legacyTLS = legacyTLS ?? string(entries, legacy.key, path)
            } else if legacyBooleans[documented] == nil, let value = boolean(entries, legacy.key, path) {
                legacyBooleans[documented] = value
            }
        }
        return ExceptionDomain(
            key: entry.key, keyPath: path, location: entry.keyLocation, isDictionary: entry.node.value.entries != nil,
            entries: entries,
            includesSubdomains: boolean(entries, ATSKeys.includesSubdomains, path),
            allowsInsecureHTTPLoads: boolean(entries, ATSKeys.allowsInsecureHTTPLoads, path),
            minimumTLSVersion: string(entries, ATSKeys.minimumTLSVersion, path),
            requiresForwardSecrecy: boolean(entries, ATSKeys.requiresForwardSecrecy, path),
            requiresCertificateTransparency: boolean(entries, ATSKeys.requiresCertificateTransparency, path),
            requiresNIAPPackage: string(entries, ATSKeys.exceptionRequiresNIAP, path),
            legacyBooleans: legacyBooleans, legacyMinimumTLSVersion: legacyTLS)
    }

    private mutating func pinnedDomain(_ entry: PlistEntry, parent: PlistKeyPath) -> PinnedDomain {
        let path = parent.appending(entry.key)
        let entries = entry.node.value.entries ?? []
        if entry.node.value.entries == nil { mismatch(path, entry.keyLocation, .dictionary, entry.node.value) }
        return PinnedDomain(key: entry.key, keyPath: path, location: entry.keyLocation,
                            isDictionary: entry.node.value.entries != nil, entries: entries,
                            includesSubdomains: boolean(entries, ATSKeys.includesSubdomains, path),
                            caIdentities: identities(entries, ATSKeys.pinnedCAIdentities, path),
                            leafIdentities: identities(entries, ATSKeys.pinnedLeafIdentities, path))
    }

    private mutating func identities(_ entries: [PlistEntry], _ key: String, _ parent: PlistKeyPath) -> [PinIdentity]? {
        guard let entry = entries.last(where: { $0.key == key }) else { return nil }
        let path = parent.appending(key)
        guard case .array(let elements) = entry.node.value else {
            mismatch(path, entry.keyLocation, .array, entry.node.value)
            return []
        }
        return elements.enumerated().map { index, element in
            let elementPath = path.appending(String(index))
            let location = element.location ?? entry.keyLocation
            guard let fields = element.value.entries else {
                return PinIdentity(spkiSHA256Base64: nil, keyPath: elementPath, location: location,
                                   shapeProblem: "element is a \(element.value.typeName), not a Dictionary with \(ATSKeys.spkiSHA256)")
            }
            guard let digest = fields.last(where: { $0.key == ATSKeys.spkiSHA256 }) else {
                return PinIdentity(spkiSHA256Base64: nil, keyPath: elementPath, location: location,
                                   shapeProblem: "element has no \(ATSKeys.spkiSHA256) key")
            }
            guard case .string(let text) = digest.node.value else {
                return PinIdentity(spkiSHA256Base64: nil, keyPath: elementPath.appending(ATSKeys.spkiSHA256),
                                   location: digest.keyLocation ?? location,
                                   shapeProblem: "\(ATSKeys.spkiSHA256) is a \(digest.node.value.typeName), not a String")
            }
            let extra = fields.map(\.key).filter { $0 != ATSKeys.spkiSHA256 }
            return PinIdentity(spkiSHA256Base64: text, keyPath: elementPath.appending(ATSKeys.spkiSHA256),
                               location: digest.keyLocation ?? location,
                               shapeProblem: extra.isEmpty ? nil : "element has unexpected keys: \(extra.joined(separator: ", "))")
        }
    }

    /// A Boolean as ATS reads it: `<true/>`/`<false/>`, or a number (YES when it equals 1, NO
    /// otherwise: `[value isEqual:@YES]` in `sec_protocol_configuration_set_ats_overrides`),
    /// which is also reported as a type mismatch; any other type is absent.
    private mutating func boolean(_ entries: [PlistEntry], _ key: String, _ parent: PlistKeyPath) -> Located<Bool>? {
        guard let entry = entries.last(where: { $0.key == key }) else { return nil }
        let path = parent.appending(key)
        switch entry.node.value {
        case .bool(let value):
            return Located(value: value, keyPath: path, location: entry.keyLocation)
        case .integer(let digits):
            mismatch(path, entry.keyLocation, .boolean, entry.node.value)
            return Located(value: Int(digits) == 1, keyPath: path, location: entry.keyLocation, writtenAsNumber: true)
        case .real(let number):
            mismatch(path, entry.keyLocation, .boolean, entry.node.value)
            return Located(value: number == 1, keyPath: path, location: entry.keyLocation, writtenAsNumber: true)
        default:
            mismatch(path, entry.keyLocation, .boolean, entry.node.value)
            return nil
        }
    }

    private mutating func string(_ entries: [PlistEntry], _ key: String, _ parent: PlistKeyPath) -> Located<String>? {
        guard let entry = entries.last(where: { $0.key == key }) else { return nil }
        guard case .string(let value) = entry.node.value else {
            mismatch(parent.appending(key), entry.keyLocation, .string, entry.node.value)
            return nil
        }
        return Located(value: value, keyPath: parent.appending(key), location: entry.keyLocation)
    }

    private mutating func dictionaryEntries(_ entries: [PlistEntry], _ key: String, _ parent: PlistKeyPath) -> ([PlistEntry], PlistKeyPath)? {
        guard let entry = entries.last(where: { $0.key == key }) else { return nil }
        let path = parent.appending(key)
        guard let children = entry.node.value.entries else {
            mismatch(path, entry.keyLocation, .dictionary, entry.node.value)
            return nil
        }
        return (children, path)
    }
}
