import ATSVocabulary
import ATSCertificates
import ATSProbe
import ATSPolicy

/// A policy fix proved by re-resolving: the first candidate exception entry under which the
/// URL's requirements pass (docs/ats-rules.md#verified-fixes).
struct VerifiedFix {
    /// The entry's keys, as displayed values.
    let keys: [String: String]
    /// The entry as an XML snippet to paste under `NSAppTransportSecurity`.
    let snippet: String

    /// Tries `candidates` in order as the `NSExceptionDomains` entry of the context's fix
    /// domain; returns the first under which the re-resolved load satisfies `passes`.
    static func first(_ context: ConnectionContext, candidates: [[(String, PlistValue)]],
                      passes: (Resolution) -> Bool) -> VerifiedFix? {
        let domain = context.fixDomain, input = context.input
        for candidate in candidates {
            let document = PolicyEditor.settingException(in: input.policyDocument, domain: domain, keys: candidate)
            let resolution = ATSResolver.resolve(context.load.url, context: input.context, policy: AppTransportSecurity(document: document),
                                                 options: input.options)
            guard passes(resolution) else { continue }
            let entry = PolicyEditor.entryKeys(in: document, domain: domain)
            var keys: [String: String] = [:]
            for (key, value) in entry { keys[key] = PolicyEditor.display(value) }
            return VerifiedFix(keys: keys, snippet: PolicyEditor.snippet(domain: domain, keys: entry))
        }
        return nil
    }
}
