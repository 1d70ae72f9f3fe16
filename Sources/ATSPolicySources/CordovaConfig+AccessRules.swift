import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension CordovaConfig {
    // MARK: <access> and <allow-navigation>

    /// The rules as they are after cordova-ios merges config.xml into its platform config: the
    /// root's in order, then `<platform name="ios">`'s; an element identical (name, attributes,
    /// text) to one already there replaces it at the end.
    static func mergedRules(_ rules: [CordovaConfigXML.Rule]) -> [CordovaConfigXML.Rule] {
        var merged: [CordovaConfigXML.Rule] = []
        for rule in rules.filter({ !$0.inPlatform }) + rules.filter(\.inPlatform) {
            if let index = merged.firstIndex(where: {
                $0.name == rule.name && $0.attributes == rule.attributes && (rule.text.isEmpty || rule.text == $0.text)
            }) {
                merged.remove(at: index)
            }
            merged.append(rule)
        }
        return merged
    }

    /// The ATS keys one host has gathered, in the order they were first set.
    private struct HostKeys {
        var hostname: String
        var entries: [PlistEntry] = []
    }

    /// The key path of every dictionary in `value` (itself included), `path` first.
    static func dictionaryPaths(_ value: PlistValue, under path: [String]) -> [[String]] {
        guard let entries = value.entries else { return [path] }
        return [path] + entries.flatMap { dictionaryPaths($0.node.value, under: path + [$0.key]) }
    }

    /// processAccessAndAllowNavigationEntries and writeATSEntries; `elements` gains the
    /// element each host's entry (or, for `*`, the global keys) comes from.
    static func transportSecurity(_ rules: [CordovaConfigXML.Rule], problems: inout [String],
                                  elements: inout [SourceElement]) -> [PlistEntry] {
        var hosts: [HostKeys] = []
        let ordered = rules.filter { $0.name == "allow-navigation" } + rules.filter { $0.name == "access" }
        for rule in ordered {
            guard let found = hostEntries(rule, problems: &problems) else { continue }
            let (hostname, entries) = found
            let url = rule.attributes[rule.urlAttribute] ?? ""
            elements.append(SourceElement(keyPath: hostname == "*" ? [atsKey] : [atsKey, "NSExceptionDomains", hostname], start: rule.start,
                                          tag: "<\(rule.name) \(rule.urlAttribute)=\"\(url)\">", rule: rule.name, url: url))
            if let index = hosts.firstIndex(where: { $0.hostname == hostname }) {
                for entry in entries { CordovaPlistGraft.set(&hosts[index].entries, entry.key, entry.node.value) }
            } else {
                hosts.append(HostKeys(hostname: hostname, entries: entries))
            }
        }

        var ats: [PlistEntry] = []
        var domains: [PlistEntry] = []
        for host in hosts {
            if host.hostname == "*" {
                CordovaPlistGraft.set(&ats, "NSAllowsArbitraryLoads", .bool(true))
                for key in ["NSAllowsArbitraryLoadsInWebContent", "NSAllowsArbitraryLoadsForMedia", "NSAllowsLocalNetworking"]
                where CordovaPlistGraft.lookup(host.entries, key) == .bool(true) {
                    CordovaPlistGraft.set(&ats, key, .bool(true))
                }
                continue
            }
            if domains.isEmpty { CordovaPlistGraft.set(&ats, "NSExceptionDomains", .dictionary([])) }
            domains.append(PlistEntry(key: host.hostname, node: PlistNode(.dictionary(host.entries))))
        }
        if !domains.isEmpty { CordovaPlistGraft.set(&ats, "NSExceptionDomains", .dictionary(domains)) }
        return ats
    }

    /// The attributes that only `<access origin="*">` turns into keys.
    private static let wildcardAttributes = ["allows-arbitrary-loads-in-web-content", "allows-arbitrary-loads-in-media",
                                             "allows-arbitrary-loads-for-media", "allows-local-networking"]
    /// The attributes that only other origins turn into keys.
    private static let domainAttributes = ["minimum-tls-version", "requires-forward-secrecy", "requires-certificate-transparency"]

    /// parseAllowlistUrlForATS for one rule: the host it is filed under and the keys it sets
    /// (only values that differ from ATS's defaults), or nil when cordova-ios writes nothing.
    private static func hostEntries(_ rule: CordovaConfigXML.Rule, problems: inout [String]) -> (String, [PlistEntry])? {
        let isAccess = rule.name == "access"
        let attribute = rule.urlAttribute
        let place = "line \(rule.line): <\(rule.name)\(rule.attributes[attribute].map { " \(attribute)=\"\($0)\"" } ?? "")>"
        func value(_ name: String) -> String? {
            guard let text = rule.attributes[name], !text.isEmpty else { return nil }  // "" is falsy in JavaScript
            return text
        }
        let present = { (names: [String]) in names.filter { value($0) != nil } }

        guard let url = rule.attributes[attribute] else {
            problems.append("\(place): no \(attribute) attribute; cordova-ios's prepare would stop with a TypeError")
            return nil
        }
        if !isAccess, !present(wildcardAttributes).isEmpty {
            problems.append("\(place): \(present(wildcardAttributes).joined(separator: ", ")) ignored: cordova-common reads them on <access> only")
        }

        var entries: [PlistEntry] = []
        func add(_ key: String, _ flag: PlistValue) { entries.append(PlistEntry(key: key, node: PlistNode(flag))) }

        if url == "*" {
            if isAccess {
                // The deprecated spelling wins whenever it is given (`in || for` in JavaScript).
                let media = value("allows-arbitrary-loads-in-media") ?? value("allows-arbitrary-loads-for-media")
                if value("allows-arbitrary-loads-in-web-content") == "true" { add("NSAllowsArbitraryLoadsInWebContent", .bool(true)) }
                if media == "true" { add("NSAllowsArbitraryLoadsForMedia", .bool(true)) }
                if value("allows-local-networking") == "true" { add("NSAllowsLocalNetworking", .bool(true)) }
            }
            if !present(domainAttributes).isEmpty {
                problems.append("\(place): \(present(domainAttributes).joined(separator: ", ")) ignored: they have no effect on \(attribute)=\"*\"")
            }
            return ("*", entries)
        }
        if isAccess, !present(wildcardAttributes).isEmpty {
            problems.append("\(place): \(present(wildcardAttributes).joined(separator: ", ")) ignored: cordova-ios applies them to origin=\"*\" only")
        }

        var parsed = CordovaURLHost.parse(url)
        if parsed == nil {
            // A wildcard in the scheme makes `new URL` throw; cordova-ios retries with "http".
            let scheme = String(url.prefix { $0 != ":" })
            guard scheme.contains("*") else {
                problems.append("\(place): not a URL Node.js can parse; cordova-ios writes no ATS entry for it")
                return nil
            }
            let retry = "http" + url.dropFirst(scheme.count)
            parsed = CordovaURLHost.parse(retry)
            if parsed == nil {
                problems.append("\(place): cordova-ios retries it as \"\(retry)\", which Node.js cannot parse either, so its prepare would stop with an Invalid URL error")
                return nil
            }
        }
        guard let parsed else { return nil }
        var hostname = parsed.hostname
        if hostname.isEmpty {
            problems.append("\(place): names no host; cordova-ios writes no ATS entry for it")
            return nil
        }
        if hostname.hasPrefix("*.") {
            add("NSIncludesSubdomains", .bool(true))
            hostname = String(hostname.dropFirst(2))
        }
        if let tls = value("minimum-tls-version"), tls != "TLSv1.2" { add("NSExceptionMinimumTLSVersion", .string(tls)) }
        if let forwardSecrecy = value("requires-forward-secrecy"), forwardSecrecy != "true" {
            add("NSExceptionRequiresForwardSecrecy", .bool(false))
        }
        if value("requires-certificate-transparency") == "true" { add("NSRequiresCertificateTransparency", .bool(true)) }
        if parsed.scheme == "http" { add("NSExceptionAllowsInsecureHTTPLoads", .bool(true)) }
        if hostname == "*" {
            problems.append("\(place): its host is \"*\", which cordova-ios files with origin=\"*\": it writes NSAllowsArbitraryLoads = true and no exception domain")
        }
        return (hostname, entries)
    }
}
