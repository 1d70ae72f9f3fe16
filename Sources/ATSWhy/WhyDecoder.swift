import ATSVocabulary

/// Turns the evidence of one error into its decoding: the codes named, whether ATS enforced
/// the host, the causes ranked (most specific evidence first: trust checks, then OSStatus trust
/// results, then the TLS engine's alerts and reasons, then the SSL code, then the NSURLError
/// code), and the command that confirms the top cause.
enum WhyDecoder {
    static func decode(_ lines: [LineFacts], _ context: WhyContext = WhyContext()) -> DecodedError {
        var facts = IncidentFacts(lines)
        if facts.urls.isEmpty, let url = context.url { facts.urls.append(url) }
        let (causes, notATS) = rankedCauses(facts)
        let target = NextCommand.Target(facts: facts, fallbackHost: context.pasteHost)
        return DecodedError(
            firstLine: facts.firstLine, lastLine: facts.lastLine, era: facts.era, codes: codes(facts),
            trustChecks: facts.trustChecks, atsEnforced: enforcement(facts), summary: summary(facts),
            causes: causes, url: target.url, host: target.host,
            command: NextCommand.command(for: causes.first?.reason, facts: facts, target: target, notATS: notATS, policy: context.policyArgument),
            notATS: notATS.map { "this is not ATS: " + $0 })
    }

    /// Every code, outermost first, named in its family.
    static func codes(_ facts: IncidentFacts) -> [NamedCode] {
        var codes: [NamedCode] = []
        func add(_ code: NamedCode) { if !codes.contains(code) { codes.append(code) } }
        facts.urlCodes.forEach { add(NamedCode(code: $0, family: .nsurl)) }
        facts.cfNetworkCodes.forEach { add(NamedCode(code: $0, family: .cfNetwork)) }
        facts.sslCodes.forEach { add(NamedCode(code: $0, family: .ssl)) }
        for pair in facts.streamPairs {
            if let family = AppleError.Family(streamDomain: pair.domain) {
                add(NamedCode(code: pair.code, family: family))
            } else {
                add(NamedCode(code: pair.code, family: .other, domain: "stream domain \(pair.domain)"))
            }
        }
        facts.osStatusCodes.forEach { add(NamedCode(code: $0, family: .osStatus)) }
        facts.alerts.compactMap(\.number).forEach { add(NamedCode(code: $0, family: .tlsAlert)) }
        facts.boringReasons.forEach { add(NamedCode(code: $0.packed & 0xFFF, family: .boringSSL)) }
        facts.networkErrors.forEach { add(NamedCode(code: $0, family: .networkError)) }
        if let state = facts.clientCertificateState { add(NamedCode(code: state, family: .clientCertificateState)) }
        for error in facts.otherErrors { add(NamedCode(code: error.code, family: AppleError.Family(domain: error.domain), domain: error.domain)) }
        for load in facts.webKit where AppleError.Family(domain: load.domain) != .nsurl {
            add(NamedCode(code: load.code, family: AppleError.Family(domain: load.domain), domain: load.domain))
        }
        return codes
    }

    /// Whether ATS governed the host: -1022 and -1200/-9802 say yes, -1202 says no.
    static func enforcement(_ facts: IncidentFacts) -> ATSEnforcement {
        if facts.cleartextBlocked || facts.urlCode == -1022 || facts.atsSystemTrustFailed || facts.atsViolation { return .yes }
        if let kind = facts.trustEvaluation?.kind { return kind == "default" ? .no : .yes }
        if let url = facts.urlCode, [-1201, -1202, -1203, -1204].contains(url) { return .no }
        if facts.urlCode == -1200, facts.sslCode == -9802 { return .yes }
        if facts.nwTLSDescription != nil { return .notApplicable }
        if facts.urlCode == nil, facts.sslCodes.isEmpty, !facts.osStatusCodes.isEmpty { return .notApplicable }
        return .unknown
    }

    static func rankedCauses(_ facts: IncidentFacts) -> ([WhyCause], String?) {
        let notATS = CodeCauses.notATS(facts)
        if notATS != nil, facts.urlCode != -1003, facts.urlCode != -1006 { return ([], notATS) }
        if !facts.trustChecks.isEmpty {
            var reasons: [String] = []
            for check in facts.trustChecks { reasons += TrustCauses.reasons(forCheck: check).filter { !reasons.contains($0) } }
            return (causes(reasons, .fromAppleCode, "failed trust checks: " + facts.trustChecks.joined(separator: ", ")), notATS)
        }
        if let status = facts.osStatusCodes.first,
           let reasons = TrustCauses.reasons(forStatus: status, detail: facts.certificateDetails.first?.message) {
            let detail = facts.certificateDetails.first.map { " (certificate \($0.index): \($0.message))" } ?? ""
            return (causes(reasons, .fromAppleCode, "SecTrust result \(status)\(detail)"), notATS)
        }
        if let handshake = HandshakeCauses.entry(facts) {
            return (causes(handshake.reasons, .fromAppleCode, handshake.evidence), notATS)
        }
        if let ssl = facts.sslCode, let entry = CodeCauses.entry(forSSL: ssl, facts: facts) {
            var evidence = "SSL code \(ssl)"
            if let trust = facts.trustEvaluation { evidence += " with \"\(trust.kind) TLS Trust evaluation failed\"" }
            if facts.atsSystemTrustFailed { evidence += " with \"ATS failed system trust\"" }
            if facts.era == .secureTransport { evidence += " in an iOS 9-10 log" }
            if ssl == -9816, facts.interfaces.contains(where: { $0.hasPrefix("pdp_ip") }) { evidence += " on a cellular path" }
            return (withPredictions(causes(entry.reasons, entry.confidence, evidence), facts), notATS)
        }
        if facts.urlCode == -1200, let port = DevelopmentServer.port(of: facts) {
            // Safari's and WKWebView's "An SSL error has occurred" for a development server:
            // an https:// URL at a port that serves plain HTTP is the usual cause.
            let first = causes(["not-tls"], .fromFieldReports, "NSURLError -1200 from a development server (\(port.host):\(port.port)): https:// at a port that serves plain HTTP")
            let rest = causes(["cert-untrusted", "tls-version-too-low", "cipher-suite-not-allowed"], .inferred, "NSURLError -1200")
            return (withPredictions(first + rest, facts), notATS)
        }
        if let url = facts.urlCode, let entry = CodeCauses.entry(forURL: url) {
            return (withPredictions(causes(entry.reasons, entry.confidence, "NSURLError \(url)"), facts), notATS)
        }
        if facts.urlCode != nil || facts.sslCode != nil, case let predicted = withPredictions([], facts), !predicted.isEmpty {
            return (predicted, notATS)
        }
        if let posix = facts.streamPairs.first(where: { $0.domain == 1 }) {
            return (causes(posix.code == 60 ? ["timeout"] : ["connection-failed"], .fromAppleCode, "POSIX error \(posix.code) on the connection"), notATS)
        }
        return ([], notATS)
    }

    /// `causes` followed by the reasons atscheck's own predictions (the "app sees" table) give
    /// for the log's codes in its era, so a code `host` predicts always reads back to its reason.
    static func withPredictions(_ causes: [WhyCause], _ facts: IncidentFacts) -> [WhyCause] {
        var out = causes
        for (reason, prediction) in PredictedCauses.reasons(urlCode: facts.urlCode, sslCode: facts.sslCode, era: facts.era)
        where !out.contains(where: { $0.reason == reason }) {
            out.append(WhyCause(reason: reason, confidence: .inferred,
                                evidence: "atscheck predicts \(prediction) for \(reason) (\(prediction.evidence))"))
        }
        return out
    }

    /// The first cause carries the mapping's confidence; later ones are ranked by inference.
    private static func causes(_ reasons: [String], _ confidence: WhyConfidence, _ evidence: String) -> [WhyCause] {
        reasons.enumerated().map { index, reason in
            WhyCause(reason: reason, confidence: index == 0 ? confidence : (confidence == .fromAppleCode ? .fromAppleCode : .inferred),
                     evidence: evidence)
        }
    }

    /// One sentence naming what failed.
    static func summary(_ facts: IncidentFacts) -> String {
        let all = codes(facts)
        guard let top = all.first else {
            if facts.cleartextBlocked { return "ATS blocked a cleartext http:// load" }
            if facts.atsSystemTrustFailed { return "the certificate failed ATS's system trust evaluation" }
            if !facts.trustChecks.isEmpty { return "trust evaluation failed: " + facts.trustChecks.joined(separator: ", ") }
            return "a failure the text does not name by code"
        }
        var text = "\(top.symbol ?? "unknown") (\(top.domain) \(top.code)): \(top.meaning)"
        if let second = all.dropFirst().first(where: { $0.domain == AppleError.Family.ssl.rawValue && $0.code != top.code }) {
            text += "; \(second.symbol ?? "unknown") (\(second.code)): \(second.meaning)"
        }
        return text
    }
}
