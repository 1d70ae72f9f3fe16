import Foundation
import ATSLab

/// What `openssl s_client -brief` reported about one handshake.
struct SClientResult: Sendable {
    let raw: CommandResult
    /// "Protocol version:" (e.g. TLSv1.2), nil when no handshake completed.
    let protocolVersion: String?
    /// "Ciphersuite:" (OpenSSL name).
    let cipherSuite: String?
    /// "OK" ("Verification: OK"), or the text of "Verification error:".
    let verification: String?
    /// "Server Temp Key:" (e.g. "X25519, 253 bits", "DH, 2048 bits"), when printed.
    let serverTempKey: String?

    var completed: Bool { protocolVersion != nil && cipherSuite != nil }

    init(_ raw: CommandResult) {
        self.raw = raw
        func field(_ name: String) -> String? {
            for line in raw.combined.split(whereSeparator: \.isNewline) where line.hasPrefix(name + ":") {
                return line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces)
            }
            return nil
        }
        protocolVersion = field("Protocol version")
        cipherSuite = field("Ciphersuite")
        verification = field("Verification") ?? field("Verification error")
        serverTempKey = field("Server Temp Key")
    }
}

/// `openssl s_client` as an independent client of the lab.
enum SClient {
    static let openssl = CommandRunner.which("openssl")

    /// The lab CA file the shared lab names (written from the root compiled into ATSLab).
    static var rootCA: String { get throws { try SharedLab.lab().rootCAFile.path } }

    /// Handshakes with `endpoint` (SNI = its server name, trusting root.pem), adding `flags`.
    static func handshake(_ endpoint: LabEndpoint, _ flags: [String] = [], showCerts: Bool = false) async throws -> SClientResult {
        guard let openssl else { throw SkipReason("openssl CLI not found") }
        var arguments = ["s_client", "-connect", endpoint.hostAndPort, "-servername", endpoint.serverName,
                         "-CAfile", try rootCA]
        arguments += showCerts ? ["-showcerts"] : ["-brief"]
        arguments += flags
        return SClientResult(try await CommandRunner.run(openssl, arguments))
    }

    /// The certificates the server sent, in order (from `-showcerts`), as PEM text.
    static func servedChainPEM(_ endpoint: LabEndpoint, _ flags: [String] = []) async throws -> String {
        let result = try await handshake(endpoint, flags, showCerts: true)
        return result.raw.stdout
    }
}

struct SkipReason: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
