import ATSTrustData
import AtscheckTestSupport
import Foundation
import Testing
@testable import ATSCertificates

/// Reading CT log lists: Apple's snapshots (schema v4 and v5), and hostile input.
@Suite("CT log lists")
struct CTLogListTests {
    /// State counts read with JSONSerialization, independently of CTLogList's decoder.
    static func stateCounts(_ json: Data) throws -> [String: Int] {
        let document = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        var counts: [String: Int] = [:]
        for op in document["operators"] as? [[String: Any]] ?? [] {
            for log in (op["logs"] as? [[String: Any]] ?? []) + (op["tiled_logs"] as? [[String: Any]] ?? []) {
                let state = (log["state"] as? [String: Any])?.keys.first ?? "none"
                counts[state, default: 0] += 1
            }
        }
        return counts
    }

    @Test("every snapshot's list parses: each log once, states as in the JSON, log ID = SHA-256 of the key",
          arguments: AppleTrustSnapshot.all)
    func snapshots(_ snapshot: AppleTrustSnapshot) throws {
        let json = try snapshot.logListJSON()
        let list = try CTLogList(json: json, name: snapshot.tag)
        let counts = try Self.stateCounts(json)
        #expect(list.logs.count == counts.values.reduce(0, +))
        for state in CTLog.State.allStates {
            #expect(list.logs.filter { $0.state == state }.count == counts[state.rawValue, default: 0], "\(state)")
        }
        for log in list.logs {
            #expect(Data(Digest.sha256([UInt8](log.key))) == log.id, "\(log.name)")
            #expect(list.log(id: log.id)?.name == log.name)
        }
        #expect(list.trustedLogs.count == list.logs.count - counts["rejected", default: 0] - counts["pending", default: 0])
        #expect(list.logs.filter(\.isTiled).isEmpty == (snapshot != .latest))
        // OpenSSL's log store builds from the keys.
        let verifier = SCTVerifier(logList: list)
        #expect(try verifier.logList.logs.count == list.logs.count)
        #expect(try verifier.check([], leaf: try Fixtures.load("leaf-good-rsa.pem")[0], issuer: nil, at: Fixtures.testCertsTime).isEmpty)
    }

    @Test("retired and read-only logs carry their dates; a shard its interval")
    func datesAndShards() throws {
        let list = try CTLogList(json: try AppleTrustSnapshot.all[0].logListJSON(), name: "17.6")
        let retired = list.logs.filter { $0.state == .retired }
        #expect(!retired.isEmpty && retired.allSatisfy { $0.retiredAt != nil && $0.readOnlyAt == nil })
        let readonly = list.logs.filter { $0.state == .readonly }
        #expect(!readonly.isEmpty && readonly.allSatisfy { $0.readOnlyAt != nil && $0.retiredAt == nil })
        let sharded = list.logs.filter { $0.shardStart != nil }
        #expect(sharded.allSatisfy { $0.shardEnd! > $0.shardStart! })
        #expect(sharded.count > 10)
    }

    static let hostile: [(String, String)] = [
        ("not JSON", "{"),
        ("no operators", #"{"version":"1"}"#),
        ("key not base64", #"{"operators":[{"name":"o","logs":[{"log_id":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=","key":"@@","state":{"usable":{"timestamp":"2024-01-01T00:00:00Z"}}}]}]}"#),
        ("short log_id", #"{"operators":[{"name":"o","logs":[{"log_id":"AAAA","key":"AAAA","state":{"usable":{"timestamp":"2024-01-01T00:00:00Z"}}}]}]}"#),
        ("unknown state", #"{"operators":[{"name":"o","logs":[{"log_id":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=","key":"AAAA","state":{"sleeping":{}}}]}]}"#),
        ("retired without a date", #"{"operators":[{"name":"o","logs":[{"log_id":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=","key":"AAAA","state":{"retired":{}}}]}]}"#),
        ("bad date", #"{"operators":[{"name":"o","logs":[{"log_id":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=","key":"AAAA","state":{"usable":{"timestamp":"yesterday"}}}]}]}"#),
        ("wrong type", #"{"operators":"none"}"#),
    ]

    @Test("hostile lists fail with one line naming what is wrong", arguments: 0..<hostile.count)
    func hostileLists(_ index: Int) {
        let (what, json) = Self.hostile[index]
        do {
            _ = try CTLogList(json: Data(json.utf8), name: "list.json")
            Issue.record("\(what) parsed")
        } catch {
            #expect(error.description.hasPrefix("list.json: "), "\(what)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test("a list over the size limit is refused before it is parsed")
    func sizeLimit() {
        let big = Data(repeating: 0x20, count: CTLogList.sizeLimit + 1)
        #expect(throws: CTLogListError.self) { try CTLogList(json: big, name: "big") }
    }

    @Test("a list whose only key OpenSSL cannot load: no log store at all, and an SCT naming that log does not verify (FuzzTransparency crash)")
    func unloadableKey() throws {
        let chain = try CertificateLoader.load(contentsOf: RepositoryLayout.corpusCerts.appendingPathComponent("001-google.com-gts-wr2-chain-137-sans-sct.pem"))
        let sct = chain[0].embeddedSCTs[0]
        let json = #"{"operators":[{"name":"o","logs":[{"description":"junk","log_id":"\#(sct.logID)","key":"AQID","state":{"usable":{"timestamp":"2024-01-01T00:00:00Z"}}}]}]}"#
        let verifier = SCTVerifier(logList: try CTLogList(json: Data(json.utf8), name: "junk"))
        #expect(try verifier.logList.logs.count == 1)
        let checks = try verifier.check([SignedCertificateTimestamp(source: .embedded, bytes: sct.bytes), SignedCertificateTimestamp(source: .tlsExtension, bytes: sct.bytes)],
                                    leaf: chain[0], issuer: chain[1], at: chain[0].notAfter)
        #expect(checks.map(\.signature) == [.invalid, .invalid])
        #expect(checks.allSatisfy { $0.log?.name == "junk" })
    }
}

extension CTLog.State {
    static let allStates: [CTLog.State] = [.pending, .qualified, .usable, .readonly, .retired, .rejected]
}
