import ATSCertificates
import Foundation
import ATSPinning
import ATSSocket

/// What `atscheck pins` found: one pinned entry per certificate of the chain, plus the anchor
/// the validator chose. Its JSON form is `{"schemaVersion":1,"host","source","certificates",
/// "anchor","trusted","problems"}`.
struct PinsReport: Encodable {
    enum Source {
        case file(String)
        case server(host: String, port: UInt16)
    }

    enum Role: String, Encodable {
        case leaf, intermediate, root
    }

    /// One certificate and its pin.
    struct Entry: Encodable {
        /// Position in the served/file chain; nil for an anchor that was not in it.
        let index: Int?
        let role: Role
        let certificate: Certificate
        let pin: Pin
        /// The trust-store origin when this certificate is the anchor.
        let origin: TrustStore.Origin?

        var subject: String { certificate.subject.rfc4514 }

        private enum Keys: String, CodingKey {
            case index, role, origin, subject, notAfter, spkiSHA256, okHttp, hpkp
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(index, forKey: .index)
            try container.encode(role, forKey: .role)
            try container.encode(origin, forKey: .origin)
            try container.encode(subject, forKey: .subject)
            try container.encode(certificate.notAfter, forKey: .notAfter)
            try container.encode(pin.base64, forKey: .spkiSHA256)
            try container.encode(pin.okHttpForm, forKey: .okHttp)
            try container.encode(pin.hpkpForm, forKey: .hpkp)
        }
    }

    let source: Source
    /// The host to pin: the target's host, or for a file the leaf's first DNS SAN (else IP SAN,
    /// else common name); nil when the leaf names none.
    let host: String?
    let certificates: [Entry]
    /// The anchor the validator chose (also when it is one of `certificates`), or nil.
    let anchor: Entry?
    /// True when the path validated without any error at `time`.
    let trusted: Bool
    /// OpenSSL's path errors, one line each.
    let problems: [String]
    let time: Date

    init(chain: [Certificate], validation: PathValidation, source: Source, time: Date) throws {
        self.source = source
        self.time = time
        let leaf = chain[0]
        switch source {
        case .server(let host, _): self.host = host
        case .file: self.host = leaf.subjectAlternativeNames.dns.first ?? leaf.subjectAlternativeNames.ip.first ?? leaf.subject.commonName
        }
        let anchorCertificate = validation.anchorOrigin == nil ? nil : validation.chain.last
        let anchorIndex = anchorCertificate.flatMap { anchor in
            chain.firstIndex { $0.der == anchor.der || ($0.spkiSHA256 == anchor.spkiSHA256 && $0.subject == anchor.subject) }
        }
        var entries: [Entry] = []
        for (index, certificate) in chain.enumerated() {
            let role: Role = index == 0 ? .leaf : (index == anchorIndex || certificate.isSelfSigned ? .root : .intermediate)
            entries.append(Entry(index: index, role: role, certificate: certificate, pin: try Pin(certificate: certificate),
                                 origin: index == anchorIndex ? validation.anchorOrigin : nil))
        }
        certificates = entries
        if let anchorCertificate {
            anchor = Entry(index: anchorIndex, role: .root, certificate: anchorCertificate, pin: try Pin(certificate: anchorCertificate),
                           origin: validation.anchorOrigin)
        } else {
            anchor = nil
        }
        trusted = validation.isTrusted
        problems = validation.failures.map { "\($0.description) (certificate #\($0.depth))" }
    }

    /// The anchor when it was not sent / not in the file.
    var extraAnchor: Entry? { anchor.flatMap { $0.index == nil ? $0 : nil } }

    /// The CA pins to pin on: every non-leaf certificate of the chain, then the anchor, each key once.
    var caEntries: [Entry] {
        var seen = Set<Pin>()
        return (certificates.dropFirst() + (extraAnchor.map { [$0] } ?? [])).filter { seen.insert($0.pin).inserted }
    }

    var sourceDescription: String {
        switch source {
        case .file(let path): return path
        case .server(let host, let port):
            return HostPort.format(host: host, port: port)
        }
    }

    private enum Keys: String, CodingKey {
        case schemaVersion, source, host, evaluatedAt, certificates, anchor, trusted, problems
    }

    private struct SourceJSON: Encodable {
        let kind: String
        let file: String?
        let port: Int?
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(file, forKey: .file)
            try container.encode(port, forKey: .port)
        }
        private enum CodingKeys: String, CodingKey { case kind, file, port }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(1, forKey: .schemaVersion)
        switch source {
        case .file(let path): try container.encode(SourceJSON(kind: "file", file: path, port: nil), forKey: .source)
        case .server(_, let port): try container.encode(SourceJSON(kind: "server", file: nil, port: Int(port)), forKey: .source)
        }
        try container.encode(host, forKey: .host)
        try container.encode(time, forKey: .evaluatedAt)
        try container.encode(certificates, forKey: .certificates)
        try container.encode(anchor, forKey: .anchor)
        try container.encode(trusted, forKey: .trusted)
        try container.encode(problems, forKey: .problems)
    }
}
