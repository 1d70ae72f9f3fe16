import AtscheckSystem
import ATSVocabulary
import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one check judges: the URL, and where to connect for it. Written as `name`,
/// `name:port`, `[v6]:port`, an IP, or an `http(s)://` URL.
///
/// Made only by ``init(url:)``, ``init(host:port:scheme:address:)`` or ``parse(_:portOverride:)``:
/// the URL, host, port and scheme come from one parse and cannot disagree.
public struct CheckTarget: Sendable, Hashable {
    /// The URL the verdict is about.
    public let url: String
    /// Host name or IP literal, without brackets.
    public let host: String
    /// TCP port.
    public let port: UInt16
    /// `https` or `http` (`wss` and `ws` URLs are judged as them).
    public let scheme: URLScheme
    /// Connect to this IP instead of resolving `host` (the name still drives SNI, policy and
    /// hostname checks).
    public var address: String?
    /// Send this SNI instead of `host`.
    public var serverName: String?
    /// The URL as the resolver reads it, from the same parse (or why the resolver cannot read
    /// it, for a bare host name no URL can carry).
    let resolvable: Result<ResolvableURL, ResolutionError>

    private init(url: String, host: String, port: UInt16, scheme: URLScheme, resolvable: Result<ResolvableURL, ResolutionError>) {
        self.url = url
        self.host = host
        self.port = port
        self.scheme = scheme
        self.resolvable = resolvable
    }

    /// The target of an `http`, `https`, `ws` or `wss` URL; throws when ATS could not resolve it
    /// (no scheme, another scheme, no host) or its port is outside 1-65535.
    public init(url: String) throws(ResolutionError) {
        guard let components = URLComponents(string: url) else {
            throw ResolutionError(description: "'\(url)' is not a URL with a scheme (e.g. https://api.example.com/)")
        }
        try self.init(components, text: url, portOverride: nil)
    }

    /// The target of the URL `components` were parsed from; `portOverride` replaces its port.
    private init(_ components: URLComponents, text: String, portOverride: UInt16?) throws(ResolutionError) {
        // A port outside 1-65535 is an error, not a reason to fall back to the default port.
        if let written = components.port, !(1...65535).contains(written) {
            throw ResolutionError(description: "'\(text)' has the port \(written), outside 1-65535")
        }
        var rebuilt = components
        if portOverride != nil { rebuilt.port = portOverride.map(Int.init) }
        let url = rebuilt.string ?? text
        let resolvable = try ResolvableURL(rebuilt, text: url)
        let port = portOverride ?? components.port.flatMap { UInt16(exactly: $0) } ?? resolvable.scheme.defaultPort
        self.init(url: url, host: HostPort.unbracketed(URLHost.of(components) ?? ""), port: port, scheme: resolvable.scheme,
                  resolvable: .success(resolvable))
    }

    /// `https://host:port/` (brackets around IPv6 literals, the port left out when default).
    public init(host: String, port: UInt16, scheme: URLScheme = .https, address: String? = nil) {
        let url = "\(scheme.rawValue)://\(HostPort.bracketed(host))" + (port == scheme.defaultPort ? "" : ":\(port)") + "/"
        // A name of plain URL characters (or an IP literal) is the URL's host as written; any
        // other name is read from the URL as the resolver would read it.
        let resolvable: Result<ResolvableURL, ResolutionError> = Self.isPlainHost(host)
            ? .success(ResolvableURL(text: url, scheme: scheme, host: HostName(host)))
            : Result { () throws(ResolutionError) in try ResolvableURL(parsing: url) }
        self.init(url: url, host: host, port: port, scheme: scheme, resolvable: resolvable)
        self.address = address
    }

    /// Letters, digits, `-`, `.`, `_` and `~` only, or an IP literal without a zone: what a URL
    /// parser returns unchanged as the host.
    static func isPlainHost(_ host: String) -> Bool {
        if IPAddress(host, allowingZone: false) != nil { return !host.contains(Character("%")) }
        return !host.isEmpty && host.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || "-._~".utf8.contains(byte)
        }
    }

    /// Parses a target as written on a command line; `portOverride` replaces the written port.
    /// Nil when the text is not one of the accepted forms.
    public static func parse(_ text: String, portOverride: UInt16? = nil) -> CheckTarget? {
        let trimmed = Self.trimmingBlanks(text)
        guard !trimmed.isEmpty, !trimmed.contains(Character(" ")) else { return nil }
        if ByteSearch.contains(trimmed, "://") {
            guard let components = URLComponents(string: trimmed), let written = components.scheme?.lowercased(),
                  ["http", "https"].contains(written) else { return nil }
            return try? CheckTarget(components, text: trimmed, portOverride: portOverride)
        }
        var host = trimmed
        var port: UInt16? = nil
        if trimmed.hasPrefix("[") {
            guard let close = trimmed.firstIndex(of: "]") else { return nil }
            host = String(trimmed[trimmed.index(after: trimmed.startIndex)..<close])
            let rest = trimmed[trimmed.index(after: close)...]
            if rest.hasPrefix(":") {
                guard let value = UInt16(rest.dropFirst()) else { return nil }
                port = value
            } else if !rest.isEmpty { return nil }
        } else if trimmed.filter({ $0 == ":" }).count == 1 {
            let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
            guard let value = UInt16(parts[1]) else { return nil }
            host = String(parts[0])
            port = value
        }
        guard !host.isEmpty, port != 0 else { return nil }
        // A path, query, fragment or user part needs the URL form; as a bare name it would be
        // dialled verbatim while the URL judged names another host.
        if host.contains(where: { "/?#@".contains($0) }) { return nil }
        if host.contains(Character(":")) && IPAddress(host, allowingZone: false) == nil { return nil }
        return CheckTarget(host: host, port: portOverride ?? port ?? 443)
    }

    /// `text` without leading and trailing tabs and space separators (what
    /// `CharacterSet.whitespaces` holds), without Foundation's `trimmingCharacters`, which costs
    /// about 0.3 ms on first use in a process.
    static func trimmingBlanks(_ text: String) -> String {
        func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isBlank($0) }), let last = scalars.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(scalars[first...last])
    }
}

extension CheckTarget {
    /// The https:// URL of the same resource, for an http:// target: the "upgrade insecure
    /// requests" move (the default port 80 becomes 443; another port is kept). Nil for https://.
    public var httpsTwin: CheckTarget? {
        guard scheme == .http, var components = URLComponents(string: url) else { return nil }
        components.scheme = "https"
        let twinPort: UInt16 = port == URLScheme.http.defaultPort ? URLScheme.https.defaultPort : port
        components.port = twinPort == URLScheme.https.defaultPort ? nil : Int(twinPort)
        guard let text = components.string else { return nil }
        var twin = CheckTarget(url: text, host: host, port: twinPort, scheme: .https,
                               resolvable: Result { () throws(ResolutionError) in try ResolvableURL(components, text: text) })
        twin.address = address
        twin.serverName = serverName
        return twin
    }
}
