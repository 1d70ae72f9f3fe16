import ATSVocabulary

/// The one atscheck command that confirms a decoded error's top cause, built from the URL or
/// host the text names (`HOST` stands in when it names none; `Info.plist` for the app's plist unless its path is given).
///
/// Every piece taken from the paste (or `--url`) is one POSIX shell word (``WhyContext/shellQuoted(_:)``):
/// a pasted `https://x.example/v1;touch$IFS./PWNED;` must not run anything when the command is pasted back.
enum NextCommand {
    /// Where the failing load went, as far as the text says.
    struct Target {
        let url: String?
        let host: String?
        let port: Int?
        let scheme: String?

        init(facts: IncidentFacts, fallbackHost: String? = nil) {
            let url = facts.urls.first
            self.url = url
            let parts = url.flatMap(Self.split)
            scheme = parts?.scheme
            port = parts?.port
            if let host = parts?.host {
                self.host = host
            } else if let host = facts.messageHosts.first {
                self.host = host
            } else if let leaf = facts.certificateDetails.first(where: { $0.index == 0 }), Self.looksLikeHost(leaf.name) {
                host = leaf.name
            } else {
                host = fallbackHost
            }
        }

        /// `scheme://host[:port]/…` → its parts; IPv6 literals keep their brackets.
        static func split(_ url: String) -> (scheme: String, host: String, port: Int?)? {
            guard let marker = url.firstRange(of: "://") else { return nil }
            let scheme = url[..<marker.lowerBound].lowercased()
            let rest = url[marker.upperBound...]
            let hostPart = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            let authority: String = hostPart.split(separator: "@").last.map { String($0) } ?? ""
            if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
                let host = String(authority[...close])
                let tail = authority[authority.index(after: close)...]
                return (scheme, host, tail.hasPrefix(":") ? Int(tail.dropFirst()) : nil)
            }
            let pieces = authority.split(separator: ":", maxSplits: 1)
            guard let host = pieces.first, !host.isEmpty else { return nil }
            return (scheme, String(host), pieces.count == 2 ? Int(pieces[1]) : nil)
        }

        static func looksLikeHost(_ name: String) -> Bool {
            name.contains(".") && !name.contains(" ") && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "*" }
                && !name.hasPrefix("*")
        }

        /// `host:port`, the form `atscheck host` takes for a port that may not speak HTTPS.
        var hostAndPort: String {
            guard let host else { return "HOST:PORT" }
            let port = port ?? (scheme == "http" ? 80 : 443)
            return "\(host):\(port)"
        }

        /// The https URL to probe: the failing one when it is https, else one built from the host.
        var httpsURL: String {
            if let url, scheme == "https" || scheme == "wss" { return scheme == "wss" ? "https" + url.dropFirst(3) : url }
            return "https://\(host ?? "HOST")/"
        }

        /// The cleartext URL to explain.
        var cleartextURL: String { url ?? "http://\(host ?? "HOST")/" }
    }

    static func command(for reason: String?, facts: IncidentFacts, target: Target, notATS: String?, policy: String = "Info.plist") -> String? {
        let word = WhyContext.shellQuoted
        if notATS != nil {
            if facts.urlCode == -1003 || facts.urlCode == -1006 { return "atscheck host \(word(target.host ?? "HOST"))" }
            return nil
        }
        guard let reason else { return target.host.map { "atscheck host \(word(Target.httpsURLFor($0))) --policy \(policy)" } }
        let era = facts.era.target
        switch reason {
        case "insecure-http":
            let ipLiteral = target.host.map { IPAddress($0.trimmingCharacters(in: "[]")) != nil } ?? false
            let os = era ?? (ipLiteral ? "ios17" : nil)
            return "atscheck explain \(word(target.cleartextURL)) --policy \(policy)" + (os.map { " --target \($0)" } ?? "")
        case "not-tls":
            return "atscheck host \(word(target.hostAndPort))"
        case "connection-failed" where [-1003, -1004, -1006].contains(facts.urlCode ?? 0):
            return "atscheck host \(word(target.hostAndPort))"
        case "timeout":
            return "atscheck host \(word(target.httpsURL)) --timeout 30"
        default:
            break
        }
        if facts.nwTLSDescription != nil { return "atscheck host \(word(target.hostAndPort))" }
        if !facts.networkErrors.isEmpty, target.url == nil { return "atscheck host \(word((target.host ?? "HOST") + ":443")) --policy \(policy)" }
        if facts.osStatusCodes.first == -67843, reason == "cert-untrusted" {
            return "atscheck cert leaf.pem --host \(word(target.host ?? "HOST"))"
        }
        let os = era ?? (facts.pinningSentence ? "ios13" : nil)
        return "atscheck host \(word(target.httpsURL)) --policy \(policy)" + (os.map { " --target \($0)" } ?? "")
    }
}

extension NextCommand.Target {
    static func httpsURLFor(_ host: String) -> String { "https://\(host)/" }
}

extension String {
    /// The string without leading and trailing characters from `set`.
    func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
