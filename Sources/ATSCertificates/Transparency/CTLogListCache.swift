import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A CT log list `atscheck update` stored, with where and when it came from.
public struct CachedCTLogList: Sendable {
    /// The parsed list, named for reports ("Apple asset 1007, fetched 2026-12-03").
    public let list: CTLogList
    /// When it was fetched.
    public let fetched: Date
    /// The URL or file it came from.
    public let source: String
    /// How recent the list is known to be (the list's `published` date).
    public var listDate: Date { list.published ?? fetched }
    /// What ``listDate`` rests on: "fetched from Apple", "log_list_timestamp" or
    /// "newest log state change" (a lower bound, for a mirror's copy of unknown age).
    public let listDateBasis: String
}

/// The per-user cache of the newest CT log list: `$XDG_CACHE_HOME/atscheck` (else
/// `~/.cache/atscheck`) on Linux, `~/Library/Caches/atscheck` on macOS. One file, replaced
/// atomically (a new file beside it, then rename), so a reader sees the old list or the new
/// one, never a mix; a file that fails any check is refused, never half-used.
public enum CTLogListCache {
    /// The cache file's name inside the cache directory.
    public static let fileName = "ct-log-list.json"
    /// Apple's current list, which devices fetch over the air.
    public static let appleURL = "https://valid.apple.com/ct/log_list/current_log_list.json"
    /// The largest cache file read (the list in base64 plus a little).
    static let fileLimit = CTLogList.sizeLimit / 3 * 4 + 8192

    /// The cache directory: `ATSCHECK_CACHE_DIR` when set (CI jobs, tests), else this user's
    /// (nil when neither `XDG_CACHE_HOME` nor `HOME` is set).
    public static func directory(environment: [String: String]) -> String? {
        if let chosen = environment["ATSCHECK_CACHE_DIR"], !chosen.isEmpty { return chosen }
        #if os(macOS)
        return environment["HOME"].map { $0 + "/Library/Caches/atscheck" }
        #else
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/atscheck" }
        return environment["HOME"].map { $0 + "/.cache/atscheck" }
        #endif
    }

    /// Parses and checks a list as `update` must before storing it: Apple's schema, every
    /// key and log ID decodes, every log ID is the SHA-256 of its key, at least one log.
    public static func validate(_ json: [UInt8], name: String, published: Date? = nil) throws(CTLogListError) -> CTLogList {
        let list = try CTLogList(json: Data(json), name: name, published: published)
        guard !list.logs.isEmpty else { throw CTLogListError(description: "\(name): the list holds no logs") }
        if let wrong = list.logsWithMismatchedIDs.first {
            throw CTLogListError(description: "\(name): log \(wrong.name): log_id is not the SHA-256 of its key")
        }
        return list
    }

    /// The cached list in `directory`, nil when there is none. A file that is not a regular
    /// file, too large, or fails a check throws: the caller says so and goes on without it.
    public static func load(directory: String) throws(CTLogListError) -> CachedCTLogList? {
        let path = directory + "/" + fileName
        switch FileKind.of(path, followingLinks: false) {
        case nil: return nil
        case .regular?: break
        default: throw CTLogListError(description: "\(path): not a regular file; refused")
        }
        let data: Data
        do {
            data = try RegularFile.read(atPath: path, limit: fileLimit)
        } catch {
            throw CTLogListError(description: "\(path): \(error)")
        }
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: data)
        } catch {
            throw CTLogListError(description: "\(path): not an atscheck CT log list cache")
        }
        guard envelope.format == Envelope.currentFormat, envelope.source.utf8.count <= 4096, envelope.listDateBasis.utf8.count <= 64,
              let fetched = UTCTimestamp.parse(envelope.fetched), let listDate = UTCTimestamp.parse(envelope.listDate),
              let bytes = Data(base64Encoded: envelope.list) else {
            throw CTLogListError(description: "\(path): not an atscheck CT log list cache (format \(envelope.format))")
        }
        guard sha256Hex([UInt8](bytes)) == envelope.sha256 else {
            throw CTLogListError(description: "\(path): the stored list does not match its checksum")
        }
        let list = try validate([UInt8](bytes), name: name(assetVersion: envelope.assetVersion, source: envelope.source, fetched: fetched), published: listDate)
        return CachedCTLogList(list: list, fetched: fetched, source: envelope.source, listDateBasis: envelope.listDateBasis)
    }

    /// Validates `json` and stores it as the cached list, replacing any older one atomically.
    /// The list's date: the fetch time when it came from Apple's URL, else its
    /// `log_list_timestamp`, else its newest log state change (so a mirror's stale copy is
    /// never taken for a current list).
    @discardableResult
    public static func store(_ json: [UInt8], source: String, fetched: Date, directory: String) throws(CTLogListError) -> CachedCTLogList {
        let checked = try validate(json, name: source)
        let listDate: Date
        let basis: String
        if source == appleURL {
            (listDate, basis) = (fetched, "fetched from Apple")
        } else if let stamped = checked.published {
            (listDate, basis) = (stamped, "log_list_timestamp")
        } else if let newest = checked.newestStateChange {
            (listDate, basis) = (newest, "newest log state change")
        } else {
            throw CTLogListError(description: "\(source): the list has no date (no log_list_timestamp and no log state timestamps)")
        }
        let envelope = Envelope(format: Envelope.currentFormat, fetched: UTCTimestamp.format(fetched), source: source,
                                listDate: UTCTimestamp.format(listDate), listDateBasis: basis, assetVersion: checked.assetVersion,
                                sha256: sha256Hex(json), list: Data(json).base64EncodedString())
        let encoded: Data
        do {
            encoded = try JSONEncoder().encode(envelope)
        } catch {
            throw CTLogListError(description: "cannot encode the cache file: \(error)")
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw CTLogListError(description: "\(directory): cannot create the cache directory")
        }
        let path = directory + "/" + fileName
        // A random part besides the process id: the file left by a run that died, or by a
        // process that had the same id (containers reuse them), never blocks the next update.
        let temporary = path + ".new-\(SystemProcess.id)-\(String(UInt64.random(in: .min ... .max), radix: 16))"
        if let failure = OutputDescriptor.writeNewFile(atPath: temporary, encoded) {
            throw CTLogListError(description: "\(temporary): cannot write (\(failure))")
        }
        if let failure = SystemProcess.rename(temporary, to: path) {
            throw CTLogListError(description: "\(path): cannot replace (\(failure))")
        }
        let list = try validate(json, name: name(assetVersion: checked.assetVersion, source: source, fetched: fetched), published: listDate)
        return CachedCTLogList(list: list, fetched: fetched, source: source, listDateBasis: basis)
    }

    /// "Apple asset 1007, fetched 2026-12-03", or "the list from SOURCE, fetched 2026-12-03"
    /// when the list carries no asset version (a mirror's or a hand-made list).
    static func name(assetVersion: String?, source: String, fetched: Date) -> String {
        let day = AppleCTPolicy.day(fetched)
        return assetVersion.map { "Apple asset \($0), fetched \(day)" } ?? "the list from \(source), fetched \(day)"
    }

    private static func sha256Hex(_ bytes: [UInt8]) -> String {
        Digest.sha256(bytes).map { NumberText.hex($0, digits: 2, uppercase: false) }.joined()
    }

    private struct Envelope: Codable {
        static let currentFormat = 1
        let format: Int
        let fetched: String
        let source: String
        let listDate: String
        let listDateBasis: String
        let assetVersion: String?
        let sha256: String
        let list: String
    }
}
