/// URLs that string extraction finds but no app loads: templates and patterns, XML namespaces
/// and schema URLs, Apple's DTD, documentation placeholders, loopback addresses. Each rule has a
/// name the report shows; `atscheck app --all` keeps them (docs/app-audit.md#filtered-urls).
/// ``classify(_:)`` is the whole decision for a found string; ``reason(url:host:)`` the part
/// after parsing.
public enum EndpointFilter {
    /// Why `url` (whose host is `host`, lowercased) is noise, or nil to keep it. A template
    /// or wildcard anywhere in `url` sets it aside here; ``classify(_:)`` first cuts off one
    /// that comes after the host and port, and judges the rest.
    public static func reason(url: String, host: String) -> String? {
        if let marker = URLShape.firstMarker(Array(url.utf8)) { return marker.rule }
        let lowered = url.lowercased()
        if apple(lowered) { return "apple-dtd" }
        if matches(host, namespaceHosts) || namespacePrefixes.contains(where: { withoutScheme(lowered).hasPrefix($0) }) { return "xml-namespace" }
        if matches(host, placeholderHosts) { return "placeholder" }
        if loopbackHosts.contains(host) { return "loopback" }
        return nil
    }

    /// `host` is one of `hosts` or a subdomain of one.
    private static func matches(_ host: String, _ hosts: Set<String>) -> Bool {
        hosts.contains(host) || hosts.contains(where: { host.hasSuffix("." + $0) })
    }

    /// `url` without `http://` or `https://`.
    private static func withoutScheme(_ url: String) -> Substring {
        if url.hasPrefix("https://") { return url.dropFirst(8) }
        if url.hasPrefix("http://") { return url.dropFirst(7) }
        return Substring(url)
    }

    private static func apple(_ url: String) -> Bool {
        url.hasPrefix("http://www.apple.com/dtds/") || url.hasPrefix("https://www.apple.com/dtds/")
            || url.hasPrefix("http://apple.com/dtds/") || url.hasPrefix("https://apple.com/dtds/")
    }

    /// Hosts of XML namespaces, schemas and specifications.
    public static let namespaceHosts: Set<String> = [
        "w3.org", "www.w3.org", "schemas.xmlsoap.org", "schemas.microsoft.com", "schemas.openxmlformats.org",
        "ns.adobe.com", "purl.org", "xmlns.com", "json-schema.org", "schema.org", "www.iana.org", "openoffice.org",
        "docs.oasis-open.org", "www.xfa.org", "xml.org", "schemas.android.com", "sitemaps.org", "www.sitemaps.org",
    ]

    /// Namespaces on hosts that also serve pages, as host and path prefixes: iTunes podcast
    /// tags, Sparkle's appcast tags, Media RSS.
    public static let namespacePrefixes: [String] = [
        "www.itunes.com/dtds/", "itunes.com/dtds/", "www.andymatuschak.org/xml-namespaces/", "search.yahoo.com/mrss",
    ]

    /// RFC 2606 example domains.
    public static let placeholderHosts: Set<String> = ["example.com", "example.net", "example.org", "example"]

    /// Loopback and unspecified addresses.
    public static let loopbackHosts: Set<String> = ["localhost", "127.0.0.1", "0.0.0.0", "[::1]", "::1"]
}
