import ATSVocabulary
import Foundation
import Testing
import ATSCertificates
@testable import ATSProbe

// The planner and the suite tables, without a network: names, counts, the suite lists of
// docs/ats-rules.md#ats-cipher-suites by IANA id, the classifier, and what OpenSSL would put in each
// ClientHello (computed by OpenSSL from the spec, no socket involved).

/// docs/ats-rules.md#ats-cipher-suites: the 11 suites of the documented ATS TLS 1.2 list, in that order.
let referenceForwardSecretIDs: [UInt16] = [0xC02C, 0xC02B, 0xC024, 0xC00A, 0xC023, 0xC009,
                                           0xC030, 0xC02F, 0xC028, 0xC027, 0xC013]
/// docs/ats-rules.md#ats-cipher-suites: the six static-RSA AES suites, in that order.
let referenceStaticRSAIDs: [UInt16] = [0x009D, 0x009C, 0x003D, 0x0035, 0x003C, 0x002F]

@Suite("ProbePlan and ATS suite tables")
struct ProbePlanTests {
    @Test("standard plan: the eight named probes in order, at most nine handshakes")
    func standardNames() {
        let plan = ProbePlan.standard()
        #expect(plan.names == ["default", "tls1.0", "tls1.1", "tls1.2", "tls1.3",
                               "tls1.2-ats-fs", "tls1.2-static-rsa", "tls1.2-other"])
        #expect(plan.specs.count <= 9)
        #expect(Set(plan.names).count == plan.names.count)
    }

    @Test("named plans keep the order given and drop duplicates")
    func namedPlan() {
        let plan = ProbePlan([.tls13, .appleDefault, .tls13])
        #expect(plan.names == ["tls1.3", "default"])
    }

    @Test("version bounds and extras of each standard probe")
    func versionBounds() {
        let byName = Dictionary(uniqueKeysWithValues: ProbePlan.standard().specs.map { ($0.name, $0) })
        let apple = byName["default"]!
        #expect(apple.minVersion == .tls12 && apple.maxVersion == .tls13)
        #expect(apple.requestOCSP && apple.requestSCTs)
        #expect(apple.groups == "X25519:P-256:P-384:P-521")
        for (name, version) in [("tls1.0", TLSVersion.tls10), ("tls1.1", .tls11), ("tls1.2", .tls12), ("tls1.3", .tls13)] {
            #expect(byName[name]?.minVersion == version && byName[name]?.maxVersion == version, "\(name)")
        }
        for name in ["tls1.2-ats-fs", "tls1.2-static-rsa", "tls1.2-other"] {
            #expect(byName[name]?.minVersion == .tls12 && byName[name]?.maxVersion == .tls12, "\(name)")
        }
    }

    @Test("every cipher string of the plan is at security level 0")
    func securityLevelZero() {
        for spec in ProbePlan.standard().specs {
            #expect(OpenSSLClient.effectiveCipherList(spec).hasSuffix("@SECLEVEL=0"), "\(spec.name)")
        }
        let custom = ProbeSpec(name: "x", minVersion: .tls12, maxVersion: .tls12, cipherList: "AES128-SHA")
        #expect(OpenSSLClient.effectiveCipherList(custom) == "AES128-SHA:@SECLEVEL=0")
    }

    @Test("forwardSecret is docs/ats-rules.md#ats-cipher-suites by IANA id, in order")
    func forwardSecretList() {
        #expect(ATSCipherSuites.forwardSecret.map(\.id) == referenceForwardSecretIDs)
        #expect(ATSCipherSuites.forwardSecret.allSatisfy { $0.ianaName.hasPrefix("TLS_ECDHE_") && $0.ianaName.contains("_AES_") })
    }

    @Test("staticRSA is docs/ats-rules.md#ats-cipher-suites by IANA id, in order")
    func staticRSAList() {
        #expect(ATSCipherSuites.staticRSA.map(\.id) == referenceStaticRSAIDs)
        #expect(ATSCipherSuites.staticRSA.allSatisfy { $0.ianaName.hasPrefix("TLS_RSA_WITH_AES_") })
    }

    /// docs/ats-rules.md#ats-cipher-suites: Apple's TLS 1.2 `ats` and `ats_compatibility` arrays by
    /// release (protocol/SecProtocolInternal.h), by IANA id, in Apple's order.
    static let appleGroups: [(group: ATSSuiteGroup, ats: [UInt16], compatibility: [UInt16])] = [
        (.ats1, [0xC02C, 0xC02B, 0xC024, 0xC023, 0xC00A, 0xC009, 0xCCA9, 0xC030, 0xC02F, 0xC028, 0xC027, 0xC014, 0xC013, 0xCCA8],
         [0x009D, 0x009C, 0x003D, 0x003C, 0x0035, 0x002F]),
        (.ats2, [0xC02C, 0xC02B, 0xCCA9, 0xC030, 0xC02F, 0xCCA8, 0xC024, 0xC023, 0xC00A, 0xC009, 0xC028, 0xC027, 0xC014, 0xC013],
         [0x009D, 0x009C, 0x003D, 0x003C, 0x0035, 0x002F]),
        (.ats3, [0xC02C, 0xC02B, 0xCCA9, 0xC030, 0xC02F, 0xCCA8, 0xC00A, 0xC009, 0xC014, 0xC013], [0x009D, 0x009C, 0x0035, 0x002F]),
        (.ats3NonForwardSecretFirst, [0xC02C, 0xC02B, 0xCCA9, 0xC030, 0xC02F, 0xCCA8, 0xC00A, 0xC009, 0xC014, 0xC013],
         [0x009D, 0x009C, 0x0035, 0x002F]),
    ]

    @Test("Apple's groups by release, in Apple's order; TLS 1.3 ChaCha20 in every one")
    func groups() {
        for (group, ats, compatibility) in Self.appleGroups {
            #expect(group.tls12.map(\.id) == ats, "\(group)")
            #expect(group.nonForwardSecret.map(\.id) == compatibility, "\(group)")
            #expect(group.tls13.map(\.id) == [0x1301, 0x1302, 0x1303], "\(group)")
        }
        #expect(ATSSuiteGroup.ats3NonForwardSecretFirst.tls12WithoutForwardSecrecy.map(\.id).prefix(4) == [0x009D, 0x009C, 0x0035, 0x002F])
        #expect(ATSSuiteGroup.ats3.tls12WithoutForwardSecrecy.map(\.id).prefix(2) == [0xC02C, 0xC02B])
        #expect(ATSSuiteGroup.secureTransport.tls12.map(\.id) == referenceForwardSecretIDs)
        #expect(ATSSuiteGroup.secureTransport.nonForwardSecret.map(\.id) == referenceStaticRSAIDs)
        #expect(ATSSuiteGroup.secureTransport.tls13.isEmpty)
    }

    @Test("classification follows the release: CBC-SHA2 suites leave the group in ats3")
    func classifier() {
        for id: UInt16 in [0xC027, 0xC028, 0xC023, 0xC024] {
            #expect(ATSSuiteGroup.ats2.classify(id: id) == .atsForwardSecret)
            #expect(ATSSuiteGroup.ats3.classify(id: id) == .other)
        }
        for id: UInt16 in [0x003C, 0x003D] {
            #expect(ATSSuiteGroup.ats2.classify(id: id) == .atsStaticRSA)
            #expect(ATSSuiteGroup.latest.classify(id: id) == .other)
        }
        for group in [ATSSuiteGroup.ats1, .ats2, .ats3] {
            for id: UInt16 in [0xC014, 0xCCA8, 0xCCA9] { #expect(group.classify(id: id) == .atsForwardSecret, "\(group)") }
            #expect(group.classify(id: 0x1303) == .tls13)
        }
        #expect(ATSSuiteGroup.secureTransport.classify(id: 0xC014) == .other)
        #expect(ATSSuiteGroup.secureTransport.classify(id: 0xCCA8) == .other)
        // DHE-RSA-AES128-GCM-SHA256, DES-CBC3-SHA, RC4-SHA, NULL, ECDHE-RSA-DES-CBC3-SHA, DHE-RSA-AES256-SHA, AES-128-CCM.
        for id: UInt16 in [0x009E, 0x000A, 0x0005, 0x0000, 0xC012, 0x0039, 0x1304] {
            #expect(ATSSuiteGroup.latest.classify(id: id) == .other, "0x\(String(id, radix: 16))")
        }
    }

    @Test("the table's OpenSSL and IANA names are OpenSSL's own for each id")
    func namesAgreeWithOpenSSL() throws {
        for suite in ATSCipherSuites.known {
            let spec: ProbeSpec
            if suite.id >= 0x1301 && suite.id <= 0x1305 {
                spec = ProbeSpec(name: "x", minVersion: .tls13, maxVersion: .tls13, cipherSuites: suite.openSSLName)
            } else {
                spec = ProbeSpec(name: "x", minVersion: .tls12, maxVersion: .tls12, cipherList: suite.openSSLName)
            }
            let offered = try OpenSSLClient.offeredSuites(spec).get()
            #expect(offered == [suite], "\(suite.openSSLName)")
        }
    }

    @Test("default offers what the app offers: Apple's TLS 1.3 suites and the release's ats array under full ATS; ats_compatibility too only when forward secrecy is not required (on the wire)")
    func defaultOffer() throws {
        let noForwardSecrecy = AppOffer(minimum: .tls12, suites: .atsAndNonForwardSecret)
        for (group, ats, compatibility) in Self.appleGroups {
            let offered = try OpenSSLClient.offeredSuites(ProbePlan.spec(.appleDefault, group: group)).get().map(\.id)
            #expect(offered == [0x1301, 0x1302, 0x1303] + ats, "\(group)")
            let relaxed = try OpenSSLClient.offeredSuites(ProbePlan.spec(.appleDefault, group: group, offer: noForwardSecrecy)).get().map(\.id)
            #expect(relaxed == [0x1301, 0x1302, 0x1303] + ats + compatibility, "\(group)")
        }
        let old = try OpenSSLClient.offeredSuites(ProbePlan.spec(.appleDefault, group: .secureTransport)).get().map(\.id)
        #expect(old == referenceForwardSecretIDs, "no TLS 1.3 before iOS 12")
        let oldRelaxed = try OpenSSLClient.offeredSuites(ProbePlan.spec(.appleDefault, group: .secureTransport, offer: noForwardSecrecy)).get().map(\.id)
        #expect(oldRelaxed == referenceForwardSecretIDs + referenceStaticRSAIDs)
        let floor = ProbePlan.spec(.appleDefault, offer: AppOffer(minimum: .tls10, suites: .atsAndNonForwardSecret))
        #expect(floor.minVersion == .tls10, "NSExceptionMinimumTLSVersion lowers the app's floor")
    }

    @Test("tls1.2-ats-fs and tls1.2-static-rsa offer exactly the release's arrays (on the wire)")
    func classProbesOffer() throws {
        for (group, ats, compatibility) in Self.appleGroups {
            let fs = try OpenSSLClient.offeredSuites(ProbePlan.spec(.tls12ATSForwardSecret, group: group)).get().map(\.id)
            #expect(fs == ats, "\(group)")
            let rsa = try OpenSSLClient.offeredSuites(ProbePlan.spec(.tls12StaticRSA, group: group)).get().map(\.id)
            #expect(rsa == compatibility, "\(group)")
        }
    }

    @Test("tls1.2-other offers everything except the release's two arrays")
    func otherOffer() throws {
        let everything = Set(try OpenSSLClient.offeredSuites(ProbePlan.spec(.tls12)).get().map(\.id))
        for (group, ats, compatibility) in Self.appleGroups {
            let other = Set(try OpenSSLClient.offeredSuites(ProbePlan.spec(.tls12Other, group: group)).get().map(\.id))
            #expect(other == everything.subtracting(ats + compatibility), "\(group)")
            #expect(other.contains(0x009E), "DHE is outside every group")
        }
        let latest = Set(try OpenSSLClient.offeredSuites(ProbePlan.spec(.tls12Other, group: .latest)).get().map(\.id))
        #expect(latest.isSuperset(of: [0xC027, 0xC028, 0xC023, 0xC024, 0x003C, 0x003D]), "the suites dropped in Security-60158.100")
    }

    @Test("per-version probes offer what that version allows")
    func perVersionOffer() throws {
        let tls10 = try OpenSSLClient.offeredSuites(ProbePlan.spec(.tls10)).get()
        #expect(!tls10.isEmpty)
        #expect(!tls10.contains { $0.ianaName.contains("GCM") || $0.ianaName.contains("SHA256") || $0.ianaName.contains("SHA384") })
        #expect(tls10.contains { $0.id == 0x002F })  // AES128-SHA
        let tls12 = try OpenSSLClient.offeredSuites(ProbePlan.spec(.tls12)).get()
        #expect(tls12.count > tls10.count)
        #expect(!tls12.contains { $0.id >= 0x1301 && $0.id <= 0x1305 })
        let tls13 = try OpenSSLClient.offeredSuites(ProbePlan.spec(.tls13)).get().map(\.id)
        #expect(tls13 == [0x1301, 0x1302, 0x1303], "Apple's TLS 1.3 suites only")
    }

    @Test("an impossible spec is reported as a setup error, not a server property")
    func badSpec() {
        let spec = ProbeSpec(name: "x", minVersion: .tls12, maxVersion: .tls12, cipherList: "NO-SUCH-CIPHER")
        guard case .failure(let error) = OpenSSLClient.offeredSuites(spec) else {
            Issue.record("expected a setup failure")
            return
        }
        #expect(error.message.contains("NO-SUCH-CIPHER"))
    }

    @Test("specs and observations survive a JSON round trip")
    func codable() throws {
        let plan = ProbePlan.standard()
        let decoded = try JSONDecoder().decode(ProbePlan.self, from: JSONEncoder().encode(plan))
        #expect(decoded == plan)
        let result = ProbeResult(spec: plan.specs[0], outcome: .completed, version: .tls13,
                                 cipherSuite: ATSCipherSuites.tls13[0], group: "X25519", peerChain: [Data([1, 2])],
                                 tlsSCTCount: 1, alpn: "h2", milliseconds: 3,
                                 deliveredSCTs: [SignedCertificateTimestamp(source: .tlsExtension, logID: "AAAA", timestamp: Date(timeIntervalSince1970: 5))])
        let observation = Observation(endpoint: Endpoint(host: "example.com"), connectedAddress: "192.0.2.1",
                                      probes: [result], milliseconds: 4)
        #expect(try JSONDecoder().decode(Observation.self, from: JSONEncoder().encode(observation)) == observation)
        #expect(observation.probe(.appleDefault) == result)
        #expect(result.ocspSCTCount == 0)
    }
}

@Suite("Failure classification")
struct FailureClassifierTests {
    @Test("bytes that are not a TLS record mean notTLS, whatever OpenSSL says")
    func sshBanner() {
        let io = HandshakeIO(firstBytes: Array("SSH-2.0-OpenSSH_9.6\r\n".utf8.prefix(16)), bytesRead: 21, bytesWritten: 300)
        let outcome = FailureClassifier.classify(reasons: ["wrong version number"], io: io)
        guard case .failed(.notTLS(let message)) = outcome else {
            Issue.record("expected notTLS, got \(outcome)")
            return
        }
        #expect(message.contains("SSH-2.0"))
    }

    @Test("an alert record with a surprising record version is a handshake failure, not notTLS")
    func alertIsTLS() {
        let io = HandshakeIO(firstBytes: [0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 0x46], bytesRead: 7, bytesWritten: 200)
        #expect(FailureClassifier.classify(reasons: ["wrong version number"], io: io)
            == .failed(.handshakeFailed("wrong version number")))
        #expect(FailureClassifier.classify(reasons: ["tlsv1 alert protocol version"], io: io)
            == .failed(.handshakeFailed("tlsv1 alert protocol version")))
    }

    @Test("nothing sent means the probe could not build a ClientHello: notRun, never a server property")
    func localFailure() {
        let outcome = FailureClassifier.classify(reasons: ["no ciphers available"], io: HandshakeIO())
        guard case .notRun(let message) = outcome else {
            Issue.record("expected notRun, got \(outcome)")
            return
        }
        #expect(message.contains("no ciphers available"))
    }

    @Test("resets and silent closes are handshake failures")
    func resetsAndCloses() {
        let reset = FailureClassifier.classify(reasons: [], io: HandshakeIO(lastErrno: ECONNRESET, bytesWritten: 200))
        #expect(reset.isHandshakeFailure)
        let closed = FailureClassifier.classify(reasons: ["unexpected eof while reading"],
                                                io: HandshakeIO(eof: true, bytesWritten: 200))
        #expect(closed == .failed(.handshakeFailed("the server closed the connection without answering the ClientHello")))
    }

    @Test("TLS-looking records that hold no TLS message are notTLS; an alert record or a ServerHello is an answer")
    func whatCountsAsATLSAnswer() {
        // A 0x16 header around noise: OpenSSL rejects it, nothing parsed, no close from the peer.
        let garbage = HandshakeIO(firstBytes: [0x16, 0x03, 0x03, 0x00, 0x40, 0x0E, 0x9A, 0x31], bytesRead: 207, bytesWritten: 300)
        guard case .failed(.notTLS(let message)) = FailureClassifier.classify(reasons: ["unexpected message"], io: garbage) else {
            Issue.record("expected notTLS for noise behind a handshake header")
            return
        }
        #expect(message.contains("16 03 03 00 40 0e"))
        #expect(!garbage.peerAnsweredTLS)

        // The first bytes of a ServerHello, then a reset: a handshake failure, but no answer.
        let partial = HandshakeIO(firstBytes: [0x16, 0x03, 0x03, 0x00, 0x7A, 0x02], lastErrno: ECONNRESET, bytesRead: 12, bytesWritten: 300)
        #expect(FailureClassifier.classify(reasons: [], io: partial).isHandshakeFailure)
        #expect(!partial.peerAnsweredTLS)

        // A well-formed alert, parsed or only seen in the record bytes, is a real refusal.
        #expect(HandshakeIO(firstBytes: [0x15, 0x03, 0x01, 0x00, 0x02, 0x02, 0x28], bytesRead: 7, bytesWritten: 200).peerAnsweredTLS)
        #expect(HandshakeIO(bytesRead: 7, bytesWritten: 200, alertReceived: true).peerAnsweredTLS)
        // A ServerHello the client refused (version or suite it did not offer) is an answer;
        // a ServerHello followed by the server's own reset is not.
        #expect(HandshakeIO(firstBytes: [0x16, 0x03, 0x03], bytesRead: 90, bytesWritten: 200, serverHelloReceived: true).peerAnsweredTLS)
        #expect(!HandshakeIO(firstBytes: [0x16, 0x03, 0x03], eof: true, bytesRead: 90, bytesWritten: 200,
                             serverHelloReceived: true).peerAnsweredTLS)
    }

    @Test("a certificate list beyond the probe's cap is its own failure, after a ServerHello")
    func oversizedCertificateList() {
        let io = HandshakeIO(firstBytes: [0x16, 0x03, 0x03], bytesRead: 40_000, bytesWritten: 300, serverHelloReceived: true)
        #expect(FailureClassifier.classify(reasons: ["excessive message size"], io: io)
            == .failed(.certificateListTooLarge("the server's certificate list is larger than 1048576 bytes")))
    }

    @Test("non-printable first bytes are shown in hex")
    func describeBytes() {
        #expect(FailureClassifier.describe([0x00, 0xFF]) == "00 ff")
        #expect(FailureClassifier.describe(Array("HTTP/1.1 400".utf8)) == "\"HTTP/1.1 400\"")
    }
}

@Suite("Server name and address rules")
struct EndpointRuleTests {
    @Test("SNI: names yes, IP literals no, explicit wins, empty disables")
    func serverNames() {
        #expect(AddressResolver.serverName(for: Endpoint(host: "example.com")) == "example.com")
        #expect(AddressResolver.serverName(for: Endpoint(host: "example.com.")) == "example.com")
        #expect(AddressResolver.serverName(for: Endpoint(host: "127.0.0.1")) == nil)
        #expect(AddressResolver.serverName(for: Endpoint(host: "::1")) == nil)
        #expect(AddressResolver.serverName(for: Endpoint(host: "[2001:db8::1]")) == nil)
        #expect(AddressResolver.serverName(for: Endpoint(host: "127.0.0.1", serverName: "good.atscheck.test")) == "good.atscheck.test")
        #expect(AddressResolver.serverName(for: Endpoint(host: "example.com", serverName: "")) == nil)
    }

    @Test("address overrides the host and must be numeric")
    func addressOverride() {
        guard case .success(let addresses) = AddressResolver.resolve(Endpoint(host: "good.atscheck.test", address: "127.0.0.1", port: 8443)) else {
            Issue.record("expected 127.0.0.1 to resolve")
            return
        }
        #expect(addresses.map(\.text) == ["127.0.0.1"])
        guard case .failure(.connectionFailed) = AddressResolver.resolve(Endpoint(host: "x", address: "not-an-ip")) else {
            Issue.record("a non-numeric address must not be looked up")
            return
        }
    }
}

@Suite("CipherEnumerator planning")
struct CipherEnumeratorPlanTests {
    @Test("the first round offers everything for the version")
    func firstRound() throws {
        let tls12 = try #require(CipherEnumerator.spec(for: .tls12, excluding: []))
        #expect(tls12.minVersion == .tls12 && tls12.maxVersion == .tls12)
        #expect(try OpenSSLClient.offeredSuites(tls12).get() == OpenSSLClient.offeredSuites(ProbePlan.spec(.tls12)).get())
        let tls13 = try #require(CipherEnumerator.spec(for: .tls13, excluding: []))
        #expect(try OpenSSLClient.offeredSuites(tls13).get().count == 5)
    }

    @Test("each round removes the suites already accepted")
    func exclusion() throws {
        let accepted = [ATSCipherSuites.forwardSecret[7], ATSCipherSuites.staticRSA[1]]
        let next = try #require(CipherEnumerator.spec(for: .tls12, excluding: accepted, round: 3))
        #expect(next.name == "ciphers-tls1.2-3")
        let offered = try OpenSSLClient.offeredSuites(next).get().map(\.id)
        #expect(!offered.contains(0xC02F) && !offered.contains(0x009C))
        #expect(offered.contains(0xC030))
    }

    @Test("nothing left to offer ends the version")
    func exhaustion() throws {
        #expect(CipherEnumerator.spec(for: .tls13, excluding: ATSCipherSuites.tls13) == nil)
        let broadest = ProbeSpec(name: "all", minVersion: .tls10, maxVersion: .tls10, cipherList: ProbePlan.allTLS12CipherList)
        let everything = try OpenSSLClient.offeredSuites(broadest).get()
        #expect(CipherEnumerator.spec(for: .tls10, excluding: everything) == nil)
    }

    @Test("folding: refusal completes the list, other failures leave it unknown")
    func folding() {
        let spec = CipherEnumerator.spec(for: .tls12, excluding: [])!
        let a = ProbeResult(spec: spec, outcome: .completed, version: .tls12, cipherSuite: ATSCipherSuites.forwardSecret[7])
        let b = ProbeResult(spec: spec, outcome: .completed, version: .tls12, cipherSuite: ATSCipherSuites.staticRSA[0])
        let refused = ProbeResult(spec: spec, outcome: .failed(.handshakeFailed("sslv3 alert handshake failure")))
        let timedOut = ProbeResult(spec: spec, outcome: .failed(.timeout("slow")))

        let complete = CipherEnumerator.fold(version: .tls12, probes: [a, b, refused], exhausted: false, limit: 200)
        #expect(complete.accepted == [ATSCipherSuites.forwardSecret[7], ATSCipherSuites.staticRSA[0]])
        #expect(complete.stop == .serverRefusedRest && complete.isComplete && complete.supported == true)

        let partial = CipherEnumerator.fold(version: .tls12, probes: [a, timedOut], exhausted: false, limit: 200)
        #expect(partial.stop == .probeFailed && !partial.isComplete && partial.accepted.count == 1)

        let unsupported = CipherEnumerator.fold(version: .tls12, probes: [refused], exhausted: false, limit: 200)
        #expect(unsupported.supported == false)
        let unknown = CipherEnumerator.fold(version: .tls12, probes: [timedOut], exhausted: false, limit: 200)
        #expect(unknown.supported == nil)

        #expect(CipherEnumerator.fold(version: .tls12, probes: [a, b], exhausted: true, limit: 200).stop == .everythingAccepted)
        #expect(CipherEnumerator.fold(version: .tls12, probes: [a, b], exhausted: false, limit: 2).stop == .limitReached)
    }
}
