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

    /// The entries that survive reading (the last of each exact key), in one pass.
    private func survivors<Entry: ShadowableEntry>(_ entries: [Entry]) -> [Entry] {
        var last: [String: Int] = [:]
        for (index, entry) in entries.enumerated() { last[entry.key] = index }
        return entries.enumerated().filter { last[$0.element.key] == $0.offset }.map(\.element)
    }

    /// Where each key sits among the usable entries, built once so each child finds its
    /// covering parent by lookups, not by scanning every entry (40,000 entries took 67 s).
    private struct Index {
        /// Exception keys, exactly as written: the first entry with NSIncludesSubdomains=YES.
        var exactWithSubdomains: [String: Int] = [:]
        /// Pinned keys, lower-cased: the first entry, and the first whose NSIncludesSubdomains
        /// is the Boolean true (the only kind trustd honours).
        var firstByLowercased: [String: Int] = [:]
        var firstWithSubdomainsByLowercased: [String: Int] = [:]

        init<Entry: ShadowableEntry, Settings>(_ usable: [(Entry, Settings)]) {
            for (index, (entry, _)) in usable.enumerated() {
                if entry.includesSubdomains?.value == true, exactWithSubdomains[entry.key] == nil { exactWithSubdomains[entry.key] = index }
                let lower = entry.key.lowercased()
                if firstByLowercased[lower] == nil { firstByLowercased[lower] = index }
                if let subdomains = entry.includesSubdomains, subdomains.value, !subdomains.writtenAsNumber,
                   firstWithSubdomainsByLowercased[lower] == nil {
                    firstWithSubdomainsByLowercased[lower] = index
                }
            }
        }
    }

    /// The entry that covers `child`'s own host from above, as Apple's code looks it up: the
    /// first in order, as a scan of `usable` would find it.
    private func coveringParent<Entry: ShadowableEntry, Settings>(of child: Entry, in usable: [(Entry, Settings)], index: Index,
                                                                  pinned: Bool) -> (Entry, Settings)? {
        if pinned {
            var name = child.key.lowercased()
            if name.hasSuffix(".") { name.removeLast() }
            let childKey = child.key.lowercased()
            var candidates: [Int] = []
            if name != childKey, let same = index.firstByLowercased[name] { candidates.append(same) }
            if let parentName = HostName(name).parentNames.first, parentName != childKey,
               let parent = index.firstWithSubdomainsByLowercased[parentName] {
                candidates.append(parent)
            }
            return candidates.min().map { usable[$0] }
        }
        // Exact keys; a parent without NSIncludesSubdomains is skipped and the climb goes on.
        for parentKey in HostName(child.key).parentNames {
            if let parent = index.exactWithSubdomains[parentKey] { return usable[parent] }
        }
        return nil
    }

    private func check<Entry: ShadowableEntry, Settings: Equatable>(_ entries: [(Entry, Settings)], dictionary: String) -> [Finding] {
        let usable = entries.filter { entry, _ in
            entry.isDictionary && DomainKeyAnalysis(entry.key).isValid && !DomainKeyAnalysis.isIPOrCIDR(entry.key)
        }
        let pinned = dictionary == ATSKeys.pinnedDomains
        let index = Index(usable)
        var findings: [Finding] = []
        for (child, childSettings) in usable {
            guard let (parent, parentSettings) = coveringParent(of: child, in: usable, index: index, pinned: pinned) else { continue }
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
