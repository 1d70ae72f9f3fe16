import ATSVocabulary

/// How sure a decoded fact is, in the reference's terms.
public enum WhyConfidence: String, Sendable, Hashable, Codable {
    /// Read in Apple's (or BoringSSL's) own code or headers.
    case fromAppleCode = "from-apple-code"
    /// Seen in public field reports (logs, forum threads, DTS answers).
    case fromFieldReports = "from-field-reports"
    /// Inferred from the above; the reasoning is in the cause's summary.
    case inferred
}

/// Whether App Transport Security governed the failing load, as the text's shape says.
public enum ATSEnforcement: String, Sendable, Hashable, Codable {
    /// ATS enforced the host (-1022, -1200 with -9802, "ATS failed system trust", "strict"/"system" trust).
    case yes
    /// ATS did not enforce trust for the host (-1202/-9807, "default TLS Trust evaluation").
    case no
    /// Not an ATS path (SecTrust called by the app, Network.framework).
    case notApplicable = "n/a"
    /// The text does not say.
    case unknown
}

/// The iOS generation a paste's line shapes imply.
public enum LogEra: String, Sendable, Hashable, Codable {
    /// iOS 9–10: SecureTransport and coreTLS (`CFNetwork SSLHandshake failed`, `UserInfo=0x… {…}`).
    case secureTransport = "ios9-10"
    /// iOS 11–12: TIC lines and the first BoringSSL builds.
    case tic = "ios11-12"
    /// iOS 13 and later: `Connection N:` and `Task <…> finished with error [-N]` lines.
    case network = "ios13+"
    /// No shape points at an era.
    case unknown

    /// The `--target` a confirming command should carry, nil when the current default fits.
    public var target: String? {
        switch self {
        case .secureTransport: "ios9"
        case .tic: "ios11"
        case .network, .unknown: nil
        }
    }
}

/// One number found in the text, named in its family; `symbol` is nil for a code atscheck does not know.
public struct NamedCode: Sendable, Hashable, Codable {
    /// The family (domain) the number belongs to, as the text gives it.
    public let domain: String
    /// The number.
    public let code: Int
    /// The symbolic name, nil when unknown: never guessed.
    public let symbol: String?
    /// What the code means, or "unknown code in DOMAIN".
    public let meaning: String

    /// Names `code` in `family`; `domain` overrides the family's name (an unknown NSError domain).
    public init(code: Int, family: AppleError.Family, domain: String? = nil) {
        let name = AppleError.name(of: code, in: family)
        self.domain = domain ?? family.rawValue
        self.code = code
        symbol = name?.symbol
        meaning = name?.meaning ?? "unknown code in \(domain ?? family.rawValue)"
    }
}

/// A likely cause of the failure, mapped to an atscheck reason code.
public struct WhyCause: Sendable, Hashable, Codable {
    /// The reason code from docs/ats-rules.md (`cert-untrusted`, `insecure-http`, ...).
    public let reason: String
    /// How sure the mapping is.
    public let confidence: WhyConfidence
    /// What in the text points at it.
    public let evidence: String

    /// Creates a cause.
    public init(reason: String, confidence: WhyConfidence, evidence: String) {
        self.reason = reason
        self.confidence = confidence
        self.evidence = evidence
    }
}

/// One error found in the pasted text, decoded.
public struct DecodedError: Sendable, Hashable, Codable {
    /// The first line (1-based) of the text the error was read from.
    public let firstLine: Int
    /// The last line (1-based) of the text the error was read from.
    public let lastLine: Int
    /// The era the line shapes imply.
    public let era: LogEra
    /// Every code found, outermost first, each named (or marked unknown).
    public let codes: [NamedCode]
    /// Trust check names from `Trust evaluate failure:` lines.
    public let trustChecks: [String]
    /// Whether ATS enforced the host.
    public let atsEnforced: ATSEnforcement
    /// What failed, in one sentence.
    public let summary: String
    /// The likely causes, most likely first; empty when nothing atscheck checks can explain it.
    /// With `--probe`, the causes the server confirms come first.
    public internal(set) var causes: [WhyCause]
    /// The failing URL, when the text names one.
    public let url: String?
    /// The host, from the URL or a certificate or message name.
    public let host: String?
    /// The command that confirms the top cause, nil when none applies.
    public let command: String?
    /// Set when the failure is not ATS's: what it is instead.
    public let notATS: String?
    /// Causes the app's policy rules out (`--policy`); they are no longer in `causes`.
    public internal(set) var ruledOut: [RuledOutCause] = []
    /// What the app's policy says of the URL (`--policy`, `--url`), nil when not asked.
    public internal(set) var policy: WhyPolicyCheck?
    /// What a live check of the URL said (`--probe`), nil when not asked.
    public internal(set) var probe: WhyProbeCheck?
}

extension NamedCode {
    /// Encodes every key, an unknown code's `symbol` as null (docs/json-schema.md#atscheck-why).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(domain, forKey: .domain)
        try container.encode(code, forKey: .code)
        try container.encode(symbol, forKey: .symbol)
        try container.encode(meaning, forKey: .meaning)
    }
}

extension DecodedError {
    /// Encodes every key, absent values as null (docs/json-schema.md#atscheck-why).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(firstLine, forKey: .firstLine)
        try container.encode(lastLine, forKey: .lastLine)
        try container.encode(era, forKey: .era)
        try container.encode(codes, forKey: .codes)
        try container.encode(trustChecks, forKey: .trustChecks)
        try container.encode(atsEnforced, forKey: .atsEnforced)
        try container.encode(summary, forKey: .summary)
        try container.encode(causes, forKey: .causes)
        try container.encode(url, forKey: .url)
        try container.encode(host, forKey: .host)
        try container.encode(command, forKey: .command)
        try container.encode(notATS, forKey: .notATS)
        try container.encode(ruledOut, forKey: .ruledOut)
        try container.encode(policy, forKey: .policy)
        try container.encode(probe, forKey: .probe)
    }
}
