/// Where a rule or a reason comes from: a function in Apple's published Security source, or an
/// Apple document. JSON carries it as its URL (the public contract, docs/json-schema.md); text
/// output renders it from its parts.
public enum Citation: Sendable, Hashable, CustomStringConvertible {
    /// A function in `apple-oss-distributions/Security` at a release.
    case appleCode(AppleSecurityRelease, file: String, function: String)
    /// An Apple document (developer documentation, a support article).
    case appleDocument(String)
    /// Another project's document (TrustKit's, Android's), for rules that read its files.
    case otherDocument(String)

    /// A function in the current Security release (``AppleSecurityRelease/latest``).
    public static func appleCode(_ file: String, _ function: String) -> Citation {
        .appleCode(.latest, file: file, function: function)
    }

    /// The address: a GitHub blob URL with the function as its fragment, or the document's URL.
    public var url: String {
        switch self {
        case .appleCode(let release, let file, let function):
            return "\(Self.securityRepository)\(release.tag)/\(file)#\(function)"
        case .appleDocument(let url), .otherDocument(let url):
            return url
        }
    }

    /// For people: `Security-61901.0.87.0.1 trust/trustd/SecPolicyServer.c, SecPolicyCheckKeySize`,
    /// or the document's URL.
    public var description: String {
        switch self {
        case .appleCode(let release, let file, let function): return "\(release.tag) \(file), \(function)"
        case .appleDocument(let url), .otherDocument(let url): return url
        }
    }

    /// Reads a URL written by ``url``: Apple's source, an Apple document (developer.apple.com,
    /// support.apple.com), or another document.
    public init(url: String) {
        if url.hasPrefix(Self.securityRepository) {
            let rest = url.dropFirst(Self.securityRepository.count)
            if let slash = rest.firstIndex(of: "/"), let release = AppleSecurityRelease(tag: String(rest[..<slash])) {
                let location = rest[rest.index(after: slash)...].split(separator: "#", maxSplits: 1)
                if location.count == 2 {
                    self = .appleCode(release, file: String(location[0]), function: String(location[1]))
                    return
                }
            }
        }
        let appleHosts = ["https://developer.apple.com/", "https://support.apple.com/"]
        self = appleHosts.contains(where: url.hasPrefix) ? .appleDocument(url) : .otherDocument(url)
    }

    private static let securityRepository = "https://github.com/apple-oss-distributions/Security/blob/"
}

extension Citation: Codable {
    /// Decodes the URL string.
    public init(from decoder: any Decoder) throws {
        self.init(url: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the URL string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(url)
    }
}

/// Apple's documents and source functions that atscheck's rules cite.
extension Citation {
    /// Preventing Insecure Network Connections (developer documentation).
    public static let trustEvaluation = Citation.appleDocument("https://developer.apple.com/documentation/security/preventing-insecure-network-connections")
    /// Requirements for trusted certificates in iOS 13 and macOS 10.15.
    public static let ios13Requirements = Citation.appleDocument("https://support.apple.com/en-us/103769")
    /// About upcoming limits on trusted certificates (398 days).
    public static let validity398 = Citation.appleDocument("https://support.apple.com/en-us/102028")
    /// Apple's Certificate Transparency policy.
    public static let certificateTransparency = Citation.appleDocument("https://support.apple.com/en-us/103214")
    /// TLS security in Apple Platform Security.
    public static let platformSecurityTLS = Citation.appleDocument("https://support.apple.com/guide/security/tls-security-sec100a75d12/web")
    /// URL loading system error codes.
    public static let urlErrors = Citation.appleDocument("https://developer.apple.com/documentation/foundation/1508628-url_loading_system_error_codes")
    /// `SecPolicyCheckServerAuthEKU`.
    public static let serverAuthEKU = appleCode("trust/trustd/SecPolicyServer.c", "SecPolicyCheckServerAuthEKU")
    /// `check_validity_period_maximums`.
    public static let validityMaximums = appleCode("trust/trustd/SecPolicyServer.c", "check_validity_period_maximums")
    /// `SecPolicyCheckKeySize`.
    public static let keySize = appleCode("trust/trustd/SecPolicyServer.c", "SecPolicyCheckKeySize")
    /// `SecPolicyCheckSignatureHashAlgorithms`.
    public static let signatureHash = appleCode("trust/trustd/SecPolicyServer.c", "SecPolicyCheckSignatureHashAlgorithms")
    /// `SecPolicyCheckSystemTrustedCTRequired`.
    public static let ctRequired = appleCode("trust/trustd/SecPolicyServer.c", "SecPolicyCheckSystemTrustedCTRequired")
    /// `SecPolicyCheckCertNonEmptySubject`.
    public static let nonEmptySubject = appleCode("OSX/sec/Security/SecPolicyLeafCallbacks.c", "SecPolicyCheckCertNonEmptySubject")
    /// `SecDNSMatch`.
    public static let dnsMatch = appleCode("OSX/sec/Security/SecPolicyLeafCallbacks.c", "SecDNSMatch")
}
