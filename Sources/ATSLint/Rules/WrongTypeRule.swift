import ATSPolicy
import AtscheckSystem

/// `wrong-type`: a known key whose value has the wrong property-list type
/// (`<string>YES</string>` where a Boolean belongs), with what ATS reads instead
/// (`sec_protocol_configuration_set_ats_overrides`, `protocol/SecProtocolConfiguration.m`,
/// Security-61901).
public struct WrongTypeRule: LintRule {
    /// Creates the `wrong-type` rule, which has no settings.
    public init() {}

    /// `wrong-type`, an error, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "wrong-type", severity: .error,
        summary: "A known ATS key has a value of the wrong property-list type.",
        rationale: "Apple's code reads Boolean keys as numbers: a number equal to 1 is YES and any other number is NO, so <integer>1</integer> works but is fragile, while a value that is not a number (a string \"YES\", a date) counts as absent: the key's default applies and it no longer neutralises NSAllowsArbitraryLoads. A number or a misspelt string where NSExceptionMinimumTLSVersion belongs sets no minimum, so TLS 1.2 applies (sec_protocol_configuration_set_ats_overrides, protocol/SecProtocolConfiguration.m, Security-61901). Other keys of the wrong type are ignored.")

    /// One finding per known key whose value has the wrong property-list type, saying what Apple's reader makes of
    /// it (a number 1 for a Boolean works as YES); ATS keys written where domain names go are `misplaced-key`'s.
    public func check(_ context: LintContext) -> [Finding] {
        context.ats.typeMismatches.compactMap { mismatch in
            let components = mismatch.keyPath.components
            guard let key = components.last else { return nil }
            // An ATS key written where domain names go is misplaced-key's finding.
            if components.count >= 2, [ATSKeys.exceptionDomains, ATSKeys.pinnedDomains].contains(components[components.count - 2]),
               KeyCatalog.isATSKeyName(key) {
                return nil
            }
            let value = context.value(at: mismatch.keyPath)
            var shown = ""
            switch value {
            case .string?, .integer?, .real?, .bool?: shown = " (\(value!.shortDescription))"
            default: break
            }
            let article = mismatch.found.first.map { "AEIOU".contains($0) } == true ? "an" : "a"
            let expectedArticle = mismatch.expected == .array ? "an" : "a"
            return finding("\(key) is \(article) \(mismatch.found)\(shown); ATS expects \(expectedArticle) \(mismatch.expected.rawValue), \(effect(key: key, expected: mismatch.expected, value: value)).",
                           at: mismatch.keyPath, mismatch.location, fix: fix(key: key, expected: mismatch.expected, value: value))
        }
    }

    /// What Apple's reader makes of the value.
    private func effect(key: String, expected: ATSKeys.ValueType, value: PlistValue?) -> String {
        switch (expected, value) {
        case (.boolean, .integer(let digits)?):
            return Int(digits) == 1 ? "but reads a number equal to 1 as YES, so this works as YES" : "and reads a number other than 1 as NO"
        case (.boolean, .real(let number)?):
            return number == 1 ? "but reads a number equal to 1 as YES, so this works as YES" : "and reads a number other than 1 as NO"
        case (.boolean, .bool?):
            return "and ignores this value"
        case (.boolean, _):
            return "and treats a value that is not a number as absent, so the default applies"
        case (.string, _) where key == ATSKeys.minimumTLSVersion || ATSKeys.legacyAliases[key] == ATSKeys.minimumTLSVersion:
            return "so this sets no minimum and TLSv1.2 applies"
        default:
            return "and ignores this value"
        }
    }

    private func fix(key: String, expected: ATSKeys.ValueType, value: PlistValue?) -> String {
        switch expected {
        case .boolean:
            var text: String?
            switch value {
            case .string(let string)?: text = string.trimmingWhitespace().lowercased()
            case .integer(let digits)?: text = digits
            case .real(let number)?: text = number == 1 ? "1" : number == 0 ? "0" : nil
            default: text = nil
            }
            if let text, ["yes", "true", "1", "y"].contains(text) { return "<true/>" }
            if let text, ["no", "false", "0", "n"].contains(text) { return "<false/>" }
            return "<true/> or <false/>"
        case .string:
            if key == ATSKeys.minimumTLSVersion || ATSKeys.legacyAliases[key] == ATSKeys.minimumTLSVersion {
                var digits: String?
                switch value {
                case .real(let number)?: digits = String(number)
                case .integer(let text)?: digits = text
                default: digits = nil
                }
                if let digits, let version = TLSVersionSuggestion.suggest(digits) { return "<string>\(version)</string>" }
                return "<string>TLSv1.2</string>"
            }
            if key == ATSKeys.requiresNIAP || key == ATSKeys.exceptionRequiresNIAP { return "<string>FCP_v2.1</string>" }
            return "<string>…</string>"
        case .dictionary:
            return "<dict>…</dict>"
        case .array:
            return "<array><dict><key>\(ATSKeys.spkiSHA256)</key><string>…</string></dict></array>"
        }
    }
}
