import ATSVocabulary
import ATSCheck
import ATSPolicy
import ATSCertificates
import ATSProbe
import ATSReport
import AtscheckSystem

/// Human-readable `atscheck host` output: verdict, reasons with fixes, TLS summary, the
/// nscurl-style matrix, the chain. Fits 80 columns except for unbreakable tokens.
public enum HostTextRenderer {
    /// The name-resolution failure every probe ended with, when the host did not resolve: no
    /// handshake ran, so there is no TLS summary, matrix or handshake count to print.
    public static func resolutionFailure(_ observation: Observation) -> String? {
        let messages = observation.probes.map { probe -> String? in
            if case .failed(.connectionFailed(let message)) = probe.outcome, message.hasPrefix("cannot resolve") { return message }
            return nil
        }
        guard let first = messages.first ?? nil, messages.allSatisfy({ $0 != nil }) else { return nil }
        return first
    }

    /// The `host` report for `outcome`: the verdict line for `url`, the release, context and
    /// policy file (`policyPath`) and the address it was reached at, reasons with fixes, the TLS
    /// summary, the matrix, the chain; every connection rule's outcome with `verbose`.
    public static func render(url: String, policyPath: String?, address: String?, verbose: Bool, outcome: CheckResult) -> String {
        let verdict = outcome.verdict
        let resolution = verdict.resolution
        var out = "\(verdict.status.rawValue.uppercased())  \(TerminalText.safe(url))\n"
        out += wrap("\(resolution.target), \(contextName(resolution.context))" + (policyPath.map { ", policy \(TerminalText.safe($0))" } ?? ", no policy file")
                    + (address.map { ", via \($0)" } ?? ""), "  ", "  ")

        if let upgrade = outcome.upgrade {
            let codes = upgrade.verdict.reasons.map(\.code.rawValue).joined(separator: ", ")
            out += "\n" + wrap("upgrade: " + (upgrade.fix ?? "\(upgrade.target.url) would be \(upgrade.verdict.status.rawValue) too (\(codes))"),
                               "  ", "    ")
        }
        for reason in verdict.reasons {
            let certificate = reason.certificateIndex.map { " [certificate \($0)]" } ?? ""
            out += "\n  \(reason.code == .certificate(.ctLogListOutdated) ? "?" : "✗") \(reason.code)\(certificate)\n"
            out += wrap(TerminalText.safe(reason.message), "    ", "    ")
            out += LikelyErrorText.line(reason.likelyErrors, undetermined: reason.code == .certificate(.ctLogListOutdated))
            if let fix = reason.fix {
                if let snippet = fix.plistSnippet {
                    out += "    fix (Info.plist, verified): under NSAppTransportSecurity add\n"
                    out += snippet.split(separator: "\n").map { "      " + TerminalText.safe(String($0)) + "\n" }.joined()
                }
                out += wrap("fix (server): \(TerminalText.safe(fix.serverChange))", "    ", "      ")
            }
        }
        for note in verdict.notes { out += "\n" + wrap("note: \(TerminalText.safe(note))", "  ", "        ") }

        out += "\n" + policySummary(resolution)
        let unresolved = outcome.observation.flatMap(Self.resolutionFailure)
        if let unresolved {
            out += "\n" + wrap("no handshake ran: \(TerminalText.safe(unresolved))", "  ", "    ")
        } else if let observation = outcome.observation {
            out += "\n" + tlsSummary(observation, capabilities: verdict.capabilities ?? TLSCapabilities(observation), cipherSuites: outcome.cipherSuites, group: outcome.group)
        }
        switch outcome.httpAnswer {
        case .answered(let line)?: out += "\n  HTTP server answered: \(TerminalText.safe(line))\n"
        case .failed(let failure)?: out += "\n" + wrap("HTTP server did not answer: \(TerminalText.safe(failure.message))", "  ", "    ")
        case nil: break
        }
        if !verdict.diagnostics.isEmpty, unresolved == nil {
            out += "\nATS diagnostics (as nscurl --ats-diagnostics would report):\n"
            var section = ""
            for row in verdict.diagnostics {
                if row.section != section {
                    section = row.section
                    out += wrap(section, "  ", "    ")
                }
                out += "    \(row.result.rawValue.uppercased().padded(toLength: 7)) \(row.configuration)\n"
            }
        }
        if !verdict.chain.isEmpty {
            out += "\nchain served:\n"
            for (index, certificate) in verdict.chain.enumerated() {
                let key = "\(certificate.publicKey.type) \(certificate.publicKey.bits)"
                let line = "\(index): \(certificate.subject.rfc4514) (\(key), \(certificate.signature.hash?.rawValue ?? certificate.signature.algorithm), until \(iso8601(certificate.notAfter).prefix(10)))"
                out += wrap(TerminalText.safe(line), "  ", "     ")
            }
            let summary = TrustStoreSummary(outcome.store)
            out += wrap("trust store: " + summary.text, "  ", "    ")
            if let trust = verdict.trust, let list = summary.ctLogListLine(at: trust.time) {
                out += wrap("CT log list: " + TerminalText.safe(list), "  ", "    ")
            }
            if let trust = verdict.trust { out += TransparencyReport.text(for: trust) }
        }
        if let observation = outcome.observation, unresolved == nil {
            let ran = observation.probes.filter { if case .notRun = $0.outcome { return false } else { return true } }.count
            out += "\n  \(ran) handshakes in \(Int(observation.milliseconds.rounded())) ms\n"
        }
        if verbose { out += "\n" + rules(verdict.ruleOutcomes) }
        return TerminalText.neutralisingWorkflowCommands(out)
    }

    /// `--verbose`: each connection rule, in the order it ran, with its outcome.
    static func rules(_ results: [ConnectionRuleResult]) -> String {
        var out = "Rules:\n"
        for result in results {
            let text: String
            switch result.outcome {
            case .passed: text = "passed"
            case .notApplicable(let why): text = "not applicable: \(why)"
            case .failed(let reasons): text = "failed: " + reasons.map(\.code.rawValue).joined(separator: ", ")
            }
            out += wrap("\(result.id): \(text)", "  ", "    ")
        }
        return out
    }

    private static func wrap(_ text: String, _ first: String, _ rest: String) -> String {
        TerminalText.wrap(text, firstPrefix: first, restPrefix: rest)
    }

    private static func contextName(_ context: LoadContext) -> String {
        switch context {
        case .urlSession: return "URLSession"
        case .webView: return "WKWebView"
        case .media: return "AVFoundation media"
        }
    }

    private static func policySummary(_ resolution: Resolution) -> String {
        let entry: String
        switch resolution.source {
        case .exceptionDomain(let key, _, let line, _): entry = "NSExceptionDomains '\(key)'" + (line.map { " (line \($0))" } ?? "")
        case .builtInException(let key, _): entry = "built-in exception '\(key)'"
        case .global: entry = "global keys"
        case .localExemption(let reason): entry = "exempt (\(reason))"
        case .noConfiguration: entry = "no ATS keys (full ATS)"
        }
        let requirements = resolution.requirements
        var parts = [entry]
        if requirements.atsEnforced {
            parts.append("TLS ≥ \(requirements.minimumTLSVersion?.rawValue ?? "TLSv1.2")")
            parts.append(requirements.requiresForwardSecrecy == false ? "FS not required" : "FS required")
        } else {
            parts.append("ATS checks off")
        }
        if requirements.pinning != nil { parts.append("pinned") }
        var out = wrap("policy: " + parts.joined(separator: ", "), "  ", "          ")
        for item in resolution.ambiguities { out += wrap("ambiguity: \(item)", "  ", "    ") }
        return out
    }

    private static func tlsSummary(_ observation: Observation, capabilities: TLSCapabilities,
                                   cipherSuites: [TLSVersion: [CipherSuite]]?, group: ATSSuiteGroup) -> String {
        let versions = TLSVersion.allCases.map { version -> String in
            let state: String
            switch capabilities.versions[version] ?? nil {
            case .some(true): state = "yes"
            case .some(false): state = "no"
            case .none: state = "?"
            }
            return "\(version.rawValue) \(state)"
        }
        var out = wrap("TLS: " + versions.joined(separator: ", "), "  ", "       ")
        if let probe = observation.probe(ProbeName.appleDefault), probe.completed, let version = probe.version, let suite = probe.cipherSuite {
            out += wrap("negotiated: \(version.rawValue) \(suite.ianaName)" + (probe.group.map { " (\($0))" } ?? ""), "  ", "    ")
        }
        func state(_ value: Bool?) -> String { value.map { $0 ? "yes" : "no" } ?? "?" }
        out += wrap("TLS 1.2 suites (\(group.name)): ATS ECDHE \(state(capabilities.tls12ForwardSecret)), static RSA \(state(capabilities.tls12StaticRSA)), other \(state(capabilities.tls12Other))", "  ", "    ")
        if let cipherSuites {
            for version in TLSVersion.allCases {
                guard let suites = cipherSuites[version], !suites.isEmpty else { continue }
                out += "  \(version.rawValue) accepts:\n"
                for suite in suites {
                    out += "    \(suite.ianaName) (\(group.classify(id: suite.id).rawValue))\n"
                }
            }
        }
        return out
    }
}
