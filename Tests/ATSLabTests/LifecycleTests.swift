import Foundation
import Testing
import ATSLab

/// Starting, stopping and running several labs; errors; client misbehaviour.
@Suite("Lab lifecycle")
struct LifecycleTests {
    @Test("stop() frees every port, ends held connections, and is idempotent")
    func stopFreesPorts() throws {
        let lab = try TLSLab(profiles: [.goodRSA, .silent, .plainHTTP, .notTLS])
        #expect(lab.endpoints.map(\.profile) == [.goodRSA, .silent, .plainHTTP, .notTLS])
        #expect(Set(lab.endpoints.map(\.port)).count == 4)
        #expect(lab.endpoints.allSatisfy { $0.address == "127.0.0.1" && $0.port != 0 })
        let held = try RawTCP(port: try #require(lab.endpoint(.silent)).port)
        #expect(held.read(timeout: 0.2).data.isEmpty)

        lab.stop()
        #expect(held.read(timeout: 10).closed, "stop() ends open connections")
        for endpoint in lab.endpoints {
            #expect(Self.refusedSoon(endpoint.port), "port \(endpoint.port) still accepts after stop()")
        }
        lab.stop()

        // The freed port can be bound again.
        let port = lab.endpoints[0].port
        let again = try Self.soon { try TLSLab(profiles: [.plainHTTP], basePort: port) }
        #expect(again.endpoints.first?.port == port)
        again.stop()
    }

    @Test("dropping the last reference stops the lab")
    func deinitStops() throws {
        var lab: TLSLab? = try TLSLab(profiles: [.plainHTTP])
        let port = try #require(lab?.endpoints.first?.port)
        #expect(throws: Never.self) { _ = try RawTCP(port: port) }
        lab = nil
        #expect(Self.refusedSoon(port), "port \(port) still accepts after the lab was dropped")
    }

    // Another test in this process may be spawning a child (curl, openssl, atscheck) at the
    // moment the lab stops. Between its clone and its exec the child holds a copy of every
    // descriptor, close-on-exec ones included, so a closed listener can go on accepting for
    // that instant (CI saw all four ports accept once, 2026-12-03). The tests below therefore
    // wait, within a deadline, for what stop() must bring about; a listener that stop() left
    // open still fails them.

    /// True once a connection to `port` is refused; false if it is still accepted after 10 s.
    static func refusedSoon(_ port: UInt16) -> Bool {
        for _ in 0..<200 {
            do {
                _ = try RawTCP(port: port)
            } catch .refused {
                return true
            } catch {
                return false
            }
            usleep(50_000)
        }
        return false
    }

    /// `body`'s result, retried for up to 10 s while it throws; the last error otherwise.
    static func soon<T>(_ body: () throws -> T) throws -> T {
        for _ in 0..<199 {
            if let value = try? body() { return value }
            usleep(50_000)
        }
        return try body()
    }

    @Test("two labs at once use different ports and both serve")
    func twoLabs() async throws {
        let first = try TLSLab(profiles: [.goodRSA, .notTLS])
        let second = try TLSLab(profiles: [.goodRSA, .notTLS])
        defer { first.stop(); second.stop() }
        #expect(Set(first.endpoints.map(\.port)).isDisjoint(with: second.endpoints.map(\.port)))
        for lab in [first, second] {
            let result = try await SClient.handshake(try #require(lab.endpoint(.goodRSA)), atFixtureTime)
            #expect(result.verification == "OK", "\(result.raw.combined)")
        }
    }

    @Test("basePort assigns consecutive ports, and a taken port is a LabError naming it")
    func basePortAndConflicts() throws {
        let probe = try TLSLab(profiles: [.silent])
        let taken = probe.endpoints[0].port
        defer { probe.stop() }
        do {
            _ = try TLSLab(profiles: [.plainHTTP], basePort: taken)
            Issue.record("binding a taken port succeeded")
        } catch {
            #expect(error.description.contains("127.0.0.1:\(taken)"), "\(error)")
            #expect(!error.description.contains("\n"))
        }
        // A free range: the port just released by a stopped lab, followed by whatever is free.
        let scratch = try TLSLab(profiles: [.silent, .plainHTTP])
        let base = scratch.endpoints[0].port
        scratch.stop()
        if let lab = try? TLSLab(profiles: [.plainHTTP, .silent], basePort: base) {
            #expect(lab.endpoints.map(\.port) == [base, base + 1])
            lab.stop()
        }
        #expect(throws: LabError.self) { _ = try TLSLab(profiles: [.silent, .plainHTTP], basePort: UInt16.max) }
    }

    @Test("repeated profiles are served once")
    func duplicates() throws {
        let lab = try TLSLab(profiles: [.silent, .silent, .plainHTTP])
        defer { lab.stop() }
        #expect(lab.endpoints.map(\.profile) == [.silent, .plainHTTP])
    }

    @Test("a missing certificate directory, chain or key is a LabError naming the file")
    func loadErrors() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tlslab-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("keys"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let missing = scratch.appendingPathComponent("nowhere")

        #expect { try TLSLab(profiles: [.goodRSA], certificateDirectory: missing) } throws: { error in
            "\(error)".contains(missing.path)
        }
        // Non-TLS profiles need no certificates at all.
        try TLSLab(profiles: [.plainHTTP, .silent, .notTLS], certificateDirectory: missing).stop()

        let chain = scratch.appendingPathComponent("leaf-good-rsa.pem")
        try TLSLab.embeddedCertificateFile("leaf-good-rsa.pem").write(to: chain)
        #expect { try TLSLab(profiles: [.goodRSA], certificateDirectory: scratch) } throws: { error in
            "\(error)".contains("keys/leaf-good-rsa.key")
        }
        // A key that does not match the certificate.
        try TLSLab.embeddedCertificateFile("keys/leaf-expired.key").write(to: scratch.appendingPathComponent("keys/leaf-good-rsa.key"))
        #expect { try TLSLab(profiles: [.goodRSA], certificateDirectory: scratch) } throws: { error in
            "\(error)".contains("keys/leaf-good-rsa.key") && "\(error)".contains("leaf-good-rsa.pem")
        }
        // A chain file that is not PEM.
        try Data("not a certificate\n".utf8).write(to: chain)
        #expect { try TLSLab(profiles: [.goodRSA], certificateDirectory: scratch) } throws: { error in
            "\(error)".contains("leaf-good-rsa.pem") && !"\(error)".contains("\n")
        }
    }

    @Test("a host that is not an IP literal is a LabError")
    func badHost() {
        #expect(throws: LabError.self) { try TLSLab(profiles: [.silent], host: "localhost.invalid") }
    }

    @Test("rude clients don't hurt the lab")
    func misbehavingClients() async throws {
        let lab = try TLSLab(profiles: [.goodRSA, .plainHTTP, .notTLS])
        defer { lab.stop() }
        let tls = try #require(lab.endpoint(.goodRSA)).port
        let plain = try #require(lab.endpoint(.plainHTTP)).port
        let ssh = try #require(lab.endpoint(.notTLS)).port
        for _ in 0..<10 {
            try RawTCP(port: tls).reset()                       // connect and reset at once
            let garbage = try RawTCP(port: tls)                 // non-TLS bytes to a TLS server
            garbage.send("GET / HTTP/1.1\r\n\r\n")
            #expect(garbage.read(timeout: 10).closed)
            let hasty = try RawTCP(port: plain)                 // ask, then reset before the answer
            hasty.send("GET / HTTP/1.1\r\n\r\n")
            hasty.reset()
            try RawTCP(port: ssh).reset()
        }
        let result = try await SClient.handshake(try #require(lab.endpoint(.goodRSA)), atFixtureTime)
        #expect(result.verification == "OK", "\(result.raw.combined)")
        let client = try RawTCP(port: plain)
        client.send("GET / HTTP/1.0\r\n\r\n")
        #expect(String(decoding: client.read(timeout: 10).data, as: UTF8.self).hasSuffix("atscheck lab: plain-http\n"))
    }

    @Test("connections beyond the limit are closed at once; freed slots are reused")
    func connectionLimit() throws {
        let lab = try TLSLab(profiles: [.silent])
        defer { lab.stop() }
        let port = lab.endpoints[0].port
        var clients: [RawTCP] = []
        for _ in 0..<70 { clients.append(try RawTCP(port: port)) }
        for extra in clients[64...] { #expect(extra.read(timeout: 10).closed) }
        #expect(!clients[0].read(timeout: 0.2).closed)
        #expect(!clients[63].read(timeout: 0.2).closed)
        clients.removeAll()
        // Once the server has seen those clients leave, a new connection is held again.
        var held = false
        for _ in 0..<100 where !held {
            let client = try RawTCP(port: port)
            held = !client.read(timeout: 0.1).closed
        }
        #expect(held)
    }
}
