/// URLs that string extraction finds but no app loads: XML namespaces and schema URLs, Apple's
/// DTD, documentation placeholders, loopback addresses and format templates. Each rule has a
/// name the report shows; `atscheck app --all` keeps them (docs/app-audit.md#filtered-urls).
public enum EndpointFilter {
    /// Why `url` (whose host is `host`, lowercased) is noise, or nil to keep it.
    public static func reason(url: String, host: String) -> String? {
        let lowered = url.lowercased()
        if lowered.contains("%@") || lowered.contains("%s") || lowered.contains("%d") || lowered.contains("{") || lowered.contains("$(") {
            return "template"
        }
        if apple(lowered) { return "apple-dtd" }
        if matches(host, namespaceHosts) { return "xml-namespace" }
        if matches(host, placeholderHosts) { return "placeholder" }
        if loopbackHosts.contains(host) { return "loopback" }
        return nil
    }

    /// `host` is one of `hosts` or a subdomain of one.
    private static func matches(_ host: String, _ hosts: Set<String>) -> Bool {
        hosts.contains(host) || hosts.contains(where: { host.hasSuffix("." + $0) })
    }

    private static func apple(_ url: String) -> Bool {
        url.hasPrefix("http://www.apple.com/dtds/") || url.hasPrefix("https://www.apple.com/dtds/")
            || url.hasPrefix("http://apple.com/dtds/") || url.hasPrefix("https://apple.com/dtds/")
    }

    /// Hosts of XML namespaces, schemas and specifications.
    public static let namespaceHosts: Set<String> = [
        "w3.org", "www.w3.org", "schemas.xmlsoap.org", "schemas.microsoft.com", "schemas.openxmlformats.org",
        "ns.adobe.com", "purl.org", "xmlns.com", "json-schema.org", "schema.org", "www.iana.org", "openoffice.org",
        "docs.oasis-open.org", "www.xfa.org", "xml.org",
    ]

    /// RFC 2606 example domains.
    public static let placeholderHosts: Set<String> = ["example.com", "example.net", "example.org", "example"]

    /// Loopback and unspecified addresses.
    public static let loopbackHosts: Set<String> = ["localhost", "127.0.0.1", "0.0.0.0", "[::1]", "::1"]
}
