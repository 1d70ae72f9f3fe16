import ATSVocabulary
import ATSCertificates
import ATSCheck
import ATSPolicy
import AtscheckTestSupport
import Foundation
import Testing

/// The library and the CLI build the trust environment in one place (`TrustEnvironment`): a
/// library client of `ATSChecker` asking about a release gets the roots, the CT log list and
/// the verdict `atscheck host --target` gives.
@Suite("TrustEnvironment: the library and the CLI agree")
struct TrustEnvironmentTests {
    @Test("ATSChecker for iOS 16 and `host --target ios16` name the same snapshot and CT log list, and reach the same verdict",
          arguments: ["tls-scts", "expired"])
    func libraryAgreesWithCLI(profile: String) async throws {
        let ios16 = try #require(TargetOS(parsing: "ios16"))
        let time = try #require(ISO8601DateFormatter().date(from: Fixtures.evaluationTime))
        try await LabServe.with([profile]) { lab in
            let port = try lab.port(profile)
            let cli = try await AsyncRun.atscheck(["host", "good.atscheck.test:\(port)", "--address", "127.0.0.1", "--target", "ios16",
                                                   "--ca-file", Fixtures.cert("root.pem"), "--at", Fixtures.evaluationTime, "--format", "json"])
            let json = try cli.json()
            let cliStore = try #require(Self.trustStore(in: json), "no trustStore in the host report")

            var overrides = TrustEnvironment.Overrides()
            overrides.userRoots = try CertificateLoader.load(atPath: RepositoryLayout.testCerts.appendingPathComponent("root.pem").path)
            overrides.cacheDirectory = ChildProcess.emptyCacheDirectory
            let environment = try TrustEnvironment(target: ios16, overrides: overrides)
            var target = try #require(CheckTarget.parse("good.atscheck.test:\(port)"))
            target.address = "127.0.0.1"
            let result = try await ATSChecker(environment: environment)
                .check(target, options: CheckOptions(time: time))

            #expect(environment.snapshot.tag == "security_certificates-55297.140.2", "iOS 16 is judged with the oldest snapshot")
            #expect(cliStore["preinstalled"] as? String == environment.store.systemName)
            #expect(cliStore["ctLogList"] as? String == environment.store.transparency?.name)
            #expect(json["verdict"] as? String == result.verdict.status.rawValue)
            #expect((json["reasons"] as? [[String: Any]])?.compactMap { $0["code"] as? String } == result.verdict.reasons.map(\.code.rawValue))
        }
    }

    /// The `trustStore` object of a host report, wherever the report nests it.
    static func trustStore(in json: [String: Any]) -> [String: Any]? {
        if let store = json["trustStore"] as? [String: Any] { return store }
        return json.values.lazy.compactMap { ($0 as? [String: Any]).flatMap(trustStore(in:)) }.first
    }
}
