import ATSPolicy

/// `pin-no-backup`: an identity array with a single pin, so a key rotation breaks the app.
public struct PinNoBackupRule: LintRule {
    /// Creates the `pin-no-backup` rule, which has no settings.
    public init() {}

    /// `pin-no-backup`, a warning, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "pin-no-backup", severity: .warning,
        summary: "A pinned-identity array lists a single identity, with no backup.",
        rationale: "Apple advises planning for key rotation with backup identities, and TrustKit and Android lint insist on at least two pins. When NSPinnedCAIdentities and NSPinnedLeafIdentities are both given, each must match (AND), so each array needs its own backup: a single entry in either means one rotation makes every connection to the domain fail until an app update ships.")

    /// One finding per `NSPinnedCAIdentities` or `NSPinnedLeafIdentities` array that holds exactly one identity.
    public func check(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for domain in context.pinnedEntries where domain.isDictionary {
            for (key, identities) in [(ATSKeys.pinnedCAIdentities, domain.caIdentities), (ATSKeys.pinnedLeafIdentities, domain.leafIdentities)] {
                guard let identities, identities.count == 1, let entry = domain.entries.last(where: { $0.key == key }) else { continue }
                findings.append(finding("\(key) for \(domain.key) lists a single identity, so rotating that key breaks every connection to the domain until an app update ships.",
                                        at: domain.keyPath.appending(key), entry.keyLocation,
                                        fix: "Add a backup \(ATSKeys.spkiSHA256) (a spare key held offline, or a second CA)"))
            }
        }
        return findings
    }
}
