import Foundation
import Testing
import ATSLab

/// plain-http, silent and not-tls behave as described, seen through a raw TCP client.
@Suite("Non-TLS profiles")
struct NonTLSProfileTests {
    @Test("plain-http answers any request with 200 and closes")
    func plainHTTP() throws {
        let endpoint = try SharedLab.endpoint(.plainHTTP)
        let client = try RawTCP(port: endpoint.port)
        client.send("GET /anything HTTP/1.1\r\nHost: \(endpoint.serverName)\r\n\r\n")
        let (data, closed) = client.read(timeout: 10)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(text)")
        #expect(text.contains("\r\nConnection: close\r\n"))
        #expect(text.hasSuffix("\r\n\r\natscheck lab: plain-http\n"), "\(text)")
        #expect(closed)
    }

    @Test("silent sends nothing within a second, even after the client speaks")
    func silent() throws {
        let endpoint = try SharedLab.endpoint(.silent)
        let client = try RawTCP(port: endpoint.port)
        let first = client.read(timeout: 0.5)
        client.send("\u{16}\u{03}\u{01}\u{00}\u{05}hello")   // looks like the start of a TLS record
        let second = client.read(timeout: 0.5)
        #expect(first.data.isEmpty && second.data.isEmpty)
        #expect(!first.closed && !second.closed, "silent never closes on its own")
    }

    @Test("not-tls sends an SSH banner at once and is no TLS server")
    func notTLS() async throws {
        let endpoint = try SharedLab.endpoint(.notTLS)
        let client = try RawTCP(port: endpoint.port)
        let (data, closed) = client.read(timeout: 10) { $0.hasSuffix("\r\n") }
        #expect(String(decoding: data, as: UTF8.self) == "SSH-2.0-OpenSSH_9.2\r\n")
        #expect(!closed)
        let tls = try await SClient.handshake(endpoint)
        #expect(!tls.completed, "\(tls.raw.combined)")
    }

    @Test("the silent profile holds a TLS client until it gives up")
    func silentTimesOutAClient() async throws {
        let endpoint = try SharedLab.endpoint(.silent)
        guard let openssl = SClient.openssl else { throw SkipReason("openssl CLI not found") }
        let result = try await CommandRunner.run(openssl, ["s_client", "-connect", endpoint.hostAndPort, "-brief"], timeout: 2)
        #expect(result.timedOut, "\(result.combined)")
        #expect(!SClientResult(result).completed)
    }
}
