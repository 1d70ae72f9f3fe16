import CATSOpenSSL
import CATSOpenSSLShims
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// Where a client found an SCT (RFC 6962 §3.3).
public enum SCTSource: String, Sendable, Hashable, Codable {
    /// In the certificate's SCT list extension (signed over the precertificate).
    case embedded
    /// In the `signed_certificate_timestamp` TLS extension.
    case tlsExtension = "tls-extension"
    /// In the stapled OCSP response.
    case ocspResponse = "ocsp-response"
}

/// One SCT and what its signature check found.
public struct SCTCheck: Sendable, Hashable, Codable {
    /// What OpenSSL's `SCT_validate` found.
    public enum Signature: String, Sendable, Hashable, Codable {
        /// The log's key verifies the signature over this certificate.
        case verified
        /// The log is listed but the signature does not verify (forged, or for another certificate).
        case invalid
        /// The log ID is not in the list.
        case unknownLog = "unknown-log"
        /// Not SCT version 1.
        case unsupportedVersion = "unsupported-version"
        /// An embedded SCT with no issuer to rebuild the precertificate from.
        case noIssuer = "no-issuer"
        /// The timestamp is after the evaluation time (trustd refuses it before checking).
        case futureTimestamp = "future-timestamp"
        /// The bytes are not an SCT.
        case malformed
    }

    /// Where the SCT came from.
    public let source: SCTSource
    /// The log ID, base64 (empty when malformed).
    public let logID: String
    /// The SCT's timestamp (the epoch when malformed).
    public let timestamp: Date
    /// The listed log, when the ID is in the list.
    public let log: CTLog?
    /// The signature check.
    public let signature: Signature
}

/// Verifies SCT signatures with OpenSSL's CT code (`CTLOG_STORE`, `SCT_validate`) against the
/// keys of a log list. Any listed log can verify, including pending and rejected ones, so a
/// report can say an SCT verified even when Apple would not count its log. The list may be
/// read when first needed (``init(name:deferred:)``): a run that judges no SCT never parses
/// it. OpenSSL's store holds only the logs SCTs have named so far (decoding a key costs
/// OpenSSL 3 about 0.3 ms; a list has over a hundred): it grows when an SCT names a new log.
/// Shareable across threads.
public final class SCTVerifier: @unchecked Sendable {
    private let lock = Lock()
    private var source: (@Sendable () throws(CTLogListError) -> CTLogList)?
    private var list: Result<CTLogList, CTLogListError>?
    /// The current store and the list indices it holds.
    private var store: (included: Set<Int>, pointer: OpaquePointer?)?
    /// Stores replaced by a larger one, kept until deinit: another check may still use them.
    private var replaced: [OpaquePointer] = []

    /// What the list is, for reports, known before it is read.
    public let name: String
    /// How recent the list is (its publication or fetch date), known before it is read; nil
    /// when the list gives no date.
    public let published: Date?

    /// A verifier over `logList`'s keys.
    public init(logList: CTLogList) {
        name = logList.name
        published = logList.published
        list = .success(logList)
    }

    /// A verifier whose list, `name` of `published`, `load` reads when it is first needed.
    public init(name: String, published: Date? = nil, deferred load: @escaping @Sendable () throws(CTLogListError) -> CTLogList) {
        self.name = name
        self.published = published
        source = load
    }

    deinit {
        for pointer in replaced + [store?.pointer].compactMap({ $0 }) { ats_ctlog_store_free(UnsafeMutableRawPointer(pointer)) }
    }

    /// The log list (read now if it was deferred).
    public var logList: CTLogList {
        get throws(CTLogListError) {
            lock.lock()
            defer { lock.unlock() }
            return try loadedList()
        }
    }

    private func loadedList() throws(CTLogListError) -> CTLogList {
        if list == nil, let source {
            do { list = .success(try source()) } catch { list = .failure(error) }
            self.source = nil
        }
        return try list!.get()
    }

    /// A store holding at least the listed logs with these IDs.
    private func store(for ids: [Data]) throws(CTLogListError) -> (CTLogList, OpaquePointer?) {
        lock.lock()
        defer { lock.unlock() }
        let list = try loadedList()
        let needed = Set(ids.compactMap { list.index(id: $0) })
        if let store, needed.isSubset(of: store.included) { return (list, store.pointer) }
        let included = needed.union(store?.included ?? [])
        let pointer = try Self.loadStore(included.sorted().map { ($0, list.logs[$0]) }, list: list)
        if let old = store?.pointer { replaced.append(old) }
        store = (included, pointer)
        return (list, pointer)
    }

    /// Checks each SCT for `leaf`. Embedded SCTs are signed over the precertificate, which
    /// needs the `issuer`; TLS and OCSP SCTs over the certificate itself. Throws only when the
    /// log list cannot be read or loaded.
    public func check(_ scts: [SignedCertificateTimestamp], leaf: Certificate, issuer: Certificate?, at time: Date) throws(CTLogListError) -> [SCTCheck] {
        let headers = scts.map { SCTHeader($0.bytes) }
        let (logList, store) = try store(for: headers.compactMap { $0?.logID })
        let leafHandle = leaf.decoded
        let issuerHandle = issuer?.decoded
        let timeMillis = UInt64(max(0, time.timeIntervalSince1970 * 1000))
        return zip(scts, headers).map { sct, header in
            guard let header else { return malformed(sct) }
            let log = logList.log(id: header.logID)
            var signature: SCTCheck.Signature
            if header.version != 0 {
                signature = .unsupportedVersion
            } else if header.timestampMillis > timeMillis {
                signature = .futureTimestamp
            } else {
                let status = sct.bytes.withUnsafeBytes { raw in
                    ats_sct_validate(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, sct.source == .embedded ? 1 : 0,
                                     leafHandle.pointer, issuerHandle?.pointer,
                                     store.map { UnsafeMutableRawPointer($0) }, timeMillis)
                }
                signature = Self.signature(Int(status))
            }
            if signature == .unknownLog && log != nil { signature = .invalid }  // listed, key not loadable
            return SCTCheck(source: sct.source, logID: header.logID.base64EncodedString(),
                            timestamp: Date(timeIntervalSince1970: Double(header.timestampMillis) / 1000),
                            log: log, signature: signature)
        }
    }

    private func malformed(_ sct: SignedCertificateTimestamp) -> SCTCheck {
        SCTCheck(source: sct.source, logID: "", timestamp: Date(timeIntervalSince1970: 0), log: nil, signature: .malformed)
    }

    private static func signature(_ status: Int) -> SCTCheck.Signature {
        switch status {
        case Int(ATS_SCT_VALID.rawValue): return .verified
        case Int(ATS_SCT_INVALID.rawValue): return .invalid
        case Int(ATS_SCT_UNKNOWN_LOG.rawValue): return .unknownLog
        case Int(ATS_SCT_UNKNOWN_VERSION.rawValue): return .unsupportedVersion
        case Int(ATS_SCT_UNVERIFIED.rawValue): return .noIssuer
        default: return .malformed
        }
    }

    /// OpenSSL loads logs only from a configuration file (`CTLOG_STORE_load_file`); write one
    /// to a private temporary file, load it, delete it. Section names are generated and keys
    /// are checked to be plain base64, so nothing from the list reaches the file unescaped.
    private static func loadStore(_ logs: [(offset: Int, element: CTLog)], list: CTLogList) throws(CTLogListError) -> OpaquePointer? {
        // Every key at once; only when OpenSSL refuses one is each key checked first (OpenSSL 3
        // decodes keys slowly, and Apple's lists all load).
        if let store = try load(logs, list: list) { return store }
        let loadable = logs.filter { keyLoads($0.element.key) }
        return loadable.isEmpty ? nil : try load(loadable, list: list)
    }

    /// OpenSSL loads logs only from a configuration file (`CTLOG_STORE_load_file`): write one
    /// to a private temporary file, load it, delete it. Section names are generated and keys
    /// are base64 that Foundation wrote, so nothing from the list reaches the file unescaped.
    private static func load(_ logs: [(offset: Int, element: CTLog)], list: CTLogList) throws(CTLogListError) -> OpaquePointer? {
        guard !logs.isEmpty else { return nil }
        let sections = logs.map { "log\($0.offset)" }
        var text = "enabled_logs = \(sections.joined(separator: ","))\n"
        for (index, log) in logs {
            text += "[log\(index)]\ndescription = log\(index)\nkey = \(log.key.base64EncodedString())\n"
        }
        let directory = FileManager.default.temporaryDirectory
        let url = directory.appendingPathComponent("atscheck-ctlogs-\(UUID().uuidString).cnf")
        do {
            try Data(text.utf8).write(to: url, options: [.withoutOverwriting])
        } catch {
            throw CTLogListError(description: "\(list.name): cannot write a temporary CT log file in \(directory.path)")
        }
        defer { try? FileManager.default.removeItem(at: url) }
        guard let store = ats_ctlog_store_load(url.path) else {
            ERR_clear_error()
            return nil
        }
        return OpaquePointer(store)
    }

    private static func keyLoads(_ key: Data) -> Bool {
        let decoded: OpaquePointer? = key.withUnsafeBytes { raw in
            var cursor = raw.bindMemory(to: UInt8.self).baseAddress
            return d2i_PUBKEY(nil, &cursor, raw.count)
        }
        guard let decoded else {
            ERR_clear_error()
            return false
        }
        EVP_PKEY_free(decoded)
        return true
    }
}

/// An SCT's version, log ID and timestamp, as OpenSSL's `o2i_SCT` reads them.
struct SCTHeader {
    let version: Int
    let logID: Data
    let timestampMillis: UInt64

    /// Nil when the bytes are not one whole SCT (trustd refuses trailing data too).
    init?(_ bytes: Data) {
        var version: Int32 = -1
        var timestamp: UInt64 = 0
        var id = [UInt8](repeating: 0, count: 32)
        let parsed = bytes.withUnsafeBytes { raw in
            ats_sct_describe(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &version, &id, &timestamp)
        }
        guard parsed == 1, version >= 0 else { return nil }
        self.version = Int(version)
        self.logID = Data(id)
        self.timestampMillis = timestamp
    }
}
