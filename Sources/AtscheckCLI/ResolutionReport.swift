import ATSPolicy

/// JSON form of a policy resolution: `entry`, `arbitraryLoads`, `requirements`, `assumptions`,
/// `ambiguities` (docs/json-schema.md). Shared by `explain` and, later, `host`.
struct ResolutionReport: Encodable {
    let resolution: Resolution

    private enum Keys: String, CodingKey { case entry, arbitraryLoads, requirements, assumptions, ambiguities }

    struct Entry: Encodable {
        let kind: String
        let key: String?
        let keyPath: String?
        let line: Int?
        let match: String?
        let reason: String?
        /// The Apple code or document that decided (`Resolution.decidedBy`).
        let decidedBy: String

        init(_ resolution: Resolution) {
            decidedBy = resolution.decidedBy
            switch resolution.source {
            case .exceptionDomain(let key, let keyPath, let line, let match):
                (kind, self.key, self.keyPath, self.line, self.match, reason) = ("exception-domain", key, keyPath, line, match, nil)
            case .builtInException(let key, let match):
                (kind, self.key, keyPath, line, self.match, reason) = ("built-in-exception", key, nil, nil, match, nil)
            case .global:
                (kind, key, keyPath, line, match, reason) = ("global", nil, nil, nil, nil, nil)
            case .localExemption(let why):
                (kind, key, keyPath, line, match, reason) = ("local-exemption", nil, nil, nil, nil, why)
            case .noConfiguration:
                (kind, key, keyPath, line, match, reason) = ("no-configuration", nil, nil, nil, nil, nil)
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(key, forKey: .key)
            try container.encode(keyPath, forKey: .keyPath)
            try container.encode(line, forKey: .line)
            try container.encode(match, forKey: .match)
            try container.encode(reason, forKey: .reason)
            try container.encode(decidedBy, forKey: .decidedBy)
        }
        private enum CodingKeys: String, CodingKey { case kind, key, keyPath, line, match, reason, decidedBy }
    }

    private struct ArbitraryLoads: Encodable {
        let written: Bool?
        let neutralised: Bool
        let neutralisedBy: [String]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(written, forKey: .written)
            try container.encode(neutralised, forKey: .neutralised)
            try container.encode(neutralisedBy, forKey: .neutralisedBy)
        }
        private enum CodingKeys: String, CodingKey { case written, neutralised, neutralisedBy }
    }

    private struct RequirementsReport: Encodable {
        let requirements: Requirements
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(requirements.atsEnforced, forKey: .atsEnforced)
            try container.encode(requirements.allowsInsecureHTTP, forKey: .allowsInsecureHTTP)
            try container.encode(requirements.minimumTLSVersion?.rawValue, forKey: .minimumTLSVersion)
            try container.encode(requirements.requiresForwardSecrecy, forKey: .requiresForwardSecrecy)
            try container.encode(requirements.cipherSuitePolicy.rawValue, forKey: .cipherSuitePolicy)
            try container.encode(requirements.checksKeySize, forKey: .checksKeySize)
            try container.encode(requirements.requiresCertificateTransparencyKey, forKey: .requiresCertificateTransparencyKey)
            try container.encode(requirements.delegateMayLoosenTrust, forKey: .delegateMayLoosenTrust)
            try container.encode(requirements.niapPackage, forKey: .niapPackage)
            try container.encode(requirements.pinning.map(Pins.init), forKey: .pinning)
        }
        private enum CodingKeys: String, CodingKey {
            case atsEnforced, allowsInsecureHTTP, minimumTLSVersion, requiresForwardSecrecy, cipherSuitePolicy, checksKeySize
            case requiresCertificateTransparencyKey, delegateMayLoosenTrust, niapPackage, pinning
        }
    }

    private struct Pins: Encodable {
        let pinning: PinningRequirement
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(pinning.domain, forKey: .domain)
            try container.encode(pinning.leafIdentities, forKey: .leafIdentities)
            try container.encode(pinning.caIdentities, forKey: .caIdentities)
        }
        private enum CodingKeys: String, CodingKey { case domain, leafIdentities, caIdentities }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(Entry(resolution), forKey: .entry)
        try container.encode(ArbitraryLoads(written: resolution.arbitraryLoadsWritten, neutralised: resolution.arbitraryLoadsNeutralised,
                                            neutralisedBy: resolution.neutralisedBy), forKey: .arbitraryLoads)
        try container.encode(RequirementsReport(requirements: resolution.requirements), forKey: .requirements)
        try container.encode(resolution.assumptions, forKey: .assumptions)
        try container.encode(resolution.ambiguities, forKey: .ambiguities)
    }
}

/// The whole `atscheck explain --format json` document.
struct ExplainReport: Encodable {
    let resolution: Resolution
    let policyPath: String?

    private enum Keys: String, CodingKey { case schemaVersion, url, host, scheme, context, target, policyFile, policy, verdict }

    private struct Verdict: Encodable {
        let cleartextBlocked: Bool
        let nsurlError: Int?
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(cleartextBlocked, forKey: .cleartextBlocked)
            try container.encode(nsurlError, forKey: .nsurlError)
        }
        private enum CodingKeys: String, CodingKey { case cleartextBlocked, nsurlError }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(1, forKey: .schemaVersion)
        try container.encode(resolution.url, forKey: .url)
        try container.encode(resolution.host.text, forKey: .host)
        try container.encode(resolution.scheme.rawValue, forKey: .scheme)
        try container.encode(resolution.context.rawValue, forKey: .context)
        try container.encode(resolution.target.description, forKey: .target)
        try container.encode(policyPath, forKey: .policyFile)
        try container.encode(ResolutionReport(resolution: resolution), forKey: .policy)
        try container.encode(Verdict(cleartextBlocked: resolution.blocksCleartext,
                                     nsurlError: resolution.blocksCleartext ? -1022 : nil), forKey: .verdict)
    }
}
