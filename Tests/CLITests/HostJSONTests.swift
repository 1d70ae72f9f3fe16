import AtscheckTestSupport
import Foundation
import Testing

// The `atscheck host --format json` contract (docs/json-schema.md, "atscheck host"): every key
// present (null when it does not apply), the shapes scripts rely on.

@Suite("atscheck host JSON contract", .timeLimit(.minutes(TestTiming.minutes(3))))
struct HostJSONTests {
    static let topLevelKeys: Set<String> = [
        "schemaVersion", "target", "url", "evaluatedAt", "verdict", "reasons", "policy", "tls", "certificates",
        "validation", "diagnostics", "probes", "timing", "notes", "httpAnswer", "upgrade",
    ]
    static let reasonKeys: Set<String> = ["code", "message", "nsurlError", "secureTransportError", "likelyErrors", "certificateIndex", "source", "fix"]
    static let fixKeys: Set<String> = ["exceptionDomain", "exceptionKeys", "plistSnippet", "serverChange"]
    static let requirementKeys: Set<String> = [
        "atsEnforced", "allowsInsecureHTTP", "minimumTLSVersion", "requiresForwardSecrecy", "cipherSuitePolicy", "checksKeySize",
        "requiresCertificateTransparencyKey", "delegateMayLoosenTrust", "niapPackage", "pinning",
    ]
    static let versionKeys: Set<String> = ["TLSv1.0", "TLSv1.1", "TLSv1.2", "TLSv1.3"]
    static let probeNames = ["default", "tls1.0", "tls1.1", "tls1.2", "tls1.3", "tls1.2-ats-fs", "tls1.2-static-rsa", "tls1.2-other"]
    static let probeKeys: Set<String> = ["name", "outcome", "detail", "minVersion", "maxVersion", "version", "cipherSuite", "group",
                                         "chainLength", "milliseconds", "serverAnsweredTLS", "certificateMessageBytes", "stoppedAfter"]

    static func run(_ profile: String, timeout: Int = 3, lab: LabServe) async throws -> [String: Any] {
        let port = try lab.port(profile)
        let result = try await AsyncRun.atscheck(HostArguments.host(HostArguments.url(profile, port: port), ["--timeout", TestTiming.argument(Double(timeout))]))
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let document = try result.json()
        #expect(Set(document.keys) == topLevelKeys, "keys: \(document.keys.sorted())")
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(document["evaluatedAt"] as? String == Fixtures.evaluationTime)
        return document
    }

    @Test("tls10-only: reasons with codes and a verified fix, policy, TLS versions, chain, 16 diagnostics, 8 probes, timing")
    func blockedDocument() async throws {
        try await LabServe.with(["tls10-only"]) { lab in
            let port = try lab.port("tls10-only")
            let document = try await Self.run("tls10-only", lab: lab)
            #expect(document["target"] as? String == "good.atscheck.test:\(port) via 127.0.0.1")
            #expect(document["url"] as? String == "https://good.atscheck.test:\(port)/")
            #expect(document["verdict"] as? String == "blocked")

            let reasons = try #require(document["reasons"] as? [[String: Any]])
            let reason = try #require(reasons.first)
            #expect(reasons.count == 1)
            #expect(Set(reason.keys) == Self.reasonKeys)
            #expect(reason["code"] as? String == "tls-version-too-low")
            #expect(reason["nsurlError"] as? Int == -1200)
            // A TLS 1.0-only server answers the app's TLS 1.2+ offer with a protocol_version
            // alert: -9836 first on the latest iOS (the team's error-code evidence (error-codes.md) §2, §12).
            #expect(reason["secureTransportError"] as? Int == -9836)
            let likely = try #require(reason["likelyErrors"] as? [[String: Any]])
            #expect(likely.map { $0["secureTransportError"] as? Int } == [-9836, -9816, -9881])
            #expect(likely.allSatisfy { Set($0.keys) == ["nsurlError", "secureTransportError", "evidence"] && $0["nsurlError"] as? Int == -1200 })
            #expect(reason["certificateIndex"] is NSNull)
            #expect((reason["source"] as? String)?.hasPrefix("https://developer.apple.com/") == true)
            let fix = try #require(reason["fix"] as? [String: Any])
            #expect(Set(fix.keys) == Self.fixKeys)
            #expect(fix["exceptionDomain"] as? String == "good.atscheck.test")
            #expect(fix["exceptionKeys"] as? [String: String] == ["NSExceptionMinimumTLSVersion": "TLSv1.0"])
            #expect(fix["plistSnippet"] as? String == """
                <key>NSExceptionDomains</key>
                <dict>
                    <key>good.atscheck.test</key>
                    <dict>
                        <key>NSExceptionMinimumTLSVersion</key>
                        <string>TLSv1.0</string>
                    </dict>
                </dict>
                """)

            let policy = try #require(document["policy"] as? [String: Any])
            let entry = try #require(policy["entry"] as? [String: Any])
            #expect(entry["kind"] as? String == "no-configuration")
            #expect(entry["key"] is NSNull)
            let requirements = try #require(policy["requirements"] as? [String: Any])
            #expect(Set(requirements.keys) == Self.requirementKeys)
            #expect(requirements["atsEnforced"] as? Bool == true)
            #expect(requirements["minimumTLSVersion"] as? String == "TLSv1.2")
            #expect(requirements["requiresForwardSecrecy"] as? Bool == true)
            #expect(requirements["pinning"] is NSNull)
            #expect((policy["assumptions"] as? [String])?.contains("target iOS 26.4") == true)
            #expect(policy["ambiguities"] as? [String] == [])
            let arbitrary = try #require(policy["arbitraryLoads"] as? [String: Any])
            #expect(arbitrary["written"] is NSNull)
            #expect(arbitrary["neutralised"] as? Bool == false)

            let tls = try #require(document["tls"] as? [String: Any])
            let versions = try #require(tls["versions"] as? [String: Any])
            #expect(Set(versions.keys) == Self.versionKeys)
            #expect(versions["TLSv1.0"] as? Bool == true)
            for key in ["TLSv1.1", "TLSv1.2", "TLSv1.3"] { #expect(versions[key] as? Bool == false, "\(key)") }
            #expect(tls["negotiated"] is NSNull, "the Apple-like hello (TLS 1.2-1.3) cannot complete")
            #expect(tls["cipherSuites"] is NSNull, "no --ciphers")
            let classes = try #require(tls["tls12SuiteClasses"] as? [String: Any])
            #expect(Set(classes.keys) == ["atsForwardSecret", "staticRSA", "other"])

            let certificates = try #require(document["certificates"] as? [[String: Any]])
            #expect(certificates.count == 2)
            for certificate in certificates {
                for key in JSONContractTests.certificateKeys {
                    #expect(certificate.keys.contains(key), "certificate lacks '\(key)'")
                }
            }
            #expect(certificates.first?["subject"] as? String == "CN=good.atscheck.test,O=atscheck tests")
            #expect(certificates.first?["serialNumber"] as? String == "2001")
            let validation = try #require(document["validation"] as? [String: Any])
            #expect(validation["trusted"] as? Bool == true)
            #expect(validation["host"] as? String == "good.atscheck.test")

            let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
            #expect(diagnostics.compactMap { $0["configuration"] as? String } == LabTable.diagnosticRows)
            for row in diagnostics {
                #expect(Set(row.keys) == ["section", "configuration", "result", "keys"])
                #expect(["pass", "fail"].contains(row["result"] as? String ?? ""), "\(row)")
            }
            let passing = diagnostics.filter { $0["result"] as? String == "pass" }.compactMap { $0["configuration"] as? String }
            #expect(passing == ["Allow All Loads", "TLSv1.0", "TLSv1.0 with PFS disabled",
                                "TLSv1.0 with PFS disabled and insecure HTTP allowed"])

            let probes = try #require(document["probes"] as? [[String: Any]])
            #expect(probes.compactMap { $0["name"] as? String } == Self.probeNames)
            for probe in probes { #expect(Set(probe.keys) == Self.probeKeys, "\(probe)") }
            let tls10 = try #require(probes.first { $0["name"] as? String == "tls1.0" })
            #expect(tls10["outcome"] as? String == "completed")
            #expect(tls10["version"] as? String == "TLSv1.0")
            #expect(tls10["chainLength"] as? Int == 2)
            #expect(tls10["serverAnsweredTLS"] as? Bool == true)
            #expect((tls10["certificateMessageBytes"] as? Int ?? 0) > 1000, "leaf + intermediate")
            let suite = try #require(tls10["cipherSuite"] as? [String: Any])
            #expect(suite["atsClass"] as? String == "atsForwardSecret")
            #expect((suite["id"] as? String)?.hasPrefix("0x") == true)
            let refused = try #require(probes.first { $0["name"] as? String == "default" })
            #expect(refused["outcome"] as? String == "failed")
            #expect(refused["detail"] is String)

            let timing = try #require(document["timing"] as? [String: Any])
            #expect(timing["handshakes"] as? Int == 8)
            #expect(timing["probeMilliseconds"] is Double || timing["probeMilliseconds"] is Int)
            #expect(document["notes"] is [Any])
            #expect(document["httpAnswer"] is NSNull)
        }
    }

    @Test("good-rsa: allowed, no reasons, the negotiated TLS 1.3 suite, every row passes")
    func allowedDocument() async throws {
        try await LabServe.with(["good-rsa"]) { lab in
            let document = try await Self.run("good-rsa", lab: lab)
            #expect(document["verdict"] as? String == "allowed")
            #expect((document["reasons"] as? [Any])?.isEmpty == true)
            let tls = try #require(document["tls"] as? [String: Any])
            let negotiated = try #require(tls["negotiated"] as? [String: Any])
            #expect(negotiated["version"] as? String == "TLSv1.3")
            let suite = try #require(negotiated["cipherSuite"] as? [String: Any])
            #expect(suite["atsClass"] as? String == "tls13")
            #expect(negotiated.keys.contains("group") && negotiated.keys.contains("alpn"))
            #expect(negotiated["stapledOCSP"] as? Bool == false)
            #expect(negotiated["tlsSCTs"] as? Int == 0)
            let versions = try #require(tls["versions"] as? [String: Any])
            #expect(versions["TLSv1.2"] as? Bool == true && versions["TLSv1.3"] as? Bool == true)
            let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
            #expect(diagnostics.count == 16)
            #expect(diagnostics.allSatisfy { $0["result"] as? String == "pass" })
        }
    }

    @Test("silent: unknown, every key still present, versions null, no chain, rows unknown")
    func unknownDocument() async throws {
        try await LabServe.with(["silent"]) { lab in
            let document = try await Self.run("silent", timeout: 2, lab: lab)
            #expect(document["verdict"] as? String == "unknown")
            #expect((document["reasons"] as? [[String: Any]])?.compactMap { $0["code"] as? String } == ["timeout"])
            let tls = try #require(document["tls"] as? [String: Any])
            let versions = try #require(tls["versions"] as? [String: Any])
            #expect(Set(versions.keys) == Self.versionKeys)
            #expect(versions.values.allSatisfy { $0 is NSNull }, "\(versions)")
            #expect((document["certificates"] as? [Any])?.isEmpty == true)
            #expect(document["validation"] is NSNull)
            let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
            #expect(diagnostics.count == 16)
            #expect(diagnostics.allSatisfy { $0["result"] as? String == "unknown" })
        }
    }

    @Test("http:// without --probe-http: no TLS part, no probes, timing null")
    func cleartextDocument() async throws {
        try await LabServe.with(["plain-http"]) { lab in
            let document = try await Self.run("plain-http", lab: lab)
            #expect(document["verdict"] as? String == "blocked")
            let reason = try #require((document["reasons"] as? [[String: Any]])?.first)
            #expect(reason["code"] as? String == "insecure-http")
            #expect(reason["nsurlError"] as? Int == -1022)
            #expect(reason["secureTransportError"] is NSNull)
            #expect(document["tls"] is NSNull)
            #expect((document["certificates"] as? [Any])?.isEmpty == true)
            #expect(document["validation"] is NSNull)
            #expect((document["diagnostics"] as? [Any])?.isEmpty == true)
            #expect((document["probes"] as? [Any])?.isEmpty == true)
            let timing = try #require(document["timing"] as? [String: Any])
            #expect(timing["probeMilliseconds"] is NSNull)
            #expect(timing["handshakes"] as? Int == 0)
            #expect(document["httpAnswer"] is NSNull)
        }
    }

    @Test("--policy: the exception entry is reported with its line, and it lets tls10-only through")
    func policyEntry() async throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
                <key>NSAppTransportSecurity</key>
                <dict>
                    <key>NSExceptionDomains</key>
                    <dict>
                        <key>good.atscheck.test</key>
                        <dict>
                            <key>NSExceptionMinimumTLSVersion</key>
                            <string>TLSv1.0</string>
                        </dict>
                    </dict>
                </dict>
            </dict>
            </plist>
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("atscheckTests-policy-\(UUID().uuidString).plist")
        try plist.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        try await LabServe.with(["tls10-only"]) { lab in
            let port = try lab.port("tls10-only")
            let result = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:\(port)", ["--policy", file.path]))
            #expect(result.status == 0, "\(result.stdout)")
            let document = try result.json()
            #expect(document["verdict"] as? String == "allowed")
            let entry = try #require((document["policy"] as? [String: Any])?["entry"] as? [String: Any])
            #expect(entry["kind"] as? String == "exception-domain")
            #expect(entry["key"] as? String == "good.atscheck.test")
            #expect(entry["match"] as? String == "exact")
            #expect(entry["line"] as? Int == 8)
            let requirements = try #require((document["policy"] as? [String: Any])?["requirements"] as? [String: Any])
            #expect(requirements["minimumTLSVersion"] as? String == "TLSv1.0")

            let text = try await AsyncRun.atscheck(HostArguments.host("good.atscheck.test:\(port)", json: false, ["--policy", file.path]))
            #expect(text.status == 0)
            #expect(text.stdoutLines.first == "ALLOWED  https://good.atscheck.test:\(port)/")
            #expect(text.stdout.contains("policy: NSExceptionDomains 'good.atscheck.test' (line 8)"), "\(text.stdout)")
        }
    }
}
