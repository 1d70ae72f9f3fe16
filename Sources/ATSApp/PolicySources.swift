import ATSLint
import ATSPolicy
import Foundation

/// The policy sources of an app input or project, for `atscheck lint`: every bundle's or
/// project target's Info.plist, Expo configuration and Cordova `config.xml`, each linted as
/// the Info.plist iOS would read.
public enum PolicySources {
    /// One report per source that sets policy, paths prefixed with the input's; empty when
    /// the input holds none.
    public static func lint(_ inventory: AppInventory, linter: Linter, input: String) -> [FileReport] {
        inventory.bundles.filter(\.kind.setsPolicy).map { bundle in
            let path = (input.hasSuffix("/") ? input : input + "/") + bundle.policyFile
            switch (bundle.policyBytes, bundle.document) {
            case (let bytes?, _): return linter.lint(bytes, path: path)
            case (nil, .success(let document)): return linter.lint(document: document, path: path)
            case (nil, .failure(let error)): return linter.unreadable(path: path, message: error.message, at: error.location)
            }
        }
    }

    /// A single file that is not a property list but holds one: an Expo `app.json` or
    /// `app.config.json` (`ios.infoPlist`). Nil for anything else.
    public static func lintConfigurationFile(_ data: Data, path: String, linter: Linter) -> FileReport? {
        let name = (path as NSString).lastPathComponent
        guard name == "app.json" || name == "app.config.json", let bundle = ExpoConfig.bundle(path: path, bytes: data) else { return nil }
        switch bundle.document {
        case .success(let document): return linter.lint(document: document, path: path)
        case .failure(let error): return linter.unreadable(path: path, message: error.message, at: error.location)
        }
    }
}
