import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// What kind of file a policy was read from.
public enum PolicySourceKind: String, Sendable, Codable {
    /// An Info.plist or a bare NSAppTransportSecurity dictionary (XML, binary or JSON).
    case infoPlist
    /// An Expo `app.json` / `app.config.json`: `expo.ios.infoPlist`.
    case expo
    /// A Cordova / Ionic `config.xml`: the ATS dictionary cordova-ios's prepare writes.
    case cordova
}

/// The Info.plist iOS would read, as one policy file gives it, with what kind of file that was.
/// `explain --policy`, `lint` and the other commands' `--policy` read files through
/// ``PolicySources/read(_:path:)``, and `app`'s inventory builds its Expo and Cordova bundles
/// with the same readers.
public struct PolicySourceDocument: Sendable {
    /// The file, as given.
    public let path: String
    /// What kind of file it was: an Info.plist (or bare ATS dictionary), an Expo configuration or a
    /// Cordova `config.xml`.
    public let kind: PolicySourceKind
    /// The Info.plist, or why the file does not give one.
    public let document: Result<PlistDocument, PlistReadError>
    /// The bytes when the file is a property list (lint reads them itself, for positions).
    package let plistBytes: Data?
    /// For an Expo file: where the Info.plist is in it (`expo.ios.infoPlist`).
    package let expoInfoPlistPath: [String]?
    /// For a Cordova file: what was read, to put findings at its elements.
    package let cordova: CordovaConfig?

    /// Where in the file the policy comes from, for people: `Expo: expo.ios.infoPlist`,
    /// `Cordova: what cordova-ios writes from <access> and <allow-navigation>`, nil for a plist.
    public var origin: String? {
        switch kind {
        case .infoPlist: return nil
        case .expo: return "Expo: \((expoInfoPlistPath ?? ["expo", "ios", "infoPlist"]).joined(separator: "."))"
        case .cordova: return "Cordova: what cordova-ios writes from <access>, <allow-navigation>, <edit-config>"
        }
    }
}

/// A policy file atscheck cannot read for what it is: an Expo configuration written as code.
public struct PolicySourceError: Error, Sendable, CustomStringConvertible {
    /// One line naming the file, why it cannot be read, and the command that writes it as JSON.
    public let description: String
}

/// Reading a policy file as the Info.plist iOS would read: an Info.plist, an Expo
/// configuration or a Cordova `config.xml` (`PolicySourceDocument.lint`, in ATSLint, lints it;
/// ATSApp adds the sources of a whole app or project).
public enum PolicySources {
    /// Reads one policy file: an Expo `app.json`/`app.config.json` (when it has an `expo` or
    /// `ios` object), a Cordova `config.xml` (when its root is `<widget>`), otherwise an
    /// Info.plist or bare ATS dictionary. Throws for `app.config.js`/`app.config.ts`, which
    /// are code atscheck does not run.
    public static func read(_ data: Data, path: String) throws(PolicySourceError) -> PolicySourceDocument {
        let name = PathText.lastComponent(path)
        if ["app.config.js", "app.config.ts", "app.config.mjs", "app.config.cjs"].contains(name) {
            throw PolicySourceError(description: "\(path): an Expo configuration written in JavaScript or TypeScript is code, which atscheck does not run; `npx expo config --json > app.json` (or `npx expo config --type introspect --json`) writes the resolved configuration as a file atscheck reads")
        }
        switch name {
        case "app.json", "app.config.json":
            if let expo = ExpoConfig.read(data, locate: true) {
                return PolicySourceDocument(path: path, kind: .expo, document: expo.document, plistBytes: nil,
                                            expoInfoPlistPath: expo.infoPlistPath, cordova: nil)
            }
        case "config.xml":
            do throws(PlistReadError) {
                let config = try CordovaConfig.read(data)
                if config.isWidget {
                    return PolicySourceDocument(path: path, kind: .cordova, document: .success(config.document), plistBytes: nil,
                                                expoInfoPlistPath: nil, cordova: config)
                }
            } catch {
                return PolicySourceDocument(path: path, kind: .cordova, document: .failure(error), plistBytes: nil,
                                            expoInfoPlistPath: nil, cordova: nil)
            }
        default:
            break
        }
        return PolicySourceDocument(path: path, kind: .infoPlist, document: Result { () throws(PlistReadError) in try PlistReader.read(data) },
                                    plistBytes: data, expoInfoPlistPath: nil, cordova: nil)
    }
}
