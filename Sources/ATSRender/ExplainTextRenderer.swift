import ATSVocabulary
import ATSPolicy
import ATSPolicySources
import ATSCheck
import ATSProbe

/// Human-readable `atscheck explain` output.
public enum ExplainTextRenderer {
    /// `policyOrigin` says where in the file the policy came from when it is not an Info.plist
    /// (`Expo: expo.ios.infoPlist`); `preprocessing`, for a preprocessed Info.plist, the
    /// definitions (named after the policy) and each branch taken (one line each).
    public static func render(_ resolution: Resolution, policyPath: String?, policyOrigin: String? = nil,
                       preprocessing: PolicyPreprocessing? = nil) -> String {
        let contexts: [LoadContext: String] = [.urlSession: "URLSession", .webView: "WKWebView", .media: "AVFoundation media"]
        var out = "\(safe(resolution.url))\n"
        let origin = preprocessing.map { "preprocessed with " + ($0.definitions.isEmpty ? "no --define" : "--define " + $0.definitions.joined(separator: " ")) } ?? policyOrigin
        out += TerminalText.wrap("host \(safe(resolution.host.description)), \(contexts[resolution.context]!), \(resolution.target)"
            + (policyPath.map { ", policy \(safe($0))" + (origin.map { " (\(safe($0)))" } ?? "") } ?? ", no policy file"), firstPrefix: "  ", restPrefix: "  ")
        if case .success(let branches)? = preprocessing?.outcome {
            for branch in branches { out += TerminalText.wrap("branch: \(safe(branch))", firstPrefix: "  ", restPrefix: "    ") }
        }
        out += "\n"

        let entry: String
        switch resolution.source {
        case .exceptionDomain(let key, _, let line, let match):
            entry = "NSExceptionDomains entry '\(safe(key))'" + (line.map { " (line \($0))" } ?? "") + ", \(safe(match)) match;"
                + " global keys are ignored for this host"
        case .builtInException(let key, let match):
            entry = "Apple's built-in exception entry '\(safe(key))', \(safe(match)) match; global keys are ignored for this host"
        case .global: entry = "the global keys (no NSExceptionDomains entry matches)"
        case .localExemption(let reason): entry = "exempt from ATS: \(safe(reason))"
        case .noConfiguration: entry = "no NSAppTransportSecurity dictionary: full ATS"
        }
        out += TerminalText.wrap("applies: \(entry)", firstPrefix: "  ", restPrefix: "           ")
        out += TerminalText.wrap("decided by: \(resolution.decidedBy)", firstPrefix: "  ", restPrefix: "              ")

        if let written = resolution.arbitraryLoadsWritten {
            var text = "NSAllowsArbitraryLoads: \(written ? "YES" : "NO")"
            if resolution.arbitraryLoadsNeutralised {
                text += ", ignored because \(safe(resolution.neutralisedBy.joined(separator: ", "))) \(resolution.neutralisedBy.count == 1 ? "is" : "are") present"
            }
            out += TerminalText.wrap(text, firstPrefix: "  ", restPrefix: "    ")
        }

        let requirements = resolution.requirements
        out += "\n  requirements:\n"
        if requirements.atsEnforced {
            out += "    TLS:             \(requirements.minimumTLSVersion?.rawValue ?? "TLSv1.2") or later\n"
            let group = ATSSuiteGroup.forTarget(resolution.target).name
            let suites: String
            switch requirements.cipherSuitePolicy {
            case .ats: suites = "the \(group) ATS group (ECDHE; forward secrecy required)"
            case .atsAndNonForwardSecret: suites = "the \(group) ATS and static-RSA groups (forward secrecy not required)"
            case .unrestricted: suites = "not restricted (cleartext allowed, forward secrecy not required)"
            }
            out += TerminalText.wrap(suites, firstPrefix: "    cipher suites:   ", restPrefix: "                     ")
            out += "    key size:        " + (requirements.checksKeySize ? "RSA ≥ 2048, EC ≥ 256 bits\n" : "not checked\n")
        } else {
            out += "    ATS checks:      off (the default HTTPS trust evaluation still applies)\n"
        }
        out += "    cleartext HTTP:  " + (requirements.allowsInsecureHTTP ? "allowed\n" : "not allowed\n")
        if let niap = requirements.niapPackage { out += "    NIAP package:    \(safe(niap))\n" }
        if let pins = requirements.pinning {
            out += "    pinning:         NSPinnedDomains '\(safe(pins.domain))'\n"
            if let leaf = pins.leafIdentities { out += "      leaf pins:     \(leaf.count) (\(safe(leaf.joined(separator: ", "))))\n" }
            if let ca = pins.caIdentities { out += "      CA pins:       \(ca.count) (\(safe(ca.joined(separator: ", "))))\n" }
        } else {
            out += "    pinning:         none\n"
        }

        out += "\n"
        if resolution.blocksCleartext {
            out += TerminalText.wrap("BLOCKED: ATS refuses cleartext http:// to this host before any connection (NSURLErrorAppTransportSecurityRequiresSecureConnection, -1022)", firstPrefix: "", restPrefix: "  ")
        } else if resolution.scheme == .http {
            out += "ALLOWED: cleartext http:// is permitted for this host\n"
        } else {
            out += TerminalText.wrap("PROCEEDS TO TLS: the server must meet the requirements above", firstPrefix: "", restPrefix: "  ")
        }
        if !resolution.ambiguities.isEmpty {
            out += "\nambiguities:\n"
            for item in resolution.ambiguities { out += TerminalText.wrap(safe(item), firstPrefix: "  - ", restPrefix: "    ") }
        }
        out += "\nassumptions:\n"
        for item in resolution.assumptions { out += TerminalText.wrap(safe(item), firstPrefix: "  - ", restPrefix: "    ") }
        return TerminalText.neutralisingWorkflowCommands(out)
    }

    private static func safe(_ text: String) -> String { TerminalText.safe(text) }
}
