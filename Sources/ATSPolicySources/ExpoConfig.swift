import ATSJSON
import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An Expo `app.json` or `app.config.json`: the Info.plist additions Expo's prebuild writes
/// come from `expo.ios.infoPlist` (or `ios.infoPlist` when the file is the `expo` object
/// itself), the bundle identifier from `ios.bundleIdentifier`. `app.config.js` is code and is
/// not run; a file without `ios.infoPlist` is a policy source with ATS's defaults.
package enum ExpoConfig {
    /// Expo configurations written as code, which atscheck does not run.
    package static let codeConfigurationNames: Set<String> = ["app.config.js", "app.config.ts", "app.config.mjs", "app.config.cjs"]

    /// What to do with a configuration written as code.
    package static let codeConfigurationAdvice = "Expo configurations written as code (app.config.js, app.config.ts) are not run by atscheck: run `npx expo config --json > app.json` (or `npx expo config --type introspect --json`) in the project and give atscheck that file"

    /// What an Expo configuration holds for iOS.
    package struct Contents {
        /// `ios.infoPlist` as a property list, or why it is not one.
        package var document: Result<PlistDocument, PlistReadError>
        /// Where that dictionary is in the file: `["expo", "ios", "infoPlist"]` or `["ios", "infoPlist"]`.
        package var infoPlistPath: [String]
        /// `ios.bundleIdentifier`.
        package var identifier: String?
        /// Where each key of the file is (with `locate`), by its path from the file's root.
        package var keyLocations: [[String]: SourceLocation]
    }

    /// Reads an Expo configuration; nil when the bytes are not one. With `locate`, every entry
    /// of the Info.plist document carries the line and column of its key in the JSON text.
    package static func read(_ bytes: Data, locate: Bool) -> Contents? {
        guard case .object(let object)? = try? JSONValue.read(bytes) else { return nil }
        let expo = object["expo"]?.members ?? object
        guard expo["ios"] != nil || object["expo"] != nil else { return nil }
        let ios = expo["ios"]?.members
        let infoPlistPath = (object["expo"] != nil ? ["expo"] : []) + ["ios", "infoPlist"]
        let locations = locate ? JSONKeyLocations.locate([UInt8](bytes)) : [:]
        let document: Result<PlistDocument, PlistReadError>
        do throws(PlistReadError) {
            let additions = try PlistValue(json: ios?["infoPlist"] ?? .object([:]))
            guard case .dictionary = additions else {
                throw PlistReadError("\(infoPlistPath.joined(separator: ".")) is a \(additions.typeName), not a dictionary",
                                     at: locations[infoPlistPath])
            }
            let rootLocation = locations[infoPlistPath] ?? locations[Array(infoPlistPath.dropLast())] ?? locations[Array(infoPlistPath.prefix(1))]
            let root = located(additions, at: infoPlistPath, rootLocation, locations)
            document = .success(PlistDocument(root: root, format: .json))
        } catch {
            document = .failure(error)
        }
        var identifier: String?
        if case .string(let text)? = ios?["bundleIdentifier"] { identifier = text }
        return Contents(document: document, infoPlistPath: infoPlistPath, identifier: identifier, keyLocations: locations)
    }

    /// `value` with the locations of its keys (and of each value, at its key) from `locations`.
    private static func located(_ value: PlistValue, at path: [String], _ location: SourceLocation?,
                                _ locations: [[String]: SourceLocation]) -> PlistNode {
        guard !locations.isEmpty else { return PlistNode(value, location: location) }
        switch value {
        case .dictionary(let entries):
            return PlistNode(.dictionary(entries.map { entry in
                let keyLocation = locations[path + [entry.key]]
                return PlistEntry(key: entry.key, keyLocation: keyLocation,
                                  node: located(entry.node.value, at: path + [entry.key], keyLocation, locations))
            }), location: location)
        case .array(let items):
            return PlistNode(.array(items.enumerated().map { index, item in
                located(item.value, at: path + [String(index)], location, locations)
            }), location: location)
        default:
            return PlistNode(value, location: location)
        }
    }
}

private extension JSONValue {
    /// An object's members; nil for any other value.
    var members: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
