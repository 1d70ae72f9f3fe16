import AtscheckTestSupport
import Foundation
import Testing
@testable import ATSProbe
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `Endpoint.publicAddressesOnly` (issue 43): a host name that resolves to loopback, private or
/// link-local addresses is not dialled, decided on the addresses getaddrinfo returned, so a name
/// in /etc/hosts or DNS cannot send the probe into the network atscheck runs in. The name used
/// is one /etc/hosts maps to 127.0.0.1 (no DNS involved).
@Suite("probe: public addresses only, decided after resolution", .timeLimit(.minutes(TestTiming.minutes(2))))
struct PublicAddressesOnlyTests {
    static func loopbackName() throws -> String {
        try #require(LoopbackPort.loopbackHostName(), "no name other than localhost maps to 127.0.0.1 in /etc/hosts")
    }

    @Test("a name resolving only to loopback is refused, naming its addresses; without the option, or with an explicit address, it resolves")
    func resolution() throws {
        let name = try Self.loopbackName()
        guard case .failure(let failure) = AddressResolver.resolve(Endpoint(host: name, port: 443, publicAddressesOnly: true)) else {
            Issue.record("\(name) was resolved for dialling")
            return
        }
        #expect(failure == .connectionFailed("not probed: \(name) resolves only to loopback addresses (127.0.0.1) (--allow-private-probe probes it)"))
        guard case .success(let plain) = AddressResolver.resolve(Endpoint(host: name, port: 443)) else {
            Issue.record("\(name) does not resolve")
            return
        }
        #expect(plain.map(\.text) == ["127.0.0.1"])
        guard case .success(let chosen) = AddressResolver.resolve(Endpoint(host: name, address: "127.0.0.1", port: 443, publicAddressesOnly: true)) else {
            Issue.record("an explicit address was refused")
            return
        }
        #expect(chosen.map(\.text) == ["127.0.0.1"])
    }

    @Test("IP literals: private refused with their kind, public ones kept (numeric, no DNS)")
    func literals() {
        guard case .failure(let failure) = AddressResolver.resolve(Endpoint(host: "10.1.2.3", publicAddressesOnly: true)) else {
            Issue.record("10.1.2.3 was resolved for dialling")
            return
        }
        #expect(failure.message == "not probed: 10.1.2.3 resolves only to private addresses (10.1.2.3) (--allow-private-probe probes it)")
        guard case .success(let kept) = AddressResolver.resolve(Endpoint(host: "93.184.215.14", publicAddressesOnly: true)) else {
            Issue.record("a public address was refused")
            return
        }
        #expect(kept.map(\.text) == ["93.184.215.14"])
    }

    @Test("against a real server: the refused name opens no connection and every probe says why; allowed, the handshake completes")
    func noConnection() async throws {
        let name = try Self.loopbackName()
        let listener = try LoopbackPort.bind(listen: 8)
        defer { close(listener.fd) }
        let refused = await testProber.run(ProbePlan.standard(), against: Endpoint(host: name, port: listener.port, publicAddressesOnly: true))
        #expect(refused.connectedAddress == nil)
        for probe in refused.probes {
            #expect(probe.outcome.failure?.message.hasPrefix("not probed: \(name) resolves only to loopback addresses") == true, "\(probe.outcome)")
        }
        #expect(!LoopbackPort.hasPendingConnection(listener.fd), "the listener saw a connection")

        try await withServer(OpenSSLServer.goodRSA + ["-www"]) { server in
            let endpoint = Endpoint(host: name, port: server.port, serverName: "good.atscheck.test")
            let observation = await testProber.run([ProbePlan.spec(.appleDefault)], against: endpoint)
            #expect(observation.probe(.appleDefault)?.outcome == .completed, "\(server.log)")
            #expect(observation.connectedAddress == "127.0.0.1")
        }
    }
}
