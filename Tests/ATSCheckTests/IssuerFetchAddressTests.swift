import ATSCertificates
import ATSCheck
import AtscheckTestSupport
import Foundation
import Testing

/// caIssuers fetches go to public addresses only (issue 43): a scanned server's certificate
/// must not make atscheck send requests to cloud metadata, loopback or private services. The
/// good RSA leaf names http://ca.atscheck.test/intermediate.cer; `connectTo` sends that name
/// to the address under test, so the check is on the address actually connected.
@Suite("caIssuers fetches: public addresses only")
struct IssuerFetchAddressTests {
    static let time = ISO8601DateFormatter().date(from: "2025-06-01T00:00:00Z")!

    static func complete(_ options: IssuerFetchOptions) throws -> IssuerCompletion {
        // The file holds the leaf and its intermediate: the leaf alone is the incomplete chain.
        let leaf = Array(try CertificateLoader.load(contentsOf: RepositoryLayout.testCerts.appendingPathComponent("leaf-good-rsa.pem")).prefix(1))
        let roots = try CertificateLoader.load(contentsOf: RepositoryLayout.testCerts.appendingPathComponent("root.pem"))
        return IssuerFetching.complete(leaf, evaluator: TrustEvaluator(store: TrustStore(system: [], user: roots)), host: "good.atscheck.test",
                                       at: time, options: options, cache: IssuerFetchCache())
    }

    static func mapped(to address: String, port: UInt16, allowPrivate: Bool = false) -> IssuerFetchOptions {
        IssuerFetchOptions(timeout: 2, connectTo: ["ca.atscheck.test:80:\(address):\(port)"], allowPrivate: allowPrivate)
    }

    @Test("addresses that are not public, and public ones", arguments: [
        ("127.0.0.1", "loopback"), ("169.254.169.254", "link-local"), ("10.1.2.3", "private"), ("172.20.0.1", "private"),
        ("192.168.1.1", "private"), ("0.0.0.0", "unspecified"), ("100.100.100.200", "shared (carrier-grade NAT)"),
        ("::1", "loopback"), ("[::1]", "loopback"), ("fe80::1%eth0", "link-local"), ("fd00:ec2::254", "private (unique local)"),
        ("::ffff:127.0.0.1", "loopback"), ("::", "unspecified"), ("93.184.215.14", nil), ("2606:4700::1111", nil),
        ("ca.atscheck.test", nil),
    ] as [(String, String?)])
    func kinds(address: String, kind: String?) {
        #expect(IssuerFetching.nonPublicAddressKind(address) == kind)
    }

    @Test("a caIssuers URL at the link-local metadata address is not fetched; the refusal is the fetch's failure")
    func linkLocalRefused() throws {
        let completion = try Self.complete(Self.mapped(to: "169.254.169.254", port: 80))
        #expect(completion.issuers.isEmpty)
        let failure = try #require(completion.fetches.first?.failure)
        #expect(failure.contains("not fetched: 169.254.169.254 is a link-local address"), "\(failure)")
        #expect(failure.contains("--allow-private-fetch"))
    }

    @Test("a loopback HTTP server holding the intermediate: refused by default; fetched with allowPrivate or for a server checked on loopback")
    func loopbackOnlyWhenAllowed() throws {
        let intermediate = try CertificateLoader.load(contentsOf: RepositoryLayout.testCerts.appendingPathComponent("intermediate.pem"))[0]
        let http = try LoopbackFileServer(["intermediate.cer": intermediate.der])
        defer { http.stop() }

        let refused = try Self.complete(Self.mapped(to: "127.0.0.1", port: http.port))
        #expect(refused.issuers.isEmpty)
        #expect(refused.fetches.first?.failure?.contains("127.0.0.1 is a loopback address") == true, "\(refused.fetches)")

        let allowed = try Self.complete(Self.mapped(to: "127.0.0.1", port: http.port, allowPrivate: true))
        #expect(allowed.issuers == [intermediate], "\(allowed.fetches)")

        let loopbackServer = try Self.complete(Self.mapped(to: "127.0.0.1", port: http.port).forServer(at: "127.0.0.1"))
        #expect(loopbackServer.issuers == [intermediate], "\(loopbackServer.fetches)")
        let publicServer = try Self.complete(Self.mapped(to: "127.0.0.1", port: http.port).forServer(at: "93.184.215.14"))
        #expect(publicServer.issuers.isEmpty)
    }

    @Test("a caIssuers answer redirecting to https:// is not followed: trustd fetches http:// only")
    func noRedirectToHTTPS() throws {
        let script = """
        import http.server, sys
        class H(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                self.send_response(302); self.send_header("Location", "https://127.0.0.1:1/intermediate.cer"); self.end_headers()
        http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), H).serve_forever()
        """
        let directory = FileManager.default.temporaryDirectory
        let redirecting = try LoopbackServerProcess(in: directory) { ["python3", "-c", script, String($0)] }
        defer { redirecting.stop() }
        let completion = try Self.complete(Self.mapped(to: "127.0.0.1", port: redirecting.port, allowPrivate: true))
        #expect(completion.issuers.isEmpty)
        let failure = try #require(completion.fetches.first?.failure)
        #expect(failure.contains("Protocol \"https\" not supported"), "\(failure)")
    }
}
