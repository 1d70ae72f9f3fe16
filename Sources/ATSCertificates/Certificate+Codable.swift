#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A certificate encodes as its DER bytes (base64 in JSON) and decodes by decoding them again,
/// so every field is read by OpenSSL as it was the first time; bytes that are not a certificate
/// are a `DecodingError.dataCorrupted`.
extension Certificate: Codable {
    /// Reads the DER bytes and decodes them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let der = try container.decode(Data.self)
        do {
            self = try Certificate(derEncoded: der)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a DER certificate: \(error)")
        }
    }

    /// Writes the DER bytes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(der)
    }
}
