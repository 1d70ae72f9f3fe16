import ATSVocabulary
/// How trustd matches an `NSPinnedDomains` key to a host (`parseNSPinnedDomains`,
/// `OSX/sec/Security/SecPolicy.c`, Security-61901; docs/ats-rules.md#ats-pinned-domains): keys
/// compared case-insensitively with the host (one trailing dot dropped) or, when the entry's
/// `NSIncludesSubdomains` is the Boolean true (not a number), with its immediate parent.
public enum PinnedDomainMatch {
    /// True when the entry `key` covers `host`.
    public static func covers(key: String, includesSubdomains: Located<Bool>?, host: String) -> Bool {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        let key = key.lowercased()
        if key == name { return true }
        guard let subdomains = includesSubdomains, subdomains.value, !subdomains.writtenAsNumber else { return false }
        return HostName(name).parentNames.first == key
    }
}

extension HostName {
    /// The names above this one, nearest first, as Apple's lookups climb them: each drops the
    /// first label (`a.b.example.com` → `b.example.com`, `example.com`, `com`).
    public var parentNames: [String] {
        var labels = text.split(separator: ".", omittingEmptySubsequences: false)
        var parents: [String] = []
        while labels.count > 1 {
            labels.removeFirst()
            parents.append(labels.joined(separator: "."))
        }
        return parents
    }
}
