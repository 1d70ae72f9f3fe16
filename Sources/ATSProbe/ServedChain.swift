import ATSCertificates
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The certificates a server sent in one handshake, leaf first, decoded once: the DER as sent
/// (what `Codable` stores) and the decoded ``Certificate`` of each. A certificate that does
/// not decode is left out of ``certificates`` and named in ``notes``, never dropped silently.
public struct ServedChain: Sendable, Hashable, Codable {
    /// The certificates as sent, DER, in the order sent.
    public let der: [Data]
    /// The certificates that decoded, in the order sent.
    public let certificates: [Certificate]
    /// One note per certificate that did not decode.
    public let notes: [ProbeNote]

    /// No certificates.
    public static let empty = ServedChain(der: [], certificates: [], notes: [])

    /// Decodes each DER certificate (a chain read back from JSON, or built by a test).
    public init(der: [Data]) {
        var certificates: [Certificate] = []
        var notes: [ProbeNote] = []
        for (index, bytes) in der.enumerated() {
            do {
                certificates.append(try Certificate(derEncoded: bytes))
            } catch {
                notes.append(.undecodableCertificate(index: index, reason: error.description))
            }
        }
        self.init(der: der, certificates: certificates, notes: notes)
    }

    /// The handshake's own decodings, each with its DER.
    package init(der: [Data], certificates: [Certificate], notes: [ProbeNote]) {
        self.der = der
        self.certificates = certificates
        self.notes = notes
    }

    /// Reads the DER list ``encode(to:)`` writes and decodes it.
    public init(from decoder: any Decoder) throws {
        self.init(der: try decoder.singleValueContainer().decode([Data].self))
    }

    /// Writes the DER list alone (the form `peerChain` always had).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(der)
    }
}

/// Something a probe observed that its other fields cannot carry.
public enum ProbeNote: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Certificate `index` of the served chain (0: the leaf) is not an X.509 certificate
    /// OpenSSL can read; it is left out of the chain judged.
    case undecodableCertificate(index: Int, reason: String)

    /// One line for a report.
    public var description: String {
        switch self {
        case .undecodableCertificate(let index, let reason):
            return "certificate \(index) of the served chain (0 is the leaf) cannot be decoded (\(reason)); it is left out of the chain judged"
        }
    }
}
