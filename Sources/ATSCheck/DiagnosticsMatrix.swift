import ATSVocabulary
import ATSPolicy
import ATSProbe

/// The outcome of one nscurl matrix row; encodes as `pass`, `fail` or `unknown`.
public enum DiagnosticResult: String, Sendable, Hashable, Codable, CaseIterable {
    case pass, fail
    /// The probes could not tell.
    case unknown
}

/// One row of the nscurl `--ats-diagnostics` matrix (docs/ats-rules.md#nscurl-matrix).
public struct DiagnosticRow: Sendable, Hashable, Codable {
    /// The section title as nscurl prints it.
    public let section: String
    /// The test name as nscurl prints it.
    public let configuration: String
    /// Whether a load under the row's dictionary would pass.
    public let result: DiagnosticResult
    /// The keys the row's ATS dictionary sets.
    public let keys: [String: String]
}

/// The configurations nscurl tries, in its order, and their evaluation from one observation.
public enum DiagnosticsMatrix {
    struct Configuration {
        let section: String
        let name: String
        let atsEnforced: Bool
        let minimum: TLSVersion?
        let forwardSecrecy: Bool
        let insecureHTTP: Bool

        /// The suite restriction the row's dictionary implies (as `Requirements.cipherSuitePolicy`).
        var suites: CipherSuitePolicy {
            guard atsEnforced else { return .unrestricted }
            if forwardSecrecy { return .ats }
            return insecureHTTP ? .unrestricted : .atsAndNonForwardSecret
        }

        var keys: [String: String] {
            guard atsEnforced else { return [ATSKeys.allowsArbitraryLoads: "YES"] }
            var keys: [String: String] = [:]
            if let minimum { keys[ATSKeys.minimumTLSVersion] = minimum.rawValue }
            if !forwardSecrecy { keys[ATSKeys.requiresForwardSecrecy] = "NO" }
            if insecureHTTP { keys[ATSKeys.allowsInsecureHTTPLoads] = "YES" }
            return keys
        }
    }

    static func configurations(host: String) -> [Configuration] {
        let versions: [TLSVersion] = [.tls13, .tls12, .tls11, .tls10]
        var rows = [
            Configuration(section: "Default ATS Secure Connection", name: "ATS Default Connection", atsEnforced: true,
                          minimum: nil, forwardSecrecy: true, insecureHTTP: false),
            Configuration(section: "Allowing Arbitrary Loads", name: "Allow All Loads", atsEnforced: false,
                          minimum: nil, forwardSecrecy: true, insecureHTTP: false),
        ]
        rows += versions.map {
            Configuration(section: "Configuring TLS exceptions for \(host)", name: $0.rawValue, atsEnforced: true,
                          minimum: $0, forwardSecrecy: true, insecureHTTP: false)
        }
        rows.append(Configuration(section: "Configuring PFS exceptions for \(host)", name: "Disabling Perfect Forward Secrecy",
                                  atsEnforced: true, minimum: nil, forwardSecrecy: false, insecureHTTP: false))
        rows.append(Configuration(section: "Configuring PFS exceptions and allowing insecure HTTP for \(host)",
                                  name: "Disabling Perfect Forward Secrecy and Allowing Insecure HTTP",
                                  atsEnforced: true, minimum: nil, forwardSecrecy: false, insecureHTTP: true))
        rows += versions.map {
            Configuration(section: "Configuring TLS exceptions with PFS disabled for \(host)", name: "\($0.rawValue) with PFS disabled",
                          atsEnforced: true, minimum: $0, forwardSecrecy: false, insecureHTTP: false)
        }
        rows += versions.map {
            Configuration(section: "Configuring TLS exceptions with PFS disabled and insecure HTTP allowed for \(host)",
                          name: "\($0.rawValue) with PFS disabled and insecure HTTP allowed",
                          atsEnforced: true, minimum: $0, forwardSecrecy: false, insecureHTTP: true)
        }
        return rows
    }

    /// Every row, judged from the capabilities and whether the certificate chain is trusted
    /// (nscurl's own dictionaries never loosen trust, so a trust failure fails every row).
    /// `refusedByClient` is true when Apple's TLS client itself refuses the connection
    /// (`ConnectionReasonCode.isRaisedByTLSClient`, e.g. `chain-too-large`): no dictionary
    /// changes that, so every row fails, "Allow All Loads" included.
    /// `group` is the target's release: the rows offer its suites, as the app would.
    public static func evaluate(host: String, capabilities: TLSCapabilities, chainTrusted: Bool?,
                                refusedByClient: Bool = false, group: ATSSuiteGroup = .latest) -> [DiagnosticRow] {
        evaluate(host: host, capabilities: capabilities, chainTrusted: chainTrusted, refusedByClient: refusedByClient,
                 group: group, chains: nil)
    }

    /// Every row, each passing row judged with the chain its own handshake would get
    /// (``MatrixChainTrust``) when `chains` is given, else with `chainTrusted`.
    static func evaluate(host: String, capabilities: TLSCapabilities, chainTrusted: Bool?, refusedByClient: Bool,
                         group: ATSSuiteGroup, chains: MatrixChainTrust?) -> [DiagnosticRow] {
        var memo: [String: Bool?] = [:]
        return configurations(host: host).map { configuration in
            let tls = TLSAssessment.assess(capabilities, atsEnforced: configuration.atsEnforced,
                                           minimum: configuration.minimum, suites: configuration.suites, group: group)
            var trusted = chainTrusted
            if case .passes(let version) = tls, let chains {
                trusted = chains.trusted(atsEnforced: configuration.atsEnforced, minimum: configuration.minimum,
                                         suites: configuration.suites, version: version, memo: &memo)
            }
            let result: DiagnosticResult
            switch (tls, trusted) {
            case _ where refusedByClient: result = .fail
            case (.unknown, _), (.passes, .none): result = .unknown
            case (.fails, _), (.passes, .some(false)): result = .fail
            case (.passes, .some(true)): result = .pass
            }
            return DiagnosticRow(section: configuration.section, configuration: configuration.name, result: result, keys: configuration.keys)
        }
    }
}
