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
enum ExpoConfig {
    /// Expo configurations written as code, which atscheck does not run.
    static let codeConfigurationNames: Set<String> = ["app.config.js", "app.config.ts", "app.config.mjs", "app.config.cjs"]

    /// What to do with a configuration written as code.
    static let codeConfigurationAdvice = "Expo configurations written as code (app.config.js, app.config.ts) are not run by atscheck: run `npx expo config --json > app.json` (or `npx expo config --type introspect --json`) in the project and give atscheck that file"

    /// The policy source `path` holds, or nil when it is not an Expo configuration (no `expo`
    /// or `ios` object: some other `app.json`).
    static func bundle(path: String, bytes: Data) -> AppBundle? {
        guard case .object(let object)? = try? JSONValue.read(bytes) else { return nil }
        let expo = object["expo"]?.members ?? object
        guard expo["ios"] != nil || object["expo"] != nil else { return nil }
        let ios = expo["ios"]?.members
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        let document: Result<PlistDocument, PlistReadError>
        do throws(PlistReadError) {
            let additions = try PlistValue(json: ios?["infoPlist"] ?? .object([:]))
            guard case .dictionary = additions else {
                throw PlistReadError("expo.ios.infoPlist is a \(additions.typeName), not a dictionary")
            }
            document = .success(PlistDocument(root: PlistNode(additions), format: .json))
        } catch {
            document = .failure(error)
        }
        var identifier: String?
        if case .string(let text)? = ios?["bundleIdentifier"] { identifier = text }
        return AppBundle(path: directory, kind: .expo, identifier: identifier, policyFile: path, document: document)
    }
}

private extension JSONValue {
    /// An object's members; nil for any other value.
    var members: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }
}
