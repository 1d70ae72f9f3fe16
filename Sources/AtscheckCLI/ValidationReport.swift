import ATSCertificates
import Foundation

/// JSON form of a trust evaluation (schema in docs/json-schema.md).
struct ValidationReport: Encodable {
    let evaluation: TrustEvaluation
    let presented: [Certificate]
    let store: TrustStore

    private enum Keys: String, CodingKey { case host, evaluatedAt, trusted, anchor, trustStore, chain, reasons, ocsp, certificateTransparency, notes }

    private struct Anchor: Encodable {
        let subject: String
        let spkiSHA256: String
        let origin: String
    }

    private struct ChainEntry: Encodable {
        let index: Int
        let subject: String
        let sha256Fingerprint: String
        let source: String
        let presentedIndex: Int?
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(index, forKey: .index)
            try container.encode(subject, forKey: .subject)
            try container.encode(sha256Fingerprint, forKey: .sha256Fingerprint)
            try container.encode(source, forKey: .source)
            try container.encode(presentedIndex, forKey: .presentedIndex)
        }
        private enum CodingKeys: String, CodingKey { case index, subject, sha256Fingerprint, source, presentedIndex }
    }

    private struct Reason: Encodable {
        let reason: TrustReason
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(reason.code.rawValue, forKey: .code)
            try container.encode(reason.message, forKey: .message)
            try container.encode(reason.certificateIndex, forKey: .certificateIndex)
            try container.encode(reason.appleError, forKey: .appleError)
            try container.encode(reason.secureTransportError, forKey: .secureTransportError)
            try container.encode(reason.source, forKey: .source)
        }
        private enum CodingKeys: String, CodingKey { case code, message, certificateIndex, appleError, secureTransportError, source }
    }

    private struct OCSP: Encodable {
        let status: OCSPStatus
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(status.status.rawValue, forKey: .status)
            try container.encode(status.signatureVerified, forKey: .signatureVerified)
            try container.encode(status.revocationTime, forKey: .revocationTime)
            try container.encode(status.thisUpdate, forKey: .thisUpdate)
            try container.encode(status.nextUpdate, forKey: .nextUpdate)
        }
        private enum CodingKeys: String, CodingKey { case status, signatureVerified, revocationTime, thisUpdate, nextUpdate }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(evaluation.host, forKey: .host)
        try container.encode(evaluation.time, forKey: .evaluatedAt)
        try container.encode(evaluation.isTrusted, forKey: .trusted)
        let anchor = evaluation.path.chain.last.flatMap { top in
            store.origin(of: top).map { Anchor(subject: top.subject.rfc4514, spkiSHA256: top.spkiSHA256, origin: $0.rawValue) }
        }
        try container.encode(anchor, forKey: .anchor)
        try container.encode(TrustStoreSummary(store), forKey: .trustStore)
        try container.encode(chainEntries(), forKey: .chain)
        try container.encode(evaluation.reasons.map(Reason.init), forKey: .reasons)
        try container.encode(evaluation.ocsp.map(OCSP.init), forKey: .ocsp)
        try container.encode(evaluation.transparency.map { TransparencyReport(evaluation: $0, required: evaluation.transparencyRequired) },
                             forKey: .certificateTransparency)
        try container.encode(evaluation.notes, forKey: .notes)
    }

    private func chainEntries() -> [ChainEntry] {
        evaluation.path.chain.enumerated().map { index, certificate in
            let presentedIndex = presented.firstIndex(of: certificate)
            return ChainEntry(index: index, subject: certificate.subject.rfc4514, sha256Fingerprint: certificate.sha256Fingerprint,
                              source: presentedIndex != nil ? "presented" : "trust-store", presentedIndex: presentedIndex)
        }
    }
}

/// The whole `atscheck cert --format json` document.
struct CertReport: Encodable {
    let certificates: [LoadedCertificate]
    let evaluation: TrustEvaluation?
    let store: TrustStore?
    let time: Date

    private enum Keys: String, CodingKey { case schemaVersion, evaluatedAt, certificates, validation }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(1, forKey: .schemaVersion)
        try container.encode(time, forKey: .evaluatedAt)
        try container.encode(certificates.enumerated().map {
            CertificateReport(certificate: $1.certificate, index: $0, file: $1.file, positionInFile: $1.position)
        }, forKey: .certificates)
        let validation = evaluation.flatMap { evaluation in
            store.map { ValidationReport(evaluation: evaluation, presented: certificates.map(\.certificate), store: $0) }
        }
        try container.encode(validation, forKey: .validation)
    }
}

/// Which anchors a store holds, for reports: `{preinstalled, preinstalledRoots, userRoots, appAnchors}`.
struct TrustStoreSummary: Encodable {
    let preinstalled: String?
    let preinstalledRoots: Int
    let userRoots: Int
    let appAnchors: Int

    init(_ store: TrustStore) {
        preinstalled = store.systemName
        preinstalledRoots = store.anchors.filter { $0.origin == .system }.count
        userRoots = store.anchors.filter { $0.origin == .user }.count
        appAnchors = store.anchors.filter { $0.origin == .app }.count
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(preinstalled, forKey: .preinstalled)
        try container.encode(preinstalledRoots, forKey: .preinstalledRoots)
        try container.encode(userRoots, forKey: .userRoots)
        try container.encode(appAnchors, forKey: .appAnchors)
    }
    private enum CodingKeys: String, CodingKey { case preinstalled, preinstalledRoots, userRoots, appAnchors }

    /// One line: "Apple security_certificates-55349.0.11 (…): 156 preinstalled roots, 1 user-installed".
    var text: String {
        var parts: [String] = []
        if preinstalledRoots > 0 { parts.append("\(preinstalledRoots) preinstalled root\(preinstalledRoots == 1 ? "" : "s")") }
        if userRoots > 0 { parts.append("\(userRoots) user-installed") }
        if appAnchors > 0 { parts.append("\(appAnchors) app-supplied") }
        let counts = parts.isEmpty ? "no anchors" : parts.joined(separator: ", ")
        return preinstalled.map { "\($0): \(counts)" } ?? counts
    }
}
