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
    /// For an Info.plist with preprocessor lines read with definitions (`--define`): the
    /// definitions and each branch taken, or why the file could not be preprocessed (then
    /// ``document`` is a failure and the policy is unknown). Nil when it was not preprocessed.
    public internal(set) var preprocessing: PolicyPreprocessing? = nil

    /// Why the policy is unknown rather than unreadable: the file is a preprocessed Info.plist
    /// atscheck cannot follow (`#include`, a function-like macro, an expression it does not
    /// evaluate). Nil otherwise.
    public var preprocessingFailure: InfoPlistPreprocessor.Failure? {
        guard case .failure(let failure)? = preprocessing?.outcome else { return nil }
        return failure
    }

    /// Where in the file the policy comes from, for people: `Expo: expo.ios.infoPlist`,
    /// `Cordova: what cordova-ios writes from <access> and <allow-navigation>`, the
    /// preprocessing of an Info.plist and its branches; nil for a plain plist.
    public var origin: String? {
        switch kind {
        case .infoPlist: return preprocessing?.description
        case .expo: return "Expo: \((expoInfoPlistPath ?? ["expo", "ios", "infoPlist"]).joined(separator: "."))"
        case .cordova: return "Cordova: what cordova-ios writes from <access>, <allow-navigation>, <edit-config>"
        }
    }
}

/// How an Info.plist with preprocessor lines became the policy: the definitions given (as
/// Xcode's `INFOPLIST_PREPROCESSOR_DEFINITIONS`) and which way each conditional went.
public struct PolicyPreprocessing: Sendable, CustomStringConvertible {
    /// The definitions, `NAME` or `NAME=VALUE`, in the order given.
    public let definitions: [String]
    /// One line per conditional (`line 9: #ifdef DEBUG: kept (DEBUG is defined)`), or why the
    /// file could not be preprocessed.
    public let outcome: Result<[String], InfoPlistPreprocessor.Failure>

    /// `Info.plist preprocessed with DEBUG API_LEVEL=2: line 9: #ifdef DEBUG: kept (DEBUG is
    /// defined); …`, or `… with no definitions: …`; for a failure, why.
    public var description: String {
        let with = definitions.isEmpty ? "no definitions (no --define)" : "--define " + definitions.joined(separator: " ")
        switch outcome {
        case .success(let branches):
            return "Info.plist preprocessed with \(with)" + (branches.isEmpty ? "" : ": " + branches.joined(separator: "; "))
        case .failure(let failure):
            return "Info.plist preprocessed with \(with): cannot be followed: \(failure.description)"
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
    ///
    /// With `definitions` (even none), an Info.plist with preprocessor lines (`#if`, `#ifdef`,
    /// `#define`…) is preprocessed first, as Xcode does with `INFOPLIST_PREPROCESS` and those
    /// `INFOPLIST_PREPROCESSOR_DEFINITIONS` (``InfoPlistPreprocessor``): the document says which
    /// branches were taken (``PolicySourceDocument/preprocessing``), and a file that cannot be
    /// followed is a failure with why (``PolicySourceDocument/preprocessingFailure``). Without
    /// `definitions` such a file is read as it is, and is not a property list.
    public static func read(_ data: Data, path: String, definitions: [String]? = nil) throws(PolicySourceError) -> PolicySourceDocument {
        let name = PathText.lastComponent(path)
        if ["app.config.js", "app.config.ts", "app.config.mjs", "app.config.cjs"].contains(name) {
            throw PolicySourceError(description: "\(path): an Expo configuration written in JavaScript or TypeScript is code, which atscheck does not run; `npx expo config --json > app.json` (or `npx expo config --type introspect --json`) writes the resolved configuration as a file atscheck reads")
        }
        if name == "config.xml", isCapacitorGeneratedConfigXML(path) {
            throw PolicySourceError(description: "\(path): the config.xml Capacitor generates for Cordova plugins (npx cap sync) is no policy: Capacitor runs no cordova-ios prepare step, so nothing of it becomes NSAppTransportSecurity; the app's policy is the Info.plist beside it (ios/App/App/Info.plist)")
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
        if let definitions, !data.starts(with: Array("bplist".utf8)), InfoPlistPreprocessor.hasDirectives(data) {
            return preprocessed(data, path: path, definitions: definitions)
        }
        return PolicySourceDocument(path: path, kind: .infoPlist, document: Result { () throws(PlistReadError) in try PlistReader.read(data) },
                                    plistBytes: data, expoInfoPlistPath: nil, cordova: nil)
    }

    /// An Info.plist with preprocessor lines, preprocessed with `definitions`.
    private static func preprocessed(_ data: Data, path: String, definitions: [String]) -> PolicySourceDocument {
        var source: PolicySourceDocument
        do throws(InfoPlistPreprocessor.Failure) {
            let output = try InfoPlistPreprocessor.preprocess(data, definitions: definitions)
            // Directive lines are left empty, so lines and columns are still the file's.
            source = PolicySourceDocument(path: path, kind: .infoPlist, document: Result { () throws(PlistReadError) in try PlistReader.read(output.bytes) },
                                          plistBytes: output.bytes, expoInfoPlistPath: nil, cordova: nil)
            source.preprocessing = PolicyPreprocessing(definitions: definitions, outcome: .success(output.branches))
        } catch {
            source = PolicySourceDocument(path: path, kind: .infoPlist,
                                          document: .failure(PlistReadError("the Info.plist is preprocessed and atscheck cannot follow it: \(error.description)")),
                                          plistBytes: nil, expoInfoPlistPath: nil, cordova: nil)
            source.preprocessing = PolicyPreprocessing(definitions: definitions, outcome: .failure(error))
        }
        return source
    }

    /// Whether `path` is the `config.xml` Capacitor's CLI writes into its iOS app
    /// (`ios/App/App/config.xml`; ionic-team/capacitor cli/src/cordova.ts `autoGenerateConfig`,
    /// from the Cordova plugins' `<feature>`s and `cordova.accessOrigins` /
    /// `cordova.preferences`, `<access origin="*">` when no origins are configured). Capacitor's
    /// iOS runtime reads it only for Cordova plugins (ios/Capacitor/Capacitor/
    /// CAPInstanceDescriptor.swift `_parseConfiguration`, into `cordovaConfiguration`) and never
    /// runs cordova-ios's prepare step, so nothing of it becomes NSAppTransportSecurity: it is no
    /// policy. cordova-ios itself writes under `platforms/ios/` (`platforms/ios/App/config.xml`
    /// in cordova-ios 8), never there.
    public static func isCapacitorGeneratedConfigXML(_ path: String) -> Bool {
        ("/" + path).hasSuffix("/ios/App/App/config.xml") && !path.hasPrefix("platforms/") && !path.contains("/platforms/")
    }
}
