import ATSVocabulary
import ATSPolicy

/// `shadowed-domain`: an entry whose host is also covered by a parent entry with
/// `NSIncludesSubdomains`, as Apple's code matches them: in `NSExceptionDomains` the nearest
/// parent with subdomains at any depth (the entry for the host itself decides for it); in
/// `NSPinnedDomains` the immediate parent, whose pins are united with the entry's.
public struct ShadowedDomainRule: LintRule {
    /// Creates the `shadowed-domain` rule, which has no settings.
    public init() {}

    /// `shadowed-domain`, a notice, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "shadowed-domain", severity: .notice,
        summary: "An entry is also covered by a parent entry with NSIncludesSubdomains=YES.",
        rationale: "In NSExceptionDomains the entry for the host itself decides, and a parent with NSIncludesSubdomains covers every name below it at any depth, the nearest such parent first (sec_protocol_configuration_find_exception_for_host, protocol/SecProtocolConfiguration.m, Security-61901): a child with the same settings is redundant, one with other settings overrides the parent for its own name. In NSPinnedDomains a parent with NSIncludesSubdomains covers its immediate subdomains and the pins of every matching entry are united (parseNSPinnedDomains, OSX/sec/Security/SecPolicy.c): a child with the same pins is redundant, one with other pins widens what its host accepts.")

    /// One finding per entry (the last of each key) that a parent entry with `NSIncludesSubdomains=YES` also
    /// covers and that differs from it, or repeats it without `NSIncludesSubdomains` (then the fix is removal).
    public func check(_ context: LintContext) -> [Finding] {
        let exceptions = survivors(context.exceptionEntries)
        let pins = survivors(context.pinnedEntries)
        return check(exceptions.map { ($0, ExceptionSettings($0)) }, dictionary: ATSKeys.exceptionDomains)
            + check(pins.map { ($0, PinSettings($0)) }, dictionary: ATSKeys.pinnedDomains)
    }

    /// The entries that survive reading (the last of each exact key).
    private func survivors<Entry: ShadowableEntry>(_ entries: [Entry]) -> [Entry] {
        entries.enumerated().filter { index, entry in
            !entries[(index + 1)...].contains { $0.key == entry.key }
        }.map(\.element)
    }

    /// The entry that covers `child`'s own host from above, as Apple's code looks it up.
    private func coveringParent<Entry: ShadowableEntry, Settings>(of child: Entry, in usable: [(Entry, Settings)],
                                                                  pinned: Bool) -> (Entry, Settings)? {
        if pinned {
            return usable.first { entry, _ in
                entry.key.lowercased() != child.key.lowercased()
                    && PinnedDomainMatch.covers(key: entry.key, includesSubdomains: entry.includesSubdomains, host: child.key)
            }
        }
        // Exact keys; a parent without NSIncludesSubdomains is skipped and the climb goes on.
        for parentKey in HostName(child.key).parentNames {
            if let parent = usable.first(where: { $0.0.key == parentKey && $0.0.includesSubdomains?.value == true }) { return parent }
        }
        return nil
    }

    private func check<Entry: ShadowableEntry, Settings: Equatable>(_ entries: [(Entry, Settings)], dictionary: String) -> [Finding] {
        let usable = entries.filter { entry, _ in
            entry.isDictionary && DomainKeyAnalysis(entry.key).isValid && !DomainKeyAnalysis.isIPOrCIDR(entry.key)
        }
        let pinned = dictionary == ATSKeys.pinnedDomains
        var findings: [Finding] = []
        for (child, childSettings) in usable {
            guard let (parent, parentSettings) = coveringParent(of: child, in: usable, pinned: pinned) else { continue }
            let line = parent.location.map { " (line \($0.line))" } ?? ""
            let same = childSettings == parentSettings
            let message: String
            var fix: String? = nil
            if same && child.includesSubdomains?.value != true {
                message = "\(child.key) repeats the settings of \(parent.key)\(line), whose NSIncludesSubdomains=YES already covers it, so the entry in \(dictionary) is redundant."
                fix = "Remove the \(child.key) entry"
            } else if same {
                continue  // same settings, and the child extends them further down: nothing to say
            } else if pinned {
                message = "\(child.key) is also covered by \(parent.key)\(line), whose NSIncludesSubdomains=YES reaches it; trustd unites the pins of both entries, so this entry widens what \(child.key) accepts rather than replacing \(parent.key)'s pins."
            } else {
                message = "\(child.key) is also below \(parent.key)\(line), whose NSIncludesSubdomains=YES covers it; ATS uses the entry for the host itself, so \(child.key) gets its own settings instead of \(parent.key)'s."
            }
            findings.append(finding(message, at: child.keyPath, child.location, fix: fix))
        }
        return findings
    }
}

/// What shadowed-domain needs of an entry of either dictionary.
protocol ShadowableEntry {
    var key: String { get }
    var keyPath: ATSPolicy.PlistKeyPath { get }
    var location: SourceLocation? { get }
    var isDictionary: Bool { get }
    var includesSubdomains: Located<Bool>? { get }
}

extension ExceptionDomain: ShadowableEntry {}
extension PinnedDomain: ShadowableEntry {}

/// The effective settings of an exception entry (legacy aliases honoured), for comparison.
struct ExceptionSettings: Equatable {
    let insecureHTTP: Bool
    let minimumTLS: String
    let forwardSecrecy: Bool
    let certificateTransparency: Bool
    let niap: String?

    init(_ domain: ExceptionDomain) {
        insecureHTTP = domain.boolean(ATSKeys.allowsInsecureHTTPLoads, legacy: .alias)?.value ?? false
        minimumTLS = domain.minimumTLS(legacy: .alias)?.value ?? TLSVersion.tls12.rawValue
        forwardSecrecy = domain.boolean(ATSKeys.requiresForwardSecrecy, legacy: .alias)?.value ?? true
        certificateTransparency = domain.requiresCertificateTransparency?.value ?? false
        niap = domain.requiresNIAPPackage?.value
    }
}

/// The pins of a pinned-domain entry, for comparison.
struct PinSettings: Equatable {
    let ca: Set<String>?
    let leaf: Set<String>?

    init(_ domain: PinnedDomain) {
        ca = domain.caIdentities.map { Set($0.compactMap(\.spkiSHA256Base64)) }
        leaf = domain.leafIdentities.map { Set($0.compactMap(\.spkiSHA256Base64)) }
    }
}
