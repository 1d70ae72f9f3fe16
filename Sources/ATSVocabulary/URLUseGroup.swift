/// What a report says an app's code does with a URL, without the API or reason behind it
/// (the JSON `use` of `atscheck app`, docs/json-schema.md); its raw value is that spelling.
public enum URLUseGroup: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Loaded by the app: ATS governs it.
    case load
    /// Handed to another app or the system to open: ATS does not apply.
    case openedOutside = "opened-outside"
    /// Never loaded (a namespace, text, a comparison, code out of the build).
    case neverLoaded = "never-loaded"
    /// Found, but what uses it was not seen.
    case notSeen = "not-seen"

    /// Its JSON spelling, also in text.
    public var description: String { rawValue }
}
