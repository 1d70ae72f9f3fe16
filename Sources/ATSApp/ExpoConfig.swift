import ATSPolicy
import Foundation

/// An Expo `app.json` or `app.config.json`: the Info.plist additions Expo's prebuild writes
/// come from `expo.ios.infoPlist` (or `ios.infoPlist` when the file is the `expo` object
/// itself), the bundle identifier from `ios.bundleIdentifier`. `app.config.js` is code and is
/// not run; a file without `ios.infoPlist` is a policy source with ATS's defaults.
enum ExpoConfig {
    /// The policy source `path` holds, or nil when it is not an Expo configuration (no `expo`
    /// or `ios` object: some other `app.json`).
    static func bundle(path: String, bytes: Data) -> AppBundle? {
        guard let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] else { return nil }
        let expo = (object["expo"] as? [String: Any]) ?? object
        guard expo["ios"] != nil || object["expo"] != nil else { return nil }
        let ios = expo["ios"] as? [String: Any]
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        let document: Result<PlistDocument, PlistReadError>
        do throws(PlistReadError) {
            let additions = try PlistValue(foundationObject: ios?["infoPlist"] ?? [String: Any]())
            guard case .dictionary = additions else {
                throw PlistReadError("expo.ios.infoPlist is a \(additions.typeName), not a dictionary")
            }
            document = .success(PlistDocument(root: PlistNode(additions), format: .json))
        } catch {
            document = .failure(error)
        }
        return AppBundle(path: directory, kind: .expo, identifier: ios?["bundleIdentifier"] as? String, policyFile: path, document: document)
    }
}
