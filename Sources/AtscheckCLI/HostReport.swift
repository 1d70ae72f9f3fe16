import ATSCheck
import ATSPolicy
import ATSCertificates
import Foundation
import ATSProbe

/// The `atscheck host --format json` document (docs/json-schema.md). Keys are always present.
struct HostReport: Encodable {
    let outcome: CheckResult

    private enum Keys: String, CodingKey {
        case schemaVersion, target, url, evaluatedAt, verdict, reasons, policy, tls, certificates, validation, diagnostics, probes, timing, notes, httpAnswer
    }

    func encode(to encoder: any Encoder) throws {
        let verdict = outcome.verdict
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(1, forKey: .schemaVersion)
        let target = outcome.target
        try container.encode(Endpoint(host: target.host, address: target.address, port: target.port).description, forKey: .target)
        try container.encode(target.url, forKey: .url)
        try container.encode(outcome.options.time, forKey: .evaluatedAt)
        try container.encode(verdict.status.rawValue, forKey: .verdict)
        try container.encode(verdict.reasons.map(ReasonReport.init), forKey: .reasons)
        try container.encode(ResolutionReport(resolution: verdict.resolution), forKey: .policy)
        try container.encode(outcome.observation.map { TLSReport(observation: $0, capabilities: verdict.capabilities ?? TLSCapabilities($0), cipherSuites: outcome.cipherSuites, group: outcome.group) }, forKey: .tls)
        try container.encode(verdict.chain.enumerated().map { CertificateReport(certificate: $1, index: $0, file: nil, positionInFile: nil) },
                             forKey: .certificates)
        try container.encode(verdict.trust.map { ValidationReport(evaluation: $0, presented: verdict.chain, store: outcome.store) },
                             forKey: .validation)
        try container.encode(verdict.diagnostics, forKey: .diagnostics)
        try container.encode((outcome.observation?.probes ?? []).map { ProbeReport(probe: $0, suiteGroup: outcome.group) }, forKey: .probes)
        try container.encode(Timing(observation: outcome.observation), forKey: .timing)
        try container.encode(verdict.notes, forKey: .notes)
        let http: String?
        switch outcome.httpAnswer {
        case .answered(let line)?: http = line
        case .failed(let failure)?: http = "no answer: \(failure.message)"
        case nil: http = nil
        }
        try container.encode(http, forKey: .httpAnswer)
    }

    private struct ReasonReport: Encodable {
        let reason: CheckReason
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(reason.code, forKey: .code)
            try container.encode(reason.message, forKey: .message)
            try container.encode(reason.nsurlError, forKey: .nsurlError)
            try container.encode(reason.secureTransportError, forKey: .secureTransportError)
            try container.encode(reason.certificateIndex, forKey: .certificateIndex)
            try container.encode(reason.source, forKey: .source)
            try container.encode(reason.fix.map(FixReport.init), forKey: .fix)
        }
        private enum CodingKeys: String, CodingKey { case code, message, nsurlError, secureTransportError, certificateIndex, source, fix }
    }

    private struct FixReport: Encodable {
        let fix: Fix
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(fix.exceptionDomain, forKey: .exceptionDomain)
            try container.encode(fix.exceptionKeys, forKey: .exceptionKeys)
            try container.encode(fix.plistSnippet, forKey: .plistSnippet)
            try container.encode(fix.serverChange, forKey: .serverChange)
        }
        private enum CodingKeys: String, CodingKey { case exceptionDomain, exceptionKeys, plistSnippet, serverChange }
    }

    private struct TLSReport: Encodable {
        let observation: Observation
        let capabilities: TLSCapabilities
        let cipherSuites: [TLSVersion: [CipherSuite]]?
        let group: ATSSuiteGroup
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var versions: [String: Bool?] = [:]
            for version in TLSVersion.allCases { versions[version.rawValue] = capabilities.versions[version] ?? nil }
            try container.encode(NullableMap(values: versions), forKey: .versions)
            try container.encode(observation.probe(ProbeName.appleDefault).flatMap { $0.completed ? Negotiated(probe: $0, suiteGroup: group) : nil },
                                 forKey: .negotiated)
            try container.encode(NullableMap(values: [
                "atsForwardSecret": capabilities.tls12ForwardSecret, "staticRSA": capabilities.tls12StaticRSA, "other": capabilities.tls12Other,
            ]), forKey: .tls12SuiteClasses)
            var enumerated: [String: [SuiteReport]]? = nil
            if let cipherSuites {
                enumerated = [:]
                for (version, suites) in cipherSuites { enumerated?[version.rawValue] = suites.map { SuiteReport(suite: $0, group: group) } }
            }
            try container.encode(enumerated, forKey: .cipherSuites)
            try container.encode(SuiteGroupReport(group: group), forKey: .suiteGroup)
        }
        private enum CodingKeys: String, CodingKey { case versions, negotiated, tls12SuiteClasses, cipherSuites, suiteGroup }
    }

    /// The suite groups the probes offered: the target's release (docs/ats-rules.md#ats-cipher-suites).
    private struct SuiteGroupReport: Encodable {
        let group: ATSSuiteGroup
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(group.name, forKey: .name)
            try container.encode(group.source, forKey: .source)
            try container.encode(group.tls13.map(\.ianaName), forKey: .tls13)
            try container.encode(group.tls12.map(\.ianaName), forKey: .tls12)
            try container.encode(group.nonForwardSecret.map(\.ianaName), forKey: .nonForwardSecret)
            try container.encode(group.nonForwardSecretFirst, forKey: .nonForwardSecretFirst)
        }
        private enum CodingKeys: String, CodingKey { case name, source, tls13, tls12, nonForwardSecret, nonForwardSecretFirst }
    }

    /// A string-keyed map whose nil values encode as null.
    private struct NullableMap: Encodable {
        let values: [String: Bool?]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in values { try container.encode(value, forKey: AnyKey(stringValue: key)) }
        }
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    private struct SuiteReport: Encodable {
        let suite: CipherSuite
        let group: ATSSuiteGroup
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(String(format: "0x%04X", suite.id), forKey: .id)
            try container.encode(suite.ianaName, forKey: .ianaName)
            try container.encode(suite.openSSLName, forKey: .openSSLName)
            try container.encode(group.classify(id: suite.id).rawValue, forKey: .atsClass)
        }
        private enum CodingKeys: String, CodingKey { case id, ianaName, openSSLName, atsClass }
    }

    private struct Negotiated: Encodable {
        let probe: ProbeResult
        let suiteGroup: ATSSuiteGroup
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(probe.version?.rawValue, forKey: .version)
            try container.encode(probe.cipherSuite.map { SuiteReport(suite: $0, group: suiteGroup) }, forKey: .cipherSuite)
            try container.encode(probe.group, forKey: .group)
            try container.encode(probe.alpn, forKey: .alpn)
            try container.encode(probe.stapledOCSP != nil, forKey: .stapledOCSP)
            try container.encode(probe.tlsSCTCount, forKey: .tlsSCTs)
        }
        private enum CodingKeys: String, CodingKey { case version, cipherSuite, group, alpn, stapledOCSP, tlsSCTs }
    }

    private struct ProbeReport: Encodable {
        let probe: ProbeResult
        let suiteGroup: ATSSuiteGroup
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(probe.spec.name, forKey: .name)
            let (outcome, failure): (String, String?) = {
                switch probe.outcome {
                case .completed: return ("completed", nil)
                case .failed(let failure): return ("failed", failure.message)
                case .notRun(let why): return ("notRun", why)
                }
            }()
            try container.encode(outcome, forKey: .outcome)
            try container.encode(failure, forKey: .detail)
            try container.encode(probe.spec.minVersion.rawValue, forKey: .minVersion)
            try container.encode(probe.spec.maxVersion.rawValue, forKey: .maxVersion)
            try container.encode(probe.version?.rawValue, forKey: .version)
            try container.encode(probe.cipherSuite.map { SuiteReport(suite: $0, group: suiteGroup) }, forKey: .cipherSuite)
            try container.encode(probe.group, forKey: .group)
            try container.encode(probe.peerChain.count, forKey: .chainLength)
            try container.encode((probe.milliseconds * 100).rounded() / 100, forKey: .milliseconds)
            try container.encode(probe.serverAnsweredTLS, forKey: .serverAnsweredTLS)
            try container.encode(probe.certificateMessageBytes, forKey: .certificateMessageBytes)
        }
        private enum CodingKeys: String, CodingKey {
            case name, outcome, detail, minVersion, maxVersion, version, cipherSuite, group, chainLength, milliseconds
            case serverAnsweredTLS, certificateMessageBytes
        }
    }

    private struct Timing: Encodable {
        let observation: Observation?
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(observation.map { ($0.milliseconds * 100).rounded() / 100 }, forKey: .probeMilliseconds)
            try container.encode(observation?.probes.filter { if case .notRun = $0.outcome { return false } else { return true } }.count ?? 0,
                                 forKey: .handshakes)
        }
        private enum CodingKeys: String, CodingKey { case probeMilliseconds, handshakes }
    }
}
