import ATSPolicy

/// `duplicate-domain`: the same domain key twice in one dictionary, or two keys that differ
/// only in letter case.
public struct DuplicateDomainRule: LintRule {
    /// Creates the `duplicate-domain` rule, which has no settings.
    public init() {}

    /// `duplicate-domain`, an error, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "duplicate-domain", severity: .error,
        summary: "A domain is listed twice in NSExceptionDomains or NSPinnedDomains.",
        rationale: "An XML property list can repeat a dictionary key; the reader keeps only the last entry, so the settings of the earlier one are silently lost. Two keys that differ only in letter case both survive: in NSExceptionDomains only an all-lowercase key can ever match, because the lookup is exact against the lower-cased host (sec_protocol_configuration_find_exception_for_host, protocol/SecProtocolConfiguration.m, Security-61901); in NSPinnedDomains both match and their identities are united (parseNSPinnedDomains, OSX/sec/Security/SecPolicy.c).")

    /// One finding per `NSExceptionDomains` or `NSPinnedDomains` key listed again later in the same dictionary
    /// (this earlier entry is ignored), and one per surviving key that differs from an earlier one only in case.
    public func check(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for dictionary in [ATSKeys.exceptionDomains, ATSKeys.pinnedDomains] {
            let entries = context.domainEntries.filter { $0.dictionary == dictionary }
            // One pass for the last position of each exact key, one for the findings: linear
            // in the entries (comparing every pair took 67 s for 40,000).
            var last: [String: Int] = [:]
            for (position, entry) in entries.enumerated() { last[entry.key] = position }
            var lastSurvivorByCase: [String: Int] = [:]
            for (position, entry) in entries.enumerated() {
                if let later = last[entry.key], later != position {
                    let again = entries[later].location.map { "again at line \($0.line)" } ?? "again later"
                    findings.append(finding("\(quoted(entry.key)) is listed \(again) in \(dictionary); property-list readers keep the last entry, so this one is ignored.",
                                            at: entry.keyPath, entry.location, fix: "Merge the two \(quoted(entry.key)) entries into one"))
                    continue
                }
                // A survivor (last of its exact spelling): compare with the latest earlier
                // survivor that differs only in case (survivors' exact keys are all distinct).
                let folded = entry.key.lowercased()
                defer { lastSurvivorByCase[folded] = position }
                guard let earlierIndex = lastSurvivorByCase[folded] else { continue }
                let earlier = entries[earlierIndex]
                let line = earlier.location.map { " (line \($0.line))" } ?? ""
                let effect = dictionary == ATSKeys.exceptionDomains
                    ? "only an all-lowercase key can match, since ATS looks keys up exactly against the lower-cased host"
                    : "both match the host and their pins are united"
                findings.append(finding("\(quoted(entry.key)) and \(quoted(earlier.key))\(line) in \(dictionary) differ only in letter case; \(effect).",
                                        at: entry.keyPath, entry.location, fix: "Merge them into one entry keyed \(entry.key.lowercased())"))
            }
        }
        return findings
    }

    private func quoted(_ key: String) -> String { key.isEmpty ? "The empty key" : key }
}
