import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One Certificate Transparency log from a log list (Apple's `log_list.json`, schema v4 or v5).
public struct CTLog: Sendable, Hashable, Codable {
    /// A log's state in the list (`state` in the schema): when it was entered is `stateSince`.
    public enum State: String, Sendable, Hashable, Codable {
        /// The log list schema's states, as the list spells them.
        case pending, qualified, usable, readonly, retired, rejected
    }

    // Bytes, not Data: a list cached for the process stays visible to LeakSanitizer (it cannot
    // follow the tagged storage pointer inside a Data held by a global).
    let idBytes: [UInt8]
    let keyBytes: [UInt8]
    /// The log ID: SHA-256 of the key.
    public var id: Data { Data(idBytes) }
    /// The log's public key, DER SubjectPublicKeyInfo.
    public var key: Data { Data(keyBytes) }
    /// The log's description, e.g. "Google 'Argon2026h1'".
    public let name: String
    /// The operator's name, e.g. "Google".
    public let operatorName: String
    /// The log's state.
    public let state: State
    /// When it entered that state.
    public let stateSince: Date?
    /// True for a static-ct-api (tiled) log.
    public let isTiled: Bool
    /// The temporal shard: certificates expiring in [start, end) only.
    public let shardStart: Date?
    /// The end of the temporal shard, exclusive (nil: none).
    public let shardEnd: Date?

    /// The log ID, base64 (as SCT reports print it).
    public var idBase64: String { id.base64EncodedString() }

    init(id: Data, key: Data, name: String, operatorName: String, state: State, stateSince: Date?, isTiled: Bool,
         shardStart: Date?, shardEnd: Date?) {
        self.idBytes = [UInt8](id)
        self.keyBytes = [UInt8](key)
        self.name = name
        self.operatorName = operatorName
        self.state = state
        self.stateSince = stateSince
        self.isTiled = isTiled
        self.shardStart = shardStart
        self.shardEnd = shardEnd
    }

    /// True when trustd loads the log at all: Apple's `BuildTrustedCTLogsPlist.py`
    /// (security_certificates) leaves pending and rejected logs out of `TrustedCTLogs.plist`.
    public var isTrustedByApple: Bool { state != .pending && state != .rejected }

    /// The retirement date (trustd's `expiry` key): only retired logs have one.
    public var retiredAt: Date? { state == .retired ? stateSince : nil }

    /// The read-only date (trustd's `frozen` key).
    public var readOnlyAt: Date? { state == .readonly ? stateSince : nil }
}

/// A Certificate Transparency log list: every log with its key, operator and state.
public struct CTLogList: Sendable {
    /// What the list is, for reports ("Apple security_certificates-55349.0.11 …").
    public let name: String
    /// The list's `version` field, when present.
    public let version: String?
    /// Apple's asset version (`assetVersionV2`, else `assetVersion`), when present: what
    /// devices compare to know they hold the current list.
    public let assetVersion: String?
    /// When the list was published: `log_list_timestamp`, or the date given for it.
    public let published: Date?
    /// How Apple numbers the list: `assetVersionV2`, `assetVersion` and `version` as numbers
    /// (``CTLogListOrder`` compares lists by them).
    public let numbering: CTLogListNumbering
    /// Every log, in list order.
    public let logs: [CTLog]
    private let byID: [[UInt8]: Int]

    /// The log with this ID, if listed.
    public func log(id: Data) -> CTLog? { index(id: id).map { logs[$0] } }

    /// The index in `logs` of the first log with this ID.
    func index(id: Data) -> Int? { byID[[UInt8](id)] }

    /// The logs trustd loads (not pending, not rejected).
    public var trustedLogs: [CTLog] { logs.filter(\.isTrustedByApple) }

    /// The largest list atscheck parses.
    public static let sizeLimit = 4 << 20

    /// Parses a log list (Apple's or Chrome's schema: `operators[].logs[]` and `tiled_logs[]`).
    public init(json: Data, name: String, published: Date? = nil) throws(CTLogListError) {
        guard json.count <= Self.sizeLimit else { throw CTLogListError(description: "\(name): larger than \(Self.sizeLimit) bytes") }
        let document: RawList
        do {
            document = try JSONDecoder().decode(RawList.self, from: json)
        } catch {
            throw CTLogListError(description: "\(name): not a CT log list (\(Self.describe(error)))")
        }
        var logs: [CTLog] = []
        var byID: [[UInt8]: Int] = [:]
        let dates = DateReader()
        for op in document.operators {
            for (raw, tiled) in (op.logs ?? []).map({ ($0, false) }) + (op.tiled_logs ?? []).map({ ($0, true) }) {
                let log = try Self.log(raw, operatorName: op.name, tiled: tiled, list: name, dates: dates)
                if byID[log.idBytes] == nil { byID[log.idBytes] = logs.count }
                logs.append(log)
            }
        }
        self.name = name
        self.version = document.version
        // A version is a short number in Apple's lists; anything else is not shown as one.
        let version = document.assetVersionV2?.text ?? document.assetVersion?.text
        self.assetVersion = version.flatMap { $0.count <= 20 && $0.allSatisfy(\.isASCII) && $0.allSatisfy { $0.isNumber || $0 == "." } ? $0 : nil }
        numbering = CTLogListNumbering(assetVersionV2: document.assetVersionV2.flatMap { Int($0.text) },
                                       assetVersion: document.assetVersion.flatMap { Int($0.text) },
                                       version: document.version.flatMap(CTLogListNumbering.components))
        let stamped = try dates.date(document.log_list_timestamp, what: "log_list_timestamp", list: name)
        self.published = published ?? stamped
        self.logs = logs
        self.byID = byID
    }

    private static func log(_ raw: RawLog, operatorName: String, tiled: Bool, list: String, dates: DateReader) throws(CTLogListError) -> CTLog {
        let label = raw.description ?? raw.log_id
        guard let key = Data(base64Encoded: raw.key), !key.isEmpty else {
            throw CTLogListError(description: "\(list): log \(label): key is not base64")
        }
        guard let id = Data(base64Encoded: raw.log_id), id.count == 32 else {
            throw CTLogListError(description: "\(list): log \(label): log_id is not 32 bytes of base64")
        }
        // BuildTrustedCTLogsPlist.py's precedence: pending/rejected, then readonly, then retired.
        let states = raw.state ?? [:]
        let order: [CTLog.State] = [.rejected, .pending, .readonly, .retired, .usable, .qualified]
        guard let state = order.first(where: { states[$0.rawValue] != nil }) else {
            throw CTLogListError(description: "\(list): log \(label): no known state")
        }
        let since = try dates.date(states[state.rawValue]?.timestamp, what: "\(label) \(state.rawValue) timestamp", list: list)
        if (state == .readonly || state == .retired) && since == nil {
            throw CTLogListError(description: "\(list): log \(label): \(state.rawValue) without a timestamp")
        }
        return CTLog(id: id, key: key, name: raw.description ?? "log \(raw.log_id)", operatorName: operatorName,
                     state: state, stateSince: since, isTiled: tiled,
                     shardStart: try dates.date(raw.temporal_interval?.start_inclusive, what: "\(label) start_inclusive", list: list),
                     shardEnd: try dates.date(raw.temporal_interval?.end_exclusive, what: "\(label) end_exclusive", list: list))
    }

    /// RFC 3339 times, with and without fractional seconds (`UTCTimestamp`: no ICU; Foundation's
    /// `ISO8601DateFormatter` took 100 ms for one list).
    private struct DateReader {
        func date(_ text: String?, what: String, list: String) throws(CTLogListError) -> Date? {
            guard let text else { return nil }
            if let date = UTCTimestamp.parse(text) { return date }
            throw CTLogListError(description: "\(list): \(what) '\(text.prefix(40))' is not an RFC 3339 time")
        }
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing '\(key.stringValue)' at \(path(context.codingPath))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong type at \(path(context.codingPath + []))"
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? "invalid JSON" : "invalid value at \(path(context.codingPath))"
        default:
            return "invalid JSON"
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.isEmpty ? "the top level" : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    /// Every log whose `log_id` is not the SHA-256 of its key (a corrupt or forged list).
    public var logsWithMismatchedIDs: [CTLog] {
        logs.filter { Digest.sha256($0.keyBytes) != $0.idBytes }
    }

    /// The newest state timestamp of any log: the list is at least this recent.
    public var newestStateChange: Date? { logs.compactMap(\.stateSince).max() }

    private struct RawList: Decodable {
        let version: String?
        let log_list_timestamp: String?
        let assetVersion: NumberOrText?
        let assetVersionV2: NumberOrText?
        let operators: [RawOperator]
    }

    /// A JSON number or string, kept as text (Apple's asset versions are numbers).
    private struct NumberOrText: Decodable {
        let text: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                text = String(number)
            } else {
                text = try container.decode(String.self)
            }
        }
    }

    private struct RawOperator: Decodable {
        let name: String
        let logs: [RawLog]?
        let tiled_logs: [RawLog]?
    }

    private struct RawLog: Decodable {
        let description: String?
        let log_id: String
        let key: String
        let state: [String: RawState]?
        let temporal_interval: RawInterval?
    }

    private struct RawState: Decodable {
        let timestamp: String?
    }

    private struct RawInterval: Decodable {
        let start_inclusive: String?
        let end_exclusive: String?
    }
}

/// Why a log list could not be used. `description` is one line.
public struct CTLogListError: Error, Sendable, CustomStringConvertible {
    /// One line saying why.
    public let description: String
}
