import ATSPolicy
import ATSYAML

/// The Info.plist XcodeGen writes for a target's `info: {path:, properties:}`: its defaults for
/// the product type with the properties merged on top (XcodeGen's `InfoPlistGenerator` and
/// `FileWriter`). YAML scalars become what Yams makes of them: `true`/`yes`/`on` (any of their
/// YAML 1.1 spellings) a Boolean, whole numbers integers, decimals reals, the rest strings; a
/// null is left out. A quoted scalar cannot be told from a plain one here (ATSYAML keeps the
/// text only): when a spec quotes a Boolean word anywhere and the ATS dictionary holds one, the
/// policy is unknown rather than guessed (``hasBooleanUnderATS(_:)``).
enum XcodeGenInfoPlist {
    /// The document XcodeGen writes for a target of `type` (`application`, `app-extension`, …).
    static func document(type: String, properties: YAMLValue) -> PlistDocument {
        var defaults: [String: PlistValue] = [
            "CFBundleIdentifier": .string("$(PRODUCT_BUNDLE_IDENTIFIER)"),
            "CFBundleInfoDictionaryVersion": .string("6.0"),
            "CFBundleName": .string("$(PRODUCT_NAME)"),
            "CFBundleDevelopmentRegion": .string("$(DEVELOPMENT_LANGUAGE)"),
            "CFBundleShortVersionString": .string("1.0"),
            "CFBundleVersion": .string("1"),
        ]
        let shortType = type.hasPrefix("com.apple.product-type.") ? String(type.dropFirst("com.apple.product-type.".count)) : type
        if shortType != "bundle" { defaults["CFBundleExecutable"] = .string("$(EXECUTABLE_NAME)") }
        switch shortType {
        case "bundle.unit-test", "bundle.ui-testing", "bundle": defaults["CFBundlePackageType"] = .string("BNDL")
        case "application", "application.watchapp2": defaults["CFBundlePackageType"] = .string("APPL")
        case "framework": defaults["CFBundlePackageType"] = .string("FMWK")
        case "xpc-service", "app-extension": defaults["CFBundlePackageType"] = .string("XPC!")
        default: break
        }
        let base = PlistValue.dictionary(defaults.sorted { $0.key < $1.key }.map { PlistEntry(key: $0.key, node: PlistNode($0.value)) })
        let root = merge(node(properties)?.value ?? .dictionary([]), onto: base)
        return PlistDocument(root: PlistNode(root), format: .xml)
    }

    /// Whether the document's NSAppTransportSecurity holds a Boolean anywhere.
    static func hasBooleanUnderATS(_ document: PlistDocument) -> Bool {
        guard let ats = document.root.value.entry("NSAppTransportSecurity")?.node.value else { return false }
        var pending = [ats]
        while let value = pending.popLast() {
            switch value {
            case .bool: return true
            case .dictionary(let entries): pending += entries.map(\.node.value)
            case .array(let nodes): pending += nodes.map(\.value)
            default: continue
            }
        }
        return false
    }

    /// `value` merged onto `base`: dictionaries key by key (recursively), anything else replaced.
    private static func merge(_ value: PlistValue, onto base: PlistValue) -> PlistValue {
        guard case .dictionary(let entries) = value, case .dictionary(var merged) = base else { return value }
        for entry in entries {
            if let index = merged.firstIndex(where: { $0.key == entry.key }) {
                merged[index] = PlistEntry(key: entry.key, node: PlistNode(merge(entry.node.value, onto: merged[index].node.value)))
            } else {
                merged.append(entry)
            }
        }
        return .dictionary(merged.sorted { $0.key < $1.key })
    }

    /// A YAML node as the property-list value XcodeGen writes; nil for a null.
    static func node(_ value: YAMLValue) -> PlistNode? {
        switch value {
        case .scalar(let text): return scalar(text).map { PlistNode($0) }
        case .sequence(let items): return PlistNode(.array(items.compactMap(node)))
        case .mapping(let members):
            return PlistNode(.dictionary(members.sorted { $0.key < $1.key }.compactMap { key, member in
                node(member).map { PlistEntry(key: key, node: $0) }
            }))
        }
    }

    private static func scalar(_ text: String) -> PlistValue? {
        if ["~", "null", "Null", "NULL", ""].contains(text) { return nil }
        if XcodeGenValues.trueWords.contains(text) { return .bool(true) }
        if XcodeGenValues.falseWords.contains(text) { return .bool(false) }
        if isInteger(text) { return .integer(text) }
        if isDecimal(text), let number = Double(text) { return .real(number) }
        return .string(text)
    }

    private static func isInteger(_ text: String) -> Bool {
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit) && (digits == "0" || digits.first != "0")
    }

    private static func isDecimal(_ text: String) -> Bool {
        let body = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { $0.allSatisfy(\.isASCIIDigit) } && !(parts[0].isEmpty && parts[1].isEmpty)
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
