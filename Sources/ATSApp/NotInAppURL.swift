import ATSVocabulary

/// A URL found only in files the app does not ship or no policy judges (a file in no target, a
/// test target's file): counted and listed apart, never judged.
public struct NotInAppURL: Sendable, Codable, Hashable {
    /// The URL as found.
    public let url: String
    /// Where (at most three places).
    public let foundAt: [Location]
    /// Why its files are not the app's (`a file of the test target AppTests`, `in no target of App.xcodeproj`).
    public let reason: String
}
