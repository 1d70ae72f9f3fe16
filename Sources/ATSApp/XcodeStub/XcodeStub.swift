// TEMPORARY: the interface helper h-xcode implements; removed when its branch is merged.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public struct XcodeProject: Sendable {
    public let path: String
    public let sourceRoot: String
    public let targets: [XcodeTarget]
    public let problems: [String]
    public static func read(pbxproj: Data, projectPath: String, readFile: (String) -> Data?) throws(XcodeProjectError) -> XcodeProject {
        throw XcodeProjectError(description: "stub")
    }
}
public struct XcodeProjectError: Error, Sendable, CustomStringConvertible { public let description: String }
public enum XcodePlatform: String, Sendable, Codable, Hashable { case iOS = "ios", macOS = "macos", tvOS = "tvos", watchOS = "watchos", visionOS = "visionos", macCatalyst = "maccatalyst" }
public struct XcodeTarget: Sendable {
    public enum Kind: String, Sendable, Codable {
        case app, appExtension = "extension", framework, library, unitTests = "unit-tests", uiTests = "ui-tests",
             watchApp = "watch-app", watchExtension = "watch-extension", appClip = "app-clip", bundle, tool, other
    }
    public let name: String
    public let productType: String
    public let kind: Kind
    public let platforms: Set<XcodePlatform>
    public let configuration: String
    public let infoPlistFile: String?
    public let infoPlistFiles: [String: String]
    public let generatesInfoPlist: Bool
    public let infoPlistKeys: [String: String]
    public let preprocessesInfoPlist: Bool
    public let preprocessorDefinitions: [String]
    public let preprocessorPrefixHeader: String?
    public let productName: String
    public let bundleIdentifier: String?
    public let files: [String]
    public let folders: [String]
    public let excludedFiles: [String]
    public let dependencies: [String]
    public let hostTarget: String?
    public func owns(_ file: String) -> Bool { false }
}
