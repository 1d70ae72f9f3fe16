import ATSVocabulary
import ATSPolicy
import AtscheckSystem

/// `invalid-tls-version`: an `NSExceptionMinimumTLSVersion` value that is not one of the
/// four documented spellings.
public struct InvalidTLSVersionRule: LintRule {
    /// Creates the `invalid-tls-version` rule, which has no settings.
    public init() {}

    /// `invalid-tls-version`, an error, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "invalid-tls-version", severity: .error,
        summary: "NSExceptionMinimumTLSVersion is not TLSv1.0, TLSv1.1, TLSv1.2 or TLSv1.3.",
        rationale: "ATS accepts exactly the strings TLSv1.0, TLSv1.1, TLSv1.2 and TLSv1.3: Apple's parser (sec_protocol_configuration_protocol_string_to_version, protocol/SecProtocolConfiguration.m, Security-61901) is case-sensitive and rejects anything else (\"1.2\", \"TLSV1.2\", \"TLSv1.00\", \"TLSv1.4\"), and the entry then sets no minimum, so TLSv1.2 applies and an intended TLS 1.0 exception does not take effect. The rest of the entry still applies.")

    /// One finding per `NSExceptionMinimumTLSVersion` (or iOS 9-era alias) value that is not TLSv1.0, TLSv1.1,
    /// TLSv1.2 or TLSv1.3, with the intended spelling as the fix for near misses such as `1.2` or `TLSv12`.
    public func check(_ context: LintContext) -> [Finding] {
        context.exceptionEntries.flatMap { domain in
            [domain.minimumTLSVersion, domain.legacyMinimumTLSVersion].compactMap { key -> Finding? in
                guard let key, TLSVersion(rawValue: key.value) == nil else { return nil }
                let name = key.keyPath.components.last ?? ATSKeys.minimumTLSVersion
                let suggestion = TLSVersionSuggestion.suggest(key.value)
                let valid = ATSKeys.tlsVersionValues.joined(separator: ", ")
                var message = "\(name) \"\(key.value)\" is not one of \(valid), so it sets no minimum and TLSv1.2 applies"
                message += suggestion.map { "; did you mean \($0)?" } ?? "."
                return finding(message, at: key.keyPath, key.location, fix: suggestion ?? "One of \(valid)")
            }
        }
    }
}

/// Maps near-miss spellings of a TLS version ("1.2", "tlsv1.2", "TLS1.2", "TLSv12") to the
/// documented value.
enum TLSVersionSuggestion {
    static func suggest(_ text: String) -> String? {
        var rest = Substring(text.lowercased().filter { !$0.isWhitespace })
        for prefix in ["tlsv", "tls_v", "tls-v", "tls_", "tls-", "tls", "v"] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count)
            break
        }
        let digits = rest.replacingEvery("_", with: ".").replacingEvery("-", with: ".")
        switch digits {
        case "1.0", "10", "1": return "TLSv1.0"
        case "1.1", "11": return "TLSv1.1"
        case "1.2", "12": return "TLSv1.2"
        case "1.3", "13": return "TLSv1.3"
        default: return nil
        }
    }
}
