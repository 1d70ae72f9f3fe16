import ATSVocabulary
import ATSPolicy

/// One policy that governs code: an app or app extension of an .ipa, an Xcode target of a
/// project, an Info.plist the layout points to, or an Expo or Cordova configuration; with why
/// atscheck took it.
public struct PolicyUnit: Sendable {
    /// The policy source: where the policy comes from and the Info.plist it amounts to.
    public let bundle: AppBundle
    /// The Xcode target, when a project file named it.
    public let target: String?
    /// What it produces: `app`, `extension`, `watch-app`, `app-clip`, … (from the Xcode target
    /// or the plist), or the source's kind (`expo`, `cordova`).
    public let role: String
    /// The platform its code runs on when it is not iOS (a macOS app target): its URLs are judged
    /// for that platform. Nil for iOS.
    public let platform: TargetOS.Platform?
    /// Why this policy, in one sentence.
    public let reason: String
    /// What turning the source into an Info.plist involved: preprocessor branches taken, keys
    /// Xcode generates, a native project that supersedes it.
    public let notes: [String]
    /// Whether files are judged under it. False for an Expo or Cordova configuration when the
    /// native iOS project it generated is in the tree (the Info.plist there is what ships); it is
    /// still linted.
    public let governsFiles: Bool
    /// The product's name: the Xcode target's PRODUCT_NAME when it expands, else the Info.plist's
    /// CFBundleDisplayName or CFBundleName when they are plain text; nil when none is known.
    public var productName: String? = nil

    /// The name people know the bundle by: the product's, else the target's, else nil.
    public var displayName: String? {
        if let productName, !productName.isEmpty { return productName }
        if let plist = try? bundle.document.get() {
            for key in ["CFBundleDisplayName", "CFBundleName"] {
                if case .string(let value)? = plist.root.value.entry(key)?.node.value, !value.isEmpty, !value.contains("$(") && !value.contains("${") {
                    return value
                }
            }
        }
        return target
    }
}

/// Which policies judge a file, or why none does.
public enum FileOwnership: Sendable, Equatable {
    /// Indices into ``PolicyAttribution/units``.
    case units([Int])
    /// Not judged, with why (a test target's file, a command-line tool's).
    case notJudged(String)
    /// Not app code: in a tree whose Xcode projects (or XcodeGen specs) say what ships, no
    /// target builds, copies or embeds the file, directly or through a local package, a sibling
    /// project's framework or a development pod, and it ships by no other route (JavaScript,
    /// Dart, web content). With why (`in no target of ios/App.xcodeproj`).
    case inNoTarget(String)
}

/// A property list that could have been a policy source and is not, with why.
public struct SetAsidePolicy: Sendable, Codable, Hashable {
    /// Input-relative path.
    public let path: String
    /// Why it sets no policy (`no target of MyApp.xcodeproj uses it as its Info.plist`).
    public let reason: String
}
