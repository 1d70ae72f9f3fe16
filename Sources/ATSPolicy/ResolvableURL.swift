import ATSVocabulary
#if canImport(FoundationEssentials)
import AtscheckSystem
import FoundationEssentials
#else
import Foundation
#endif

/// A URL as ``ATSResolver`` reads it: the text, its scheme and its host, parsed once. A
/// caller that has parsed the URL already (`ATSCheck.CheckTarget`) builds it from its own
/// `URLComponents`, so nothing parses the same text twice.
public struct ResolvableURL: Sendable, Hashable {
    /// The URL as given.
    public let text: String
    /// `http` or `https` (`ws` and `wss` read as them).
    public let scheme: URLScheme
    /// The host as ATS matches it (percent escapes decoded, lower-cased, no brackets).
    public let host: HostName

    /// Parses `text`; throws when it has no scheme, a scheme ATS does not cover, or no host.
    public init(parsing text: String) throws(ResolutionError) {
        guard let components = URLComponents(string: text) else {
            throw ResolutionError(description: "'\(text)' is not a URL with a scheme (e.g. https://api.example.com/)")
        }
        try self.init(components, text: text)
    }

    /// The URL `components` were parsed from, `text`; throws as ``init(parsing:)`` does.
    public init(_ components: URLComponents, text: String) throws(ResolutionError) {
        guard let rawScheme = components.scheme?.lowercased() else {
            throw ResolutionError(description: "'\(text)' is not a URL with a scheme (e.g. https://api.example.com/)")
        }
        guard let scheme = URLScheme(urlScheme: rawScheme) else {
            throw ResolutionError(description: "'\(text)' uses the scheme '\(rawScheme)'; ATS applies to http and https")
        }
        guard let host = URLHost.of(components), !host.isEmpty else {
            throw ResolutionError(description: "'\(text)' has no host")
        }
        self.init(text: text, scheme: scheme, host: HostName(host.contains(Character("%")) ? host.removingPercentEscapes ?? host : host))
    }

    /// A URL whose parts are known without parsing (a caller that wrote `text` from them).
    public init(text: String, scheme: URLScheme, host: HostName) {
        self.text = text
        self.scheme = scheme
        self.host = host
    }
}
