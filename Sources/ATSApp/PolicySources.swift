import ATSLint
import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// The policy sources of an app input or project, for `atscheck lint`: every bundle's or
/// project target's Info.plist, Expo configuration and Cordova `config.xml`, each linted as
/// the Info.plist iOS would read.
public enum PolicySources {
    /// One report per source that sets policy, paths prefixed with the input's; empty when
    /// the input holds none.
    public static func lint(_ inventory: AppInventory, linter: Linter, input: String) -> [FileReport] {
        inventory.bundles.filter(\.kind.setsPolicy).map { bundle in
            bundle.lint(with: linter, path: (input.hasSuffix("/") ? input : input + "/") + bundle.policyFile)
        }
    }

    /// A single file that is not a property list but holds one: an Expo `app.json` or
    /// `app.config.json` (`ios.infoPlist`), a Cordova `config.xml` (the ATS dictionary
    /// cordova-ios writes). Nil for anything else.
    public static func lintConfigurationFile(_ data: Data, path: String, linter: Linter) -> FileReport? {
        let name = PathText.lastComponent(path)
        let bundle: AppBundle?
        switch name {
        case "app.json", "app.config.json": bundle = ExpoConfig.bundle(path: path, bytes: data)
        case "config.xml": bundle = CordovaConfig.bundle(path: path, bytes: data)?.0
        default: bundle = nil
        }
        return bundle?.lint(with: linter)
    }
}
