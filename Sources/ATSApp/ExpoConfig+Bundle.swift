import ATSPolicySources
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ExpoConfig {
    /// The policy source `path` holds, or nil when it is not an Expo configuration (no `expo`
    /// or `ios` object: some other `app.json`).
    static func bundle(path: String, bytes: Data) -> AppBundle? {
        guard let contents = read(bytes, locate: false) else { return nil }
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        return AppBundle(path: directory, kind: .expo, identifier: contents.identifier, policyFile: path, document: contents.document)
    }
}
