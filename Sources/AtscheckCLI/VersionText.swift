import ATSCertificates
import ATSTrustData
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `atscheck --version` prints: the version and the build it comes from, and with
/// `--verbose` the trust data compiled in, each with its date.
enum VersionText {
    /// `atscheck VERSION (COMMIT, built DATE)`, or `atscheck VERSION (source build)` when the
    /// build did not record them (``BuildInfo``).
    static func line(version: String = AtscheckVersion.current, commit: String? = BuildInfo.commit,
                     date: String? = BuildInfo.date) -> String {
        guard let commit, let date else { return "atscheck \(version) (source build)" }
        return "atscheck \(version) (\(commit), built \(date))"
    }

    /// The line, then the Apple trust snapshots (roots and CT log list) and the Public Suffix
    /// List snapshot the binary carries.
    static func verbose(version: String = AtscheckVersion.current) -> String {
        var lines = [line(version: version), "", "Apple trust snapshots (security_certificates: roots, removed roots, CT log list), compiled in:"]
        for snapshot in AppleTrustSnapshot.all {
            let roots = (try? snapshot.rootsIndex()).map { String(rootCount($0)) + " roots" } ?? "roots unreadable"
            lines.append("  \(snapshot.tag)  \(snapshot.date.prefix(10))  shipped with \(snapshot.shippedWith); \(roots); for \(snapshot.usedFor)")
        }
        lines += ["", "CT log lists, compiled in (the newest is the default until `atscheck update` caches Apple's current list):"]
        for snapshot in AppleTrustSnapshot.all {
            lines.append("  \(snapshot.tag)  " + logListSummary(snapshot))
        }
        lines += ["", "Public Suffix List, compiled in: \(PublicSuffixList.snapshotSource)",
                  "", "`atscheck update --status` shows the CT log list in use and its age."]
        return lines.joined(separator: "\n")
    }

    /// The certificates a `roots.index.tsv` lists (one a line after its header).
    private static func rootCount(_ index: Data) -> Int {
        max(0, index.split(separator: UInt8(ascii: "\n")).count - 1)
    }

    /// `version 375, asset 1007, list date 2025-10-16, 40 logs (31 trusted)`, or why it cannot be read.
    private static func logListSummary(_ snapshot: AppleTrustSnapshot) -> String {
        do {
            let list = try CTLogList(json: snapshot.logListJSON(), name: snapshot.tag, published: snapshot.publishedDate)
            var parts: [String] = []
            if let version = list.version { parts.append("version \(version)") }
            if let asset = list.assetVersion { parts.append("asset \(asset)") }
            let day = (list.published ?? snapshot.publishedDate).map { UTCTimestamp.day($0) } ?? String(snapshot.date.prefix(10))
            parts.append("list date \(day)")
            parts.append("\(list.logs.count) logs (\(list.trustedLogs.count) trusted by Apple)")
            return parts.joined(separator: ", ")
        } catch {
            return "unreadable (\(error))"
        }
    }
}
