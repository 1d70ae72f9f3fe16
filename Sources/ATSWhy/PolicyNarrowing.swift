import ATSLint
import ATSPolicy
import ATSVocabulary

/// `why --policy`: the decoded causes checked against the app's policy, resolved offline for the
/// failing URL. A cause the policy allows is ruled out; a refusal the policy allows, or ATS
/// enforcement where the policy exempts the host, means the app did not run with these keys,
/// and the lint findings that bear on the load usually say why (a misspelt or misplaced key).
public enum PolicyNarrowing {
    /// The lint rules whose findings explain a policy that reads right but does not apply.
    static let explainingRules: Set<String> = [
        "unknown-key", "misplaced-key", "wrong-type", "legacy-key", "arbitrary-loads-ignored", "invalid-tls-version",
        "invalid-domain", "uppercase-domain", "duplicate-key", "duplicate-domain", "ip-exception-unsupported",
        "subdomains-on-ip", "subdomains-on-public-suffix", "builtin-exception-replaced", "invalid-plist",
    ]

    /// `error` with its causes narrowed by `resolution` (the failing URL resolved under the
    /// policy at `policyPath`, nil for none) and `lint` (the policy's lint report, nil for none).
    public static func narrow(_ error: DecodedError, resolution: Resolution, policyPath: String?, lint: FileReport?) -> DecodedError {
        var error = error
        let requirements = resolution.requirements
        var kept: [WhyCause] = []
        var ruledOut: [RuledOutCause] = []
        for cause in error.causes {
            if let why = ruledOutWhy(cause.reason, resolution) {
                ruledOut.append(RuledOutCause(reason: cause.reason, why: why))
            } else {
                kept.append(cause)
            }
        }
        var notes: [String] = []
        var agreement = WhyPolicyCheck.Agreement.silent
        let host = resolution.host.description
        let entry = decidingEntry(resolution.source)
        if error.causes.contains(where: { $0.reason == "insecure-http" }) || error.atsEnforced == .yes && resolution.scheme == .http {
            if resolution.blocksCleartext {
                agreement = .agrees
                notes.append("the policy does not allow cleartext http:// to \(host): the refusal is what these keys say")
            } else {
                agreement = .contradicts
                notes.append("the policy allows cleartext http:// to \(host), yet the device refused it: the app did not run with these keys as written")
            }
        } else if error.atsEnforced == .yes, !requirements.atsEnforced || requirements.delegateMayLoosenTrust {
            agreement = .contradicts
            notes.append("the log shows ATS enforcing \(host), but under this policy ATS leaves \(host)'s trust to the app: the app did not run with these keys as written")
        } else if error.atsEnforced == .no, requirements.atsEnforced, !requirements.delegateMayLoosenTrust {
            agreement = .contradicts
            notes.append("the log shows the default trust evaluation (ATS not enforcing \(host)), but this policy has ATS enforce it: the app ran with other keys, or the load did not go through URLSession (a web view under NSAllowsArbitraryLoadsInWebContent, media)")
        } else if let top = kept.first, let demand = demanded(top.reason, resolution) {
            agreement = .agrees
            notes.append(demand)
        } else if !kept.isEmpty, error.atsEnforced == .yes {
            agreement = .agrees
        } else if !ruledOut.isEmpty {
            agreement = .narrows
        }
        if !error.causes.isEmpty, kept.isEmpty {
            agreement = .contradicts
            notes.append("this policy allows every cause the log points at: the app ran with other keys, or the failure lies outside what ATS checks")
        }
        let findings = agreement == .contradicts || resolution.blocksCleartext ? relevantFindings(lint, resolution) : []
        if !findings.isEmpty {
            notes.append("lint finds \(findings.count) problem\(findings.count == 1 ? "" : "s") in the policy that bear\(findings.count == 1 ? "s" : "") on this load: a key ATS does not read as written is the usual reason")
        }
        error.causes = kept
        error.ruledOut = ruledOut
        error.policy = WhyPolicyCheck(
            policyPath: policyPath, url: resolution.url, target: resolution.target.description, decidedBy: entry,
            atsEnforced: requirements.atsEnforced, allowsInsecureHTTP: requirements.allowsInsecureHTTP,
            minimumTLSVersion: requirements.minimumTLSVersion?.rawValue, requiresForwardSecrecy: requirements.requiresForwardSecrecy,
            pinnedDomain: requirements.pinning?.domain, agreement: agreement, notes: notes, findings: findings)
        return error
    }

    /// Why the policy rules `reason` out for the resolved load, nil when it does not.
    static func ruledOutWhy(_ reason: String, _ resolution: Resolution) -> String? {
        let requirements = resolution.requirements
        let entry = decidingEntry(resolution.source)
        switch reason {
        case "insecure-http" where resolution.scheme == .https:
            return "the URL is https://; ATS refuses cleartext loads only"
        case "tls-version-too-low":
            guard let minimum = requirements.minimumTLSVersion else { return "ATS does not apply to the host (\(entry)), so no TLS minimum beyond the system's" }
            return minimum <= .tls10 ? "the policy accepts \(minimum.rawValue) for the host (\(entry))" : nil
        case "no-forward-secrecy":
            guard requirements.atsEnforced else { return "ATS does not apply to the host (\(entry))" }
            return requirements.requiresForwardSecrecy == false ? "NSExceptionRequiresForwardSecrecy is NO for the host (\(entry))" : nil
        case "cipher-suite-not-allowed":
            return requirements.atsEnforced ? nil : "ATS does not apply to the host (\(entry)), so any suite the system offers"
        case "pin-mismatch":
            return requirements.pinning == nil ? "no NSPinnedDomains entry matches the host (pins the app checks in its own code are not ATS's)" : nil
        default:
            return nil
        }
    }

    /// What the policy demands of the host that makes `reason` a refusal, nil when the reason
    /// does not depend on the policy (trust failures the system refuses under any keys).
    static func demanded(_ reason: String, _ resolution: Resolution) -> String? {
        let requirements = resolution.requirements
        let host = resolution.host.description
        guard requirements.atsEnforced else { return nil }
        switch reason {
        case "tls-version-too-low":
            return requirements.minimumTLSVersion.map { "the policy requires \($0.rawValue) or later of \(host): a server below it is refused" }
        case "no-forward-secrecy" where requirements.requiresForwardSecrecy != false:
            return "the policy requires forward secrecy (ECDHE) of \(host): a server without it is refused"
        case "cipher-suite-not-allowed":
            return "the policy has ATS restrict \(host)'s cipher suites: a server with none of them is refused"
        case "pin-mismatch":
            return requirements.pinning.map { "NSPinnedDomains entry '\($0.domain)' pins \(host): a chain without a pinned key is refused" }
        default:
            return nil
        }
    }

    /// The entry that decides a load, in words.
    static func decidingEntry(_ source: PolicySource) -> String {
        switch source {
        case .exceptionDomain(let key, _, let line, _): "NSExceptionDomains entry '\(key)'" + (line.map { ", line \($0)" } ?? "")
        case .builtInException(let key, _): "Apple's built-in exception '\(key)'"
        case .global: "the global keys"
        case .localExemption(let reason): "exempt as \(reason)"
        case .noConfiguration: "no NSAppTransportSecurity dictionary: full ATS"
        }
    }

    /// Lint findings of the explaining rules at warning or error, on the file, the global keys
    /// or the deciding entry.
    static func relevantFindings(_ lint: FileReport?, _ resolution: Resolution) -> [Finding] {
        guard let lint else { return [] }
        let entryPath: String? = if case .exceptionDomain(_, let keyPath, _, _) = resolution.source { keyPath } else { nil }
        return lint.findings.filter { finding in
            guard explainingRules.contains(finding.rule), finding.severity >= .warning else { return false }
            guard let path = finding.keyPath else { return true }
            if let entryPath, path.contains(entryPath) { return true }
            return !path.contains("NSExceptionDomains.") && !path.contains("NSPinnedDomains.")
        }
    }
}
