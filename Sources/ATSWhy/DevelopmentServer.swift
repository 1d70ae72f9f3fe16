import ATSVocabulary

/// A failing URL that points at a development server: a loopback, private or link-local
/// address, `localhost` or a `.local` name, at a port other than 443. WebKit reports an
/// https:// load from such a server that answers in plain HTTP (a `npm start`, `ionic serve`
/// or `flutter run -d web-server` port) as "An SSL error has occurred", NSURLError -1200.
enum DevelopmentServer {
    /// The host and explicit port of the error's https:// URL when it is a development server's.
    static func port(of facts: IncidentFacts) -> (host: String, port: Int)? {
        guard let url = facts.urls.first, let parts = NextCommand.Target.split(url), parts.scheme == "https",
              let port = parts.port, port != 443, isLocal(parts.host) else { return nil }
        return (parts.host, port)
    }

    /// `localhost`, `*.localhost`, `*.local`, and loopback, private (RFC 1918, ULA) and
    /// link-local addresses.
    static func isLocal(_ host: String) -> Bool {
        let name = host.lowercased().trimmingCharacters(in: "[]")
        if name == "localhost" || name.hasSuffix(".localhost") || name.hasSuffix(".local") { return true }
        guard let address = IPAddress(name) else { return false }
        return address.isLoopback || address.isPrivate || address.isLinkLocal
    }
}
