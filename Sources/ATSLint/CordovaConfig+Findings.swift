import ATSPolicy
import ATSPolicySources

extension CordovaConfig {
    /// `finding`, made on the Info.plist cordova-ios writes, told in config.xml's terms: at
    /// the element its key comes from (the `<access>`/`<allow-navigation>` of its host, the
    /// `<access origin="*">` for a global key, the `<edit-config>` block that grafts it, else
    /// `<widget>`), with that element as the key path and a fix that edits the element.
    func restate(_ finding: Finding) -> Finding {
        let path = finding.keyPath.map { Self.components($0, of: document) } ?? []
        let element = elements.enumerated()
            .filter { path.starts(with: $0.element.keyPath) }
            .max { ($0.element.keyPath.count, $0.offset) < ($1.element.keyPath.count, $1.offset) }?.element
        guard let element else {
            return finding.restated(keyPath: "widget", location: rootLocation, fix: finding.fix)
        }
        let fix: String?
        if let rule = element.rule, let url = element.url {
            fix = Self.elementFix(finding, rule: rule, url: url, host: path.count > 2 ? path[2] : nil)
        } else {
            fix = finding.fix.map { "In \(element.tag) at line \(element.start.line): \($0)" }
        }
        return finding.restated(keyPath: element.tag, location: element.start, fix: fix)
    }

    /// A dotted key path split back into `document`'s keys (domain keys hold dots): each
    /// component is the longest key of the dictionary at that point that the rest starts with.
    static func components(_ dotted: String, of document: PlistDocument) -> [String] {
        var result: [String] = []
        var rest = Substring(dotted)
        var node: PlistValue? = document.root.value
        while !rest.isEmpty {
            let keys = (node?.entries ?? []).map(\.key).sorted { $0.count > $1.count }
            let key = keys.first { rest == $0 || rest.hasPrefix($0 + ".") } ?? String(rest.prefix { $0 != "." })
            result.append(key)
            node = node?.entry(key)?.node.value
            rest = rest.dropFirst(key.count)
            if rest.hasPrefix(".") { rest = rest.dropFirst() }
        }
        return result
    }

    /// The fix for a finding about what an `<access>`/`<allow-navigation>` element writes, as
    /// an edit of that element, in the attributes cordova-ios reads.
    static func elementFix(_ finding: Finding, rule: String, url: String, host: String?) -> String? {
        let tag = "<\(rule) \(rule == "access" ? "origin" : "href")=\"\(url)\""
        let https = url.lowercased().hasPrefix("http://") ? "https://" + url.dropFirst(7) : url
        switch finding.rule {
        case "arbitrary-loads":
            return "Replace \(tag)/> with an <access origin=\"https://HOST\"/> per host the app loads; if only web views need arbitrary loads, write <access origin=\"*\" allows-arbitrary-loads-in-web-content=\"true\"/>"
        case "arbitrary-loads-ignored":
            return "Remove allows-arbitrary-loads-in-web-content, allows-arbitrary-loads-in-media and allows-local-networking from \(tag)> if arbitrary loads are really needed; otherwise list the insecure hosts as <access origin=\"http://HOST\"/>"
        case "web-content-arbitrary-loads":
            return "Keep allows-arbitrary-loads-in-web-content=\"true\" on \(tag)> only if the app shows arbitrary web content; otherwise list the hosts as <allow-navigation href=\"https://HOST/*\"/>"
        case "media-arbitrary-loads":
            return "Keep allows-arbitrary-loads-in-media=\"true\" on \(tag)> only if the app plays media from arbitrary hosts; otherwise list them as <access origin=\"https://HOST\"/>"
        case "insecure-http-exception":
            return "Serve \(host ?? "the host") over HTTPS and write \(rule == "access" ? "<access origin" : "<allow-navigation href")=\"\(https)\"/>; if its TLS is merely weak, add minimum-tls-version or requires-forward-secrecy=\"false\" to the https:// element instead"
        case "tls-minimum-deprecated":
            return "Enable TLS 1.2 or later on \(host ?? "the host") and remove minimum-tls-version from \(tag)>"
        case "invalid-tls-version":
            return finding.fix.map { "Set minimum-tls-version=\"\($0)\" on \(tag)>" }
        case "forward-secrecy-disabled":
            return "Enable ECDHE cipher suites on \(host ?? "the host") and remove requires-forward-secrecy=\"false\" from \(tag)>"
        case "obsolete-ct-key":
            return "Remove requires-certificate-transparency from \(tag)>"
        case "subdomains-on-public-suffix":
            return finding.severity == .notice ? nil : "Name the hosts you use (<access origin=\"https://yourapp.\(host ?? "example")\"/>) instead of the wildcard *.\(host ?? "")"
        case "local-exception-unneeded", "builtin-exception-replaced", "ip-exception-unsupported":
            return "Remove \(tag)/> unless its exception is intended (cordova-ios writes an NSExceptionDomains entry for it)"
        case "empty-exception":
            return "Nothing to change if \(host ?? "the host") serves HTTPS with TLS 1.2 and forward secrecy: cordova-ios writes an empty entry for \(tag)>, which only keeps global keys such as origin=\"*\"'s from reaching it"
        case "subdomains-on-ip":
            return "Write the address without *. in \(tag)>"
        default:
            return finding.fix.map { "In \(tag)>: \($0)" }
        }
    }
}
