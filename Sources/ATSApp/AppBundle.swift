import ATSLint
import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// One bundle inside an app, or one policy source in a project: the app itself, an app
/// extension (which has its own ATS dictionary), a framework or resource bundle (listed; its
/// Info.plist sets no policy: its code runs under the app's or extension's), an Xcode target's
/// Info.plist, an Expo `app.json`'s `ios.infoPlist`, or what cordova-ios makes of `config.xml`.
public struct AppBundle: Sendable {
    /// What kind of bundle.
    public enum Kind: String, Sendable, Codable {
        case app, appExtension = "extension", framework, resourceBundle = "bundle"
        /// An Info.plist in a project directory (an Xcode target, Flutter's ios/Runner).
        case projectTarget = "target"
        /// An Expo `app.json` / `app.config.json`: `expo.ios.infoPlist`.
        case expo
        /// A Cordova / Ionic `config.xml`: the ATS dictionary cordova-ios's prepare step writes.
        case cordova

        /// Whether the bundle's Info.plist is the ATS policy of the code in it.
        public var setsPolicy: Bool { self != .framework && self != .resourceBundle }
    }

    /// The bundle directory, relative to the input (`Payload/Synthetic.app`); for a project
    /// source, the directory it governs (`` for the input itself).
    public let path: String
    /// What kind of bundle or policy source it is, which decides whether it sets policy (`Kind.setsPolicy`).
    public let kind: Kind
    /// CFBundleIdentifier, when the Info.plist has one.
    public let identifier: String?
    /// CFBundleExecutable, when the Info.plist has one.
    public let executable: String?
    /// The file the policy comes from (`Payload/X.app/Info.plist`, `app.json`, `config.xml`).
    public let policyFile: String
    /// The Info.plist's bytes, when the policy is one (lint then reports lines).
    public let policyBytes: Data?
    /// The Info.plist the policy is: as read, or built from app.json / config.xml.
    public internal(set) var document: Result<PlistDocument, PlistReadError>

    /// A policy source built from something other than a bundle's Info.plist read as it is
    /// (`policyBytes` are the bytes linted, when there are any).
    init(path: String, kind: Kind, identifier: String?, policyFile: String, policyBytes: Data? = nil, document: Result<PlistDocument, PlistReadError>) {
        self.path = path
        self.kind = kind
        self.identifier = identifier
        self.executable = nil
        self.policyFile = policyFile
        self.policyBytes = policyBytes
        self.document = document
    }

    private init(copying other: AppBundle, identifier: String?, policyBytes: Data?, document: Result<PlistDocument, PlistReadError>) {
        path = other.path
        kind = other.kind
        self.identifier = identifier
        executable = other.executable
        policyFile = other.policyFile
        self.policyBytes = policyBytes
        self.document = document
    }

    /// The same source with another document (an Info.plist whose policy cannot be told).
    func replacingDocument(_ document: Result<PlistDocument, PlistReadError>) -> AppBundle {
        AppBundle(copying: self, identifier: identifier, policyBytes: document.isFailure ? nil : policyBytes, document: document)
    }

    /// The same source, its bytes kept for lint, with a policy that cannot be told (`why`):
    /// what the file says is still checked, and loads under it are unknown.
    func markingUnknown(_ why: PlistReadError) -> AppBundle {
        AppBundle(copying: self, identifier: identifier, policyBytes: policyBytes, document: .failure(why))
    }

    /// The same source with the bundle identifier the build settings give.
    func replacingIdentifier(_ identifier: String) -> AppBundle {
        AppBundle(copying: self, identifier: identifier, policyBytes: policyBytes, document: document)
    }

    /// The bundle whose Info.plist is at `infoPlistPath` (…/X.app/Info.plist), or nil when the
    /// directory is not a bundle directory.
    /// With `project`, an Info.plist outside any bundle directory is an Xcode target's
    /// (`MyApp/Info.plist`, `MyApp-Info.plist`, Flutter's `ios/Runner/Info.plist`).
    init?(infoPlistPath: String, bytes: Data, project: Bool) {
        let slash = infoPlistPath.lastIndex(of: "/")
        let directory = slash.map { String(infoPlistPath[..<$0]) } ?? ""
        let name = directory.split(separator: "/").last.map(String.init) ?? directory
        switch PathText.pathExtension(name).lowercased() {
        case "app": kind = .app
        case "appex": kind = .appExtension
        case "framework": kind = .framework
        case "bundle": kind = .resourceBundle
        default:
            guard project else { return nil }
            kind = .projectTarget
        }
        path = directory
        policyFile = infoPlistPath
        policyBytes = bytes
        do {
            let document = try PlistReader.read(bytes)
            self.document = .success(document)
            identifier = document.root.value.entry("CFBundleIdentifier").flatMap { Self.string($0.node.value) }
            executable = document.root.value.entry("CFBundleExecutable").flatMap { Self.string($0.node.value) }
        } catch {
            self.document = .failure(error)
            identifier = nil
            executable = nil
        }
    }

    /// Whether the policy could be read: when not, nothing judged under it is allowed or blocked.
    public var policyIsKnown: Bool { !document.isFailure }

    private static func string(_ value: PlistValue) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// The policy linted as the Info.plist iOS would read, reported under `path` (the policy
    /// file's, by default): from its bytes when it is an Info.plist, so findings have lines.
    public func lint(with linter: Linter, path: String? = nil) -> FileReport {
        let path = path ?? policyFile
        switch (policyBytes, document) {
        case (let bytes?, _): return linter.lint(bytes, path: path)
        case (nil, .success(let built)): return linter.lint(document: built, path: path)
        case (nil, .failure(let error)): return linter.unreadable(path: path, message: error.message, at: error.location)
        }
    }
}

extension Result {
    /// Whether this is a failure.
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
