import ATSPolicy
import Foundation
import ATSSocket

/// A `host` TARGET: `name`, `name:port`, `[v6]:port`, an IP, or an `http(s)://` URL.
struct HostTarget: Equatable {
    /// The URL the verdict is about.
    let url: String
    /// Host name or IP literal, without brackets.
    let host: String
    /// TCP port.
    let port: UInt16
    /// `https` or `http`.
    let scheme: String

    /// Parses TARGET; `portOverride` is `--port`.
    static func parse(_ text: String, portOverride: UInt16?) -> HostTarget? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.contains(" ") else { return nil }
        if trimmed.contains("://") {
            guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
                  ["http", "https"].contains(scheme), let host = components.host, !host.isEmpty else { return nil }
            let bare = HostPort.unbracketed(host)
            // A port outside 1-65535 is an error, not a reason to fall back to the default port.
            if let written = components.port, !(1...65535).contains(written) { return nil }
            let port = portOverride ?? components.port.flatMap { UInt16(exactly: $0) } ?? (scheme == "https" ? 443 : 80)
            var rebuilt = components
            if portOverride != nil { rebuilt.port = Int(port) }
            return HostTarget(url: rebuilt.string ?? trimmed, host: bare, port: port, scheme: scheme)
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
        if host.contains(":") && IPAddressParser.parse(host) == nil { return nil }
        let finalPort = portOverride ?? port ?? 443
        let shown = HostPort.bracketed(host)
        return HostTarget(url: "https://\(shown)" + (finalPort == 443 ? "" : ":\(finalPort)") + "/", host: host,
                          port: finalPort, scheme: "https")
    }
}
