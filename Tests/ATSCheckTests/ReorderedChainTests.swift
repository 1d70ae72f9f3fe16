import ATSCheck
import ATSProbe
import AtscheckTestSupport
import Foundation
import Testing

// A server that sends its chain in the wrong order (the intermediate first, the leaf after it):
// Apple's client takes certificate 0 as the leaf, so every leaf check fails, but the fix is to
// serve the leaf first, not to reissue anything (issue 25; docs/ats-rules.md#verified-fixes).
// The server is a real `openssl s_server` whose own certificate is TestCerts' intermediate
// (with its committed key) and whose extra chain is TestCerts' good RSA leaf.

@Suite("a chain served intermediate first", .timeLimit(.minutes(TestTiming.minutes(2))))
struct ReorderedChainTests {
    @Test("the reasons about certificate 0 are one, cert-wrong-order, with 'serve the leaf first', none 'reissue'")
    func intermediateFirst() async throws {
        let server = try LoopbackServerProcess.intermediateFirst()
        defer { server.stop() }
        let endpoint = Endpoint(host: LabHarness.host, address: "127.0.0.1", port: server.port)
        let observation = await LabHarness.prober.run(ProbePlan.standard(.latest), against: endpoint)
        let verdict = try LabHarness.verdict(url: "https://\(LabHarness.host):\(server.port)/", observation: observation)

        #expect(verdict.status == .blocked, "\(verdict.summary)")
        #expect(verdict.chain.first?.isCA == true, "the server should send the intermediate first")
        let leafReasons = verdict.reasons.filter { $0.certificateIndex == 0 }
        try #require(!leafReasons.isEmpty, "\(verdict.summary)")
        #expect(leafReasons.map(\.code.rawValue) == ["cert-wrong-order"], "one reason names the order, not three about the intermediate")
        #expect(leafReasons.first?.message.contains("the leaf for \(LabHarness.host) is certificate 1") == true, "\(leafReasons.map(\.message))")
        #expect(leafReasons.first?.message.contains("cert-hostname-mismatch") == true, "the checks folded are named")
        for reason in leafReasons {
            let change = try #require(reason.fix?.serverChange)
            #expect(change.contains("wrong order") && change.contains("send the leaf first") && change.contains("the leaf is certificate 1"),
                    "\(reason.code): \(change)")
        }
        #expect(!verdict.reasons.contains { $0.fix?.serverChange.hasPrefix("reissue") == true }, "\(verdict.reasons.map { $0.fix?.serverChange ?? "" })")
    }

    @Test("a chain in the right order keeps the per-reason fixes")
    func rightOrder() async throws {
        let verdict = try await LabHarness.verdict(.noSAN)
        let missing = try #require(verdict.reasons.first { $0.code.rawValue == "cert-missing-san" })
        #expect(missing.fix?.serverChange.hasPrefix("reissue the certificate") == true)
        #expect(!verdict.reasons.contains { $0.fix?.serverChange.contains("wrong order") == true })
    }
}

extension LoopbackServerProcess {
    /// `openssl s_server` serving TestCerts' intermediate as its certificate (with its
    /// committed key) and the good RSA leaf after it.
    static func intermediateFirst() throws -> LoopbackServerProcess {
        let certs = RepositoryLayout.testCerts
        return try LoopbackServerProcess { port in
            ["openssl", "s_server", "-accept", "127.0.0.1:\(port)", "-quiet", "-www",
             "-cert", certs.appendingPathComponent("intermediate.pem").path,
             "-key", certs.appendingPathComponent("keys/intermediate.key").path,
             "-cert_chain", certs.appendingPathComponent("chain-missing-intermediate.pem").path]
        }
    }
}
