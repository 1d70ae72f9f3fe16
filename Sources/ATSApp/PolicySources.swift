import ATSLint
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
    let plistBytes: Data?
    /// For an Expo file: where the Info.plist is in it (`expo.ios.infoPlist`).
    let expoInfoPlistPath: [String]?
    /// For a Cordova file: what was read, to put findings at its elements.
    let cordova: CordovaConfig?

    /// Where in the file the policy comes from, for people: `Expo: expo.ios.infoPlist`,
    /// `Cordova: what cordova-ios writes from <access> and <allow-navigation>`, nil for a plist.
    public var origin: String? {
        switch kind {
        case .infoPlist: return nil
        case .expo: return "Expo: \((expoInfoPlistPath ?? ["expo", "ios", "infoPlist"]).joined(separator: "."))"
        case .cordova: return "Cordova: what cordova-ios writes from <access>, <allow-navigation>, <edit-config>"
        }
    }

    /// The policy linted as the Info.plist iOS would read, reported under `path` (the file's by
    /// default). Findings on an Expo or Cordova file are told in its terms: the JSON key path
    /// (`expo.ios.infoPlist.NSAppTransportSecurity…`) or the element, its line and column, and
    /// a fix that edits the file.
    public func lint(with linter: Linter, path reportPath: String? = nil) -> FileReport {
        let reportPath = reportPath ?? path
        let report: FileReport
        switch (plistBytes, document) {
        case (let bytes?, _): return linter.lint(bytes, path: reportPath)
        case (nil, .success(let built)): report = linter.lint(document: built, path: reportPath)
        case (nil, .failure(let error)): return linter.unreadable(path: reportPath, message: error.message, at: error.location)
        }
        if let cordova {
            return FileReport(path: reportPath, findings: report.findings.map(cordova.restate))
        }
        guard let prefix = expoInfoPlistPath?.joined(separator: ".") else { return report }
        return FileReport(path: reportPath, findings: report.findings.map { finding in
            let keyPath = finding.keyPath.map { prefix + "." + $0 } ?? prefix
            return finding.restated(keyPath: keyPath, location: finding.line.map { SourceLocation(line: $0, column: finding.column ?? 1) },
                                    fix: finding.fix.map { "\(Self.jsonLiterals($0)) (at \(keyPath))" })
        })
    }

    /// A fix written with plist XML values (`<true/>`, `<string>TLSv1.2</string>`) in JSON's.
    static func jsonLiterals(_ fix: String) -> String {
        var text = fix
        for (xml, json) in [("<true/> or <false/>", "true or false"), ("<true/>", "true"), ("<false/>", "false"), ("<dict>…</dict>", "{…}")] {
            while let range = text.firstRange(of: xml) { text.replaceSubrange(range, with: json) }
        }
        while let open = text.firstRange(of: "<string>"), let close = text[open.upperBound...].firstRange(of: "</string>") {
            text.replaceSubrange(open.lowerBound..<close.upperBound, with: "\"" + text[open.upperBound..<close.lowerBound] + "\"")
        }
        return text
    }
}

/// A policy file atscheck cannot read for what it is: an Expo configuration written as code.
public struct PolicySourceError: Error, Sendable, CustomStringConvertible {
    /// One line naming the file, why it cannot be read, and the command that writes it as JSON.
    public let description: String
}

/// The policy sources of an app input or project, for `atscheck lint`: every bundle's or
/// project target's Info.plist, Expo configuration and Cordova `config.xml`, each linted as
/// the Info.plist iOS would read.
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

    /// One report per source that sets policy, paths prefixed with the input's; empty when
    /// the input holds none. Expo and Cordova sources in a directory are read again through
    /// ``read(_:path:)`` so that their findings carry positions in the file.
    public static func lint(_ inventory: AppInventory, files: AppFiles, linter: Linter, input: String) -> [FileReport] {
        let base = input.hasSuffix("/") ? input : input + "/"
        var seen: Set<String> = []
        // The policies `atscheck app` judges under (Xcode targets' Info.plists, preprocessed as
        // the build does; never Firebase's or a framework's plist), each once.
        let bundles = PolicyAttribution.make(inventory, isProject: files.isProject, readFile: files.readProjectFile).units
            .map(\.bundle).filter { seen.insert($0.policyFile).inserted }
        return bundles.map { bundle in
            let path = base + bundle.policyFile
            if bundle.kind == .expo || bundle.kind == .cordova, FileKind.of(input, followingLinks: true) == .directory,
               let data = try? RegularFile.read(atPath: path, limit: PlistReader.Limits.default.maximumBytes),
               let source = try? read(data, path: path), source.kind != .infoPlist {
                return source.lint(with: linter)
            }
            return bundle.lint(with: linter, path: path)
        }
    }
}
