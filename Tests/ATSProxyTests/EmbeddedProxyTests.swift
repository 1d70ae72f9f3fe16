import ATSVocabulary
import ATSCertificates
import ATSCheck
import ATSLab
import ATSPolicy
import ATSProxy
import AtscheckSystem
import AtscheckTestSupport
import Foundation
import Testing

// The proxy as a library: started in-process with a configuration, judged against real lab
// servers, stopped. The CLI's proxy tests cover the same engine through `atscheck proxy`.

@Suite("ProxyServer embedded in another program", .timeLimit(.minutes(TestTiming.minutes(2))))
struct EmbeddedProxyTests {
    /// TestCerts' evaluation instant (TestCerts/README.md).
    static let evaluationTime = Date(timeIntervalSince1970: 1_748_736_000)

    static func configuration(_ lab: TLSLab, lines: LogLines) throws -> ProxyConfiguration {
        let roots = try CertificateLoader.load(contentsOf: lab.rootCAFile)
        var resolve: [String: String] = [:]
        for endpoint in lab.endpoints { resolve["\(endpoint.serverName):\(endpoint.port)"] = endpoint.address }
        return ProxyConfiguration(environment: TrustEnvironment(store: TrustStore(system: [], user: roots)), resolve: resolve, time: evaluationTime,
                                  timeout: 5 * TestTiming.scale, log: { lines.append($0) })
    }

    /// Sends one request head through the proxy and returns the response head.
    static func exchange(_ proxyPort: UInt16, _ request: String) throws -> String {
        let socket = try Socket.connect(toAny: Resolver.resolve("127.0.0.1", port: proxyPort, numericHost: true), attemptTimeout: 5)
        defer { socket.close() }
        try socket.sendAll(Array(request.utf8))
        var received: [UInt8] = []
        let deadline = Deadline.after(seconds: 20 * TestTiming.scale)
        while !String(decoding: received, as: UTF8.self).contains("\r\n\r\n") {
            let chunk = try socket.receive(capacity: 4096, until: deadline)
            if chunk.isEmpty { break }
            received += chunk
        }
        return String(decoding: received, as: UTF8.self)
    }

    @Test("CONNECT to a TLS 1.0-only server: 403 with the reason; to a good one: 200; cleartext http: 403 insecure-http")
    func verdicts() throws {
        let lab = try TLSLab(profiles: [.goodRSA, .tls10Only])
        defer { lab.stop() }
        let lines = LogLines()
        let proxy = try ProxyServer(configuration: Self.configuration(lab, lines: lines), listenAddress: "127.0.0.1", port: 0)
        proxy.start()
        defer { proxy.stop() }
        #expect(proxy.port != 0)

        let tls10 = try #require(lab.endpoint(.tls10Only))
        let refused = try Self.exchange(proxy.port, "CONNECT \(tls10.serverName):\(tls10.port) HTTP/1.1\r\n\r\n")
        #expect(refused.hasPrefix("HTTP/1.1 403 "), "\(refused)")
        #expect(refused.contains("X-ATS-Reason: tls-version-too-low"), "\(refused)")
        let predicted = LikelyAppErrors.list(for: .connection(.tlsVersionTooLow), target: .latest, atsEnforcesTrust: true)
        #expect(refused.contains("X-ATS-App-Error: \(predicted[0])\r\n"), "\(refused)")
        #expect(refused.contains("app sees: NSURLErrorDomain \(predicted[0]) (most likely); also "
                                 + predicted.dropFirst().map(\.description).joined(separator: ", ")), "\(refused)")

        let good = try #require(lab.endpoint(.goodRSA))
        let tunnel = try Self.exchange(proxy.port, "CONNECT \(good.serverName):\(good.port) HTTP/1.1\r\n\r\n")
        #expect(tunnel.hasPrefix("HTTP/1.1 200 "), "\(tunnel)")

        let cleartext = try Self.exchange(proxy.port, "GET http://\(good.serverName):\(good.port)/ HTTP/1.1\r\n\r\n")
        #expect(cleartext.contains("X-ATS-Reason: insecure-http"), "\(cleartext)")
        #expect(cleartext.contains("X-ATS-App-Error: -1022\r\n") && cleartext.contains("app sees: NSURLErrorDomain -1022"), "\(cleartext)")
        #expect(lines.all.contains { $0.contains("CONNECT \(tls10.serverName):\(tls10.port) blocked tls-version-too-low") }, "\(lines.all)")
    }

    @Test("A configuration from a TrustEnvironment judges with that environment's release and store")
    func environment() throws {
        let lab = try TLSLab(profiles: [.goodRSA])
        defer { lab.stop() }
        let good = try #require(lab.endpoint(.goodRSA))
        let ios16 = TargetOS(.iOS, 16)
        var responses: [String] = []
        for trustsLabRoot in [true, false] {
            var overrides = TrustEnvironment.Overrides()
            overrides.cacheDirectory = nil
            if trustsLabRoot { overrides.userRoots = try CertificateLoader.load(contentsOf: lab.rootCAFile) }
            let environment = try TrustEnvironment(target: ios16, overrides: overrides)
            let configuration = ProxyConfiguration(environment: environment,
                                                   resolve: ["\(good.serverName):\(good.port)": good.address],
                                                   time: Self.evaluationTime, timeout: 5 * TestTiming.scale, log: { _ in })
            #expect(configuration.environment.target == ios16, "the environment's release is the one judged")
            #expect(configuration.environment.store.systemName?.hasPrefix("Apple security_certificates-55297.140.2 ") == true,
                    "iOS 16's snapshot: \(configuration.environment.store.systemName ?? "none")")
            let proxy = try ProxyServer(configuration: configuration, listenAddress: "127.0.0.1", port: 0)
            proxy.start()
            defer { proxy.stop() }
            responses.append(try Self.exchange(proxy.port, "CONNECT \(good.serverName):\(good.port) HTTP/1.1\r\n\r\n"))
        }
        #expect(responses[0].hasPrefix("HTTP/1.1 200 "), "the lab root is a user root in this environment: \(responses[0])")
        #expect(responses[1].hasPrefix("HTTP/1.1 403 ") && responses[1].contains("X-ATS-Reason: cert-untrusted"),
                "without it the lab's chain reaches no root of iOS 16's store: \(responses[1])")
    }

    @Test("stop() closes the listener: new connections are refused, and stopping twice is harmless")
    func stop() throws {
        let lab = try TLSLab(profiles: [.goodRSA])
        defer { lab.stop() }
        let proxy = try ProxyServer(configuration: Self.configuration(lab, lines: LogLines()), listenAddress: "127.0.0.1", port: 0)
        proxy.start()
        #expect(LoopbackPort.accepts(proxy.port))
        proxy.stop()
        proxy.stop()
        var closed = false
        for _ in 0..<200 where !closed {
            closed = !LoopbackPort.accepts(proxy.port)
            if !closed { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(closed)
    }

    @Test("an address that cannot be bound is an error at init, not a crash")
    func unbindable() throws {
        let lab = try TLSLab(profiles: [.goodRSA])
        defer { lab.stop() }
        #expect(throws: (any Error).self) {
            _ = try ProxyServer(configuration: Self.configuration(lab, lines: LogLines()), listenAddress: "192.0.2.1", port: 0)
        }
    }
}

/// Log lines collected from the proxy's threads.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
