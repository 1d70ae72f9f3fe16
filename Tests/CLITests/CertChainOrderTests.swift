import AtscheckTestSupport
import Foundation
import Testing

/// `cert` on files whose first certificate is the CA (`cert int.pem leaf.pem --host H`) says
/// the order, as `host` does for a server sending the same order (issue 42), instead of a
/// hostname mismatch, a missing SAN and a 5,479-day validity, all about the intermediate.
@Suite("cert: a chain given intermediate first")
struct CertChainOrderTests {
    @Test("intermediate, then leaf: one reason, cert-wrong-order, naming the leaf's place; the right order is trusted")
    func intermediateFirst() throws {
        let misordered = try ProcessRunner.atscheck(TrustCommand.userRoot(["intermediate.pem", "leaf-good-rsa.pem"], host: "good.atscheck.test"))
        #expect(misordered.status == 1)
        let validation = try #require(try misordered.json()["validation"] as? [String: Any])
        let reasons = validation["reasons"] as? [[String: Any]] ?? []
        #expect(reasons.compactMap { $0["code"] as? String } == ["cert-wrong-order"], "\(reasons)")
        let message = reasons.first?["message"] as? String ?? ""
        #expect(message.contains("certificate 0 is a CA certificate (CN=atscheck Test Intermediate CA"), "\(message)")
        #expect(message.contains("the leaf for good.atscheck.test is certificate 1"), "\(message)")
        #expect(message.contains("cert-hostname-mismatch, cert-missing-san, cert-validity-too-long"), "\(message)")
        #expect(validation["trusted"] as? Bool == false)

        let text = try ProcessRunner.atscheck(TrustCommand.userRoot(["intermediate.pem", "leaf-good-rsa.pem"], host: "good.atscheck.test", json: false))
        #expect(text.stdout.contains("NOT TRUSTED for good.atscheck.test at 2025-06-01T00:00:00Z: 1 reason"), "\(text.stdout)")
        #expect(text.stdout.contains("✗ cert-wrong-order [certificate 0]"))

        let ordered = try ProcessRunner.atscheck(TrustCommand.userRoot(["leaf-good-rsa.pem", "intermediate.pem"], host: "good.atscheck.test"))
        #expect(ordered.status == 0, "\(ordered.stdout)")
    }

    @Test("a CA first with no leaf for the host after it is not an order problem: its own reasons stay")
    func noLeafAfter() throws {
        let run = try ProcessRunner.atscheck(TrustCommand.userRoot(["intermediate.pem", "leaf-good-rsa.pem"], host: "other.atscheck.test"))
        let reasons = ((try run.json()["validation"] as? [String: Any])?["reasons"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
        #expect(!reasons.contains("cert-wrong-order") && reasons.contains("cert-hostname-mismatch"), "\(reasons)")
    }
}
