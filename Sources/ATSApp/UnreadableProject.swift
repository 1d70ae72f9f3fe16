/// An Xcode project or XcodeGen spec that could not be read: which Info.plist each of its
/// targets ships cannot be told, so every policy in its folder is unknown.
struct UnreadableProject: Sendable {
    /// The `.xcodeproj` or the spec, input-relative; its folder is what it governs.
    let path: String
    /// The file that could not be read (`project.pbxproj` or the spec), input-relative.
    let file: String
    /// "Xcode project" or "XcodeGen spec", for messages.
    let kind: String
    /// Why it could not be read.
    let why: String
}
