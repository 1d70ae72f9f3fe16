import ATSVocabulary
/// The exception entries ATS consults for a load, as Apple's resolver builds them
/// (apple-oss-distributions/Security `protocol/SecProtocolConfiguration.m`, Security-61901):
/// the built-in entries first, then the app's, each value read with Apple's typing
/// (`sec_protocol_configuration_set_ats_overrides`), an app entry replacing a built-in one of
/// the same key whole, and entries that are not dictionaries left out.
struct ExceptionTable {
    /// One entry with its settings as ATS reads them.
    struct Entry {
        enum Origin {
            case app(ExceptionDomain)
            case builtIn
        }

        let key: String
        let origin: Origin
        let includesSubdomains: Bool
        let allowsInsecureHTTPLoads: Bool
        let requiresForwardSecrecy: Bool
        /// The minimum, when the entry names a valid version; nil: TLS 1.2.
        let minimumTLSVersion: TLSVersion?
        /// The written minimum when it is not one of `TLSv1.0` … `TLSv1.3` (and so sets none).
        let invalidMinimumTLSVersion: String?
        /// For a key with `/`: the range Apple's parser reads, or nil when it reads none.
        let cidr: AppleCIDR?
        var isCIDRKey: Bool { key.contains(Character("/")) }
    }

    let entries: [Entry]
    /// The entries whose key is a name (not a CIDR range), by key.
    private let names: [String: Entry]

    init(policy: AppTransportSecurity, options: ResolutionOptions) {
        var byKey: [String: Entry] = [:]
        var order: [String] = []
        func add(_ entry: Entry) {
            if byKey[entry.key] == nil { order.append(entry.key) }
            byKey[entry.key] = entry
        }
        if options.target.hasBuiltInExceptions {
            for builtIn in BuiltInExceptions.entries {
                add(Entry(key: builtIn.key, origin: .builtIn, includesSubdomains: true, allowsInsecureHTTPLoads: true,
                          requiresForwardSecrecy: false, minimumTLSVersion: builtIn.minimumTLSVersion,
                          invalidMinimumTLSVersion: nil, cidr: nil))
            }
        }
        let legacy = options.legacyKeys
        for domain in policy.exceptionDomains where domain.isDictionary {
            let written = domain.minimumTLS(legacy: legacy)?.value
            let version = written.flatMap(TLSVersion.init(rawValue:))
            add(Entry(key: domain.key, origin: .app(domain),
                      includesSubdomains: domain.boolean(ATSKeys.includesSubdomains, legacy: legacy)?.value ?? false,
                      allowsInsecureHTTPLoads: domain.boolean(ATSKeys.allowsInsecureHTTPLoads, legacy: legacy)?.value ?? false,
                      requiresForwardSecrecy: domain.boolean(ATSKeys.requiresForwardSecrecy, legacy: legacy)?.value ?? true,
                      minimumTLSVersion: version, invalidMinimumTLSVersion: version == nil ? written : nil,
                      cidr: domain.key.contains(Character("/")) ? AppleCIDR(domain.key) : nil))
        }
        entries = order.compactMap { byKey[$0] }
        names = byKey.filter { !$0.value.isCIDRKey }
    }

    /// How an entry was found.
    enum Match: Equatable {
        case exact
        case parent(labels: Int)
        case cidr(prefix: Int)
    }

    /// The entry for a name: the exact key (case-sensitive; URL hosts are lower case), else the
    /// nearest parent whose entry has `NSIncludesSubdomains`, climbing past parents whose
    /// entries lack it (`sec_protocol_configuration_find_exception_for_host`); with
    /// `depth == .one` only the immediate parent is considered.
    func entry(forName host: String, depth: SubdomainDepth) -> (entry: Entry, match: Match)? {
        if let exact = names[host] { return (exact, .exact) }
        let parents = HostName(host).parentNames
        for (offset, parentName) in parents.prefix(depth == .one ? 1 : parents.count).enumerated() {
            if let parent = names[parentName], parent.includesSubdomains { return (parent, .parent(labels: offset + 1)) }
        }
        return nil
    }

    /// The entry for an IP literal: a key equal to the address as written, else the matching
    /// CIDR key with the longest prefix (`…find_exception_for_address`, `_find_cidr_exception`).
    func entry(forAddress text: String, bytes: [UInt8]) -> (entry: Entry, match: Match)? {
        if let exact = entries.last(where: { !$0.isCIDRKey && $0.key == text }) { return (exact, .exact) }
        var best: Entry?
        for entry in entries {
            guard let cidr = entry.cidr, cidr.network.count == bytes.count, cidr.contains(bytes) else { continue }
            if best.map({ cidr.prefix >= $0.cidr!.prefix }) ?? true { best = entry }
        }
        return best.map { ($0, .cidr(prefix: $0.cidr!.prefix)) }
    }
}
