import Foundation
import Testing
@testable import ATSCertificates

/// trustd's counting (`verify_tls_ct_policy`, `trust/trustd/CertificateTransparency.m`,
/// Security-61901), exercised on verified SCT checks against logs in each state. The leaf is
/// TestCerts' good RSA leaf: 2025-01-01 → 2025-12-01, 334 days (more than 180), so 3 embedded SCTs are needed.
@Suite("Apple's CT counting")
struct AppleCTPolicyTests {
    static func day(_ text: String) -> Date { instant(text + "T00:00:00Z") }

    static func log(_ number: UInt8, _ state: CTLog.State, since: String = "2024-01-01", operator name: String? = nil,
                    shard: (String, String)? = nil, tiled: Bool = false) -> CTLog {
        CTLog(id: Data(repeating: number, count: 32), key: Data([number]), name: "log \(number)", operatorName: name ?? "op \(number)",
              state: state, stateSince: day(since), isTiled: tiled,
              shardStart: shard.map { day($0.0) }, shardEnd: shard.map { day($0.1) })
    }

    static func sct(_ log: CTLog, _ source: SCTSource = .embedded, at timestamp: String = "2025-01-01",
                    signature: SCTCheck.Signature = .verified) -> SCTCheck {
        SCTCheck(source: source, logID: log.idBase64, timestamp: day(timestamp), log: log, signature: signature)
    }

    static let list = try! CTLogList(json: Data(#"{"operators":[]}"#.utf8), name: "unit")

    static func judge(_ checks: [SCTCheck], leaf: String = "leaf-good-rsa.pem", at time: String = "2025-06-01") throws -> CTEvaluation {
        AppleCTPolicy.evaluate(checks, leaf: try Fixtures.load(leaf)[0], at: day(time), logList: list)
    }

    @Test("three embedded SCTs from three usable or qualified logs qualify a 334-day leaf; two do not")
    func embeddedCount() throws {
        let three = try Self.judge([Self.sct(Self.log(1, .usable)), Self.sct(Self.log(2, .qualified)), Self.sct(Self.log(3, .usable))])
        #expect(three.qualifiedBy == .embeddedSCTs)
        #expect(three.requiredEmbedded == 3)
        let two = try Self.judge([Self.sct(Self.log(1, .usable)), Self.sct(Self.log(2, .usable))])
        #expect(!two.isCompliant)
        #expect(two.failure?.hasPrefix("2 qualified log(s) for the embedded SCTs, but Apple requires 3 for a certificate valid for 334 days") == true)
    }

    @Test("SCTs from one log count once, whatever their number")
    func distinctLogs() throws {
        let log = Self.log(1, .usable)
        let evaluation = try Self.judge([Self.sct(log), Self.sct(log, at: "2025-01-02"), Self.sct(log, at: "2025-01-03")])
        #expect(evaluation.qualifiedEmbeddedLogs == 1)
        #expect(!evaluation.isCompliant)
    }

    @Test("a retired log counts when its SCT and the issuance time precede the retirement, with one current log")
    func onceQualified() throws {
        let current = [Self.sct(Self.log(1, .usable)), Self.sct(Self.log(2, .usable))]
        let retiredLater = try Self.judge(current + [Self.sct(Self.log(3, .retired, since: "2025-03-01"))])
        #expect(retiredLater.qualifiedBy == .embeddedSCTs)
        // Retired before the SCT was issued: not once-qualified.
        let retiredBefore = try Self.judge(current + [Self.sct(Self.log(3, .retired, since: "2024-12-01"))])
        #expect(!retiredBefore.isCompliant)
        let note = try #require(retiredBefore.scts.last?.note)
        #expect(note.hasPrefix("log retired 2024-12-01"))
        // Only retired logs: nothing current, so nothing counts (A2 fails).
        let allRetired = try Self.judge((1...3).map { Self.sct(Self.log($0, .retired, since: "2025-03-01")) })
        #expect(allRetired.failure == "no SCT is accepted from a log Apple currently trusts")
    }

    @Test("SCTs over TLS never count from a retired log")
    func retiredOverTLS() throws {
        let evaluation = try Self.judge([Self.sct(Self.log(1, .usable), .tlsExtension),
                                         Self.sct(Self.log(2, .retired, since: "2025-03-01"), .tlsExtension)])
        #expect(!evaluation.isCompliant)
        #expect(evaluation.scts[1].note?.hasPrefix("log retired 2025-03-01; only embedded SCTs count from a retired log") == true)
    }

    @Test("two current logs with one SCT delivered over TLS or OCSP qualify, whatever the lifetime")
    func deliveredPath() throws {
        for source in [SCTSource.tlsExtension, .ocspResponse] {
            let evaluation = try Self.judge([Self.sct(Self.log(1, .usable)), Self.sct(Self.log(2, .usable), source)])
            #expect(evaluation.qualifiedBy == .deliveredSCTs, "\(source)")
        }
        let one = try Self.judge([Self.sct(Self.log(2, .usable), .ocspResponse)])
        #expect(one.failure == "SCTs delivered over TLS/OCSP need SCTs from two currently valid logs; 1 found")
    }

    @Test("pending and rejected logs are not loaded by trustd: their SCTs never count")
    func untrustedStates() throws {
        for state in [CTLog.State.pending, .rejected] {
            let evaluation = try Self.judge((1...3).map { Self.sct(Self.log($0, state)) })
            #expect(!evaluation.isCompliant)
            #expect(evaluation.scts.allSatisfy { $0.note?.contains("trustd does not load it") == true }, "\(state)")
        }
    }

    @Test("a read-only log's SCT dated after it froze is refused; one dated before counts")
    func readOnly() throws {
        let frozen = Self.log(3, .readonly, since: "2025-02-01")
        let base = [Self.sct(Self.log(1, .usable)), Self.sct(Self.log(2, .usable))]
        #expect(try Self.judge(base + [Self.sct(frozen, at: "2025-01-15")]).isCompliant)
        let late = try Self.judge(base + [Self.sct(frozen, at: "2025-02-02")], at: "2025-06-01")
        #expect(!late.isCompliant)
        #expect(late.scts[2].note == "SCT dated after the log became read-only (2025-02-01)")
    }

    @Test("a sharded log counts only for certificates expiring inside its shard")
    func shards() throws {
        let base = [Self.sct(Self.log(1, .usable)), Self.sct(Self.log(2, .usable))]
        let inside = Self.log(3, .usable, shard: ("2025-07-01", "2026-01-01"))
        #expect(try Self.judge(base + [Self.sct(inside)]).isCompliant)
        let before = Self.log(3, .usable, shard: ("2026-01-01", "2026-07-01"))
        #expect(try Self.judge(base + [Self.sct(before)]).scts[2].note == "certificate expires before the log's shard (2026-01-01)")
        // end_exclusive: a certificate expiring exactly at the end is outside.
        let endsAtExpiry = Self.log(3, .usable, shard: ("2025-01-01", "2025-12-01"))
        #expect(try Self.judge(base + [Self.sct(endsAtExpiry)]).scts[2].note == "certificate expires after the log's shard (2025-12-01)")
    }

    @Test("failed signature checks never count")
    func failedChecks() throws {
        let signatures: [SCTCheck.Signature] = [.invalid, .unknownLog, .noIssuer, .futureTimestamp, .malformed, .unsupportedVersion]
        for signature in signatures {
            let evaluation = try Self.judge([Self.sct(Self.log(1, .usable)), Self.sct(Self.log(2, .usable)),
                                             Self.sct(Self.log(3, .usable), signature: signature)])
            #expect(!evaluation.isCompliant, "\(signature)")
            #expect(evaluation.scts[2].accepted == false)
        }
    }

    @Test("a leaf issued before 2021-04-21 uses the month table: 24 months need 3")
    func legacyTable() throws {
        let three = (1...3).map { Self.sct(Self.log($0, .usable), at: "2019-06-02") }
        #expect(try Self.judge(three, leaf: "leaf-no-eku-2019.pem", at: "2020-01-01").qualifiedBy == .embeddedSCTs)
        #expect(try !Self.judge(Array(three.prefix(2)), leaf: "leaf-no-eku-2019.pem", at: "2020-01-01").isCompliant)
    }

    @Test("no SCTs at all says so")
    func nothing() throws {
        #expect(try Self.judge([]).failure == "no SCTs: none embedded in the leaf and none delivered over TLS or OCSP")
    }

    @Test("three logs of one operator qualify, as trustd's code counts; the note says Apple's page would cap them at two")
    func operatorCapIsProseOnly() throws {
        let sameOperator = try Self.judge((1...3).map { Self.sct(Self.log($0, .usable, operator: "Google")) })
        #expect(sameOperator.qualifiedBy == .embeddedSCTs)
        #expect(sameOperator.assumptions.count == 1)
        #expect(sameOperator.assumptions.first?.hasPrefix("Apple's policy page counts at most 2 SCT(s) per log operator, which leaves 2 of the 3 needed") == true)
        let distinctOperators = try Self.judge((1...3).map { Self.sct(Self.log($0, .usable)) })
        #expect(distinctOperators.assumptions.isEmpty)
    }

    @Test("only static-ct-api logs qualify as trustd's code counts; the note says Apple's page wants an RFC 6962 log")
    func rfc6962IsProseOnly() throws {
        let tiled = try Self.judge((1...3).map { Self.sct(Self.log($0, .usable, tiled: true)) })
        #expect(tiled.qualifiedBy == .embeddedSCTs)
        #expect(tiled.assumptions == ["every counted SCT is from a static-ct-api log; Apple's policy page asks for one from an RFC 6962 log, trustd's code does not, and atscheck follows the code"])
    }
}
