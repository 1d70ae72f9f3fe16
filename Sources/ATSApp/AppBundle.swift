import ATSPolicy
import Foundation

/// One bundle inside an app: the app itself, an app extension (which has its own ATS
/// dictionary), or a framework or resource bundle (listed; its Info.plist sets no policy:
/// its code runs under the app's or extension's).
public struct AppBundle: Sendable {
    /// What kind of bundle.
    public enum Kind: String, Sendable, Codable {
        case app, appExtension = "extension", framework, resourceBundle = "bundle"

        /// Whether the bundle's Info.plist is the ATS policy of the code in it.
        public var setsPolicy: Bool { self == .app || self == .appExtension }
    }

    /// The bundle directory, relative to the input (`Payload/Synthetic.app`).
    public let path: String
    public let kind: Kind
    /// CFBundleIdentifier, when the Info.plist has one.
    public let identifier: String?
    /// CFBundleExecutable, when the Info.plist has one.
    public let executable: String?
    /// The Info.plist bytes, as read.
    public let infoPlist: Data
    /// The Info.plist parsed, or why it could not be.
    public let document: Result<PlistDocument, PlistReadError>

    /// `Info.plist` inside the bundle.
    public var infoPlistPath: String { path + "/Info.plist" }

    /// The bundle whose Info.plist is at `infoPlistPath` (…/X.app/Info.plist), or nil when the
    /// directory is not a bundle directory.
    init?(infoPlistPath: String, bytes: Data) {
        guard infoPlistPath.hasSuffix("/Info.plist") else { return nil }
        let directory = String(infoPlistPath.dropLast("/Info.plist".count))
        let name = directory.split(separator: "/").last.map(String.init) ?? directory
        switch (name as NSString).pathExtension.lowercased() {
        case "app": kind = .app
        case "appex": kind = .appExtension
        case "framework": kind = .framework
        case "bundle": kind = .resourceBundle
        default: return nil
        }
        path = directory
        infoPlist = bytes
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

    private static func string(_ value: PlistValue) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// Whether `file` (a path relative to the input) lies inside this bundle.
    func contains(_ file: String) -> Bool { file.hasPrefix(path + "/") }
}
