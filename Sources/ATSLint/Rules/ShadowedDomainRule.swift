import ATSPolicy

/// `shadowed-domain`: an entry already covered by a parent entry with
/// `NSIncludesSubdomains=YES` — redundant when the settings are the same, ambiguous otherwise.
public struct ShadowedDomainRule: LintRule {
    public init() {}

    public let info = LintRuleInfo(
        id: "shadowed-domain", severity: .notice,
        summary: "An entry is also covered by a parent entry with NSIncludesSubdomains=YES.",
        rationale: "When example.com has NSIncludesSubdomains=YES, an api.example.com entry with the same settings is redundant, and one with different settings relies on a tie-break Apple does not document (atscheck assumes the exact key wins). Coverage uses the current one-label reading of NSIncludesSubdomains; an entry that only the older any-depth reading would cover is reported as depending on that reading.")

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

    private func check<Entry: ShadowableEntry, Settings: Equatable>(_ entries: [(Entry, Settings)], dictionary: String) -> [Finding] {
        let usable = entries.filter { entry, _ in
            entry.isDictionary && DomainKeyAnalysis(entry.key).isValid && !DomainKeyAnalysis.isIPOrCIDR(entry.key)
        }
        var findings: [Finding] = []
        for (child, childSettings) in usable {
            let host = HostName(child.key)
            func parents(_ depth: SubdomainDepth) -> [(Entry, Settings)] {
                usable.filter { parent, _ in
                    parent.key.lowercased() != child.key.lowercased() && parent.includesSubdomains?.value == true
                        && DomainMatcher.match(key: parent.key, includesSubdomains: true, host: host, depth: depth, ipKeysAllowed: false) != nil
                }.sorted { $0.0.key.count > $1.0.key.count }
            }
            let oneLabel = parents(.one)
            guard let (parent, parentSettings) = oneLabel.first ?? parents(.any).first else { continue }
            let line = parent.location.map { " (line \($0.line))" } ?? ""
            let lineAnd = parent.location.map { "line \($0.line), " } ?? ""
            let same = childSettings == parentSettings
            let message: String
            var fix: String? = nil
            if oneLabel.isEmpty {
                message = "\(child.key) would also be covered by \(parent.key)\(line) if NSIncludesSubdomains reaches more than one label, as older documentation said (--subdomain-depth any); under the current one-label reading this entry is needed."
            } else if same && child.includesSubdomains?.value != true {
                message = "\(child.key) repeats the settings of \(parent.key)\(line), whose NSIncludesSubdomains=YES already covers it, so the entry in \(dictionary) is redundant."
                fix = "Remove the \(child.key) entry"
            } else if same {
                continue  // same settings, and the child extends them one level further down: nothing to say
            } else {
                message = "\(child.key) is also covered by \(parent.key) (\(lineAnd)NSIncludesSubdomains=YES) with different settings; Apple documents no tie-break, and atscheck assumes the exact key wins."
            }
            findings.append(finding(message, at: child.keyPath, child.location, fix: fix))
        }
        return findings
    }
}

/// What shadowed-domain needs of an entry of either dictionary.
protocol ShadowableEntry {
    var key: String { get }
    var keyPath: ATSPolicy.KeyPath { get }
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
