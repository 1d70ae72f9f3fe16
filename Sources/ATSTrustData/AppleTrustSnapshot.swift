import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One snapshot of Apple's published trust data, from a release of
/// apple-oss-distributions/security_certificates: the preinstalled roots, the roots Apple
/// removed, and the Certificate Transparency log list. Written by `snapshot.sh` in this folder
/// (docs/ats-rules.md#apple-trust-store) and compiled into the module, so a binary needs no
/// files beside it.
public struct AppleTrustSnapshot: Sendable, Hashable, CustomStringConvertible {
    /// The release tag, e.g. `security_certificates-55349.0.11`.
    public let tag: String
    /// The tag's commit date (ISO 8601).
    public let date: String
    /// The OS releases that shipped it (from Apple's `distribution-macOS` release lists; iOS by the same train).
    public let shippedWith: String
    /// The first iOS version (major × 100 + minor) whose target uses this snapshot.
    let firstIOS: Int

    /// Which targets use it, as a phrase (from `firstIOS` and the next snapshot's).
    public var usedFor: String {
        let index = Self.all.firstIndex(of: self) ?? 0
        let next = index + 1 < Self.all.count ? Self.all[index + 1].firstIOS : nil
        func ios(_ version: Int) -> String { "iOS \(version / 100)" + (version % 100 == 0 ? "" : ".\(version % 100)") }
        switch (index, next) {
        case (0, let next?): return "targets before \(ios(next))"
        case (_, let next?): return "\(ios(firstIOS)) until \(ios(next))"
        default: return "\(ios(firstIOS)) and later, and the default"
        }
    }

    /// ``date`` as an instant (nil if it were not ISO 8601): how recent the snapshot's CT log list is.
    public var publishedDate: Date? { try? Date(date, strategy: .iso8601) }

    /// `tag (shippedWith, YYYY-MM-DD)`: the release, the OS releases that shipped it and its commit day.
    public var description: String { "\(tag) (\(shippedWith), \(date.prefix(10)))" }

    /// A root Apple used to ship and removed.
    public struct RemovedRoot: Sendable, Hashable {
        /// SHA-256 of the certificate's DER, lower-case hex.
        public let sha256: String
        /// The first release whose tree lists it under `certificates/removed/`.
        public let removedIn: String
        /// The subject, RFC 2253.
        public let subject: String
    }

    /// The snapshots in the repository, oldest first.
    public static let all: [AppleTrustSnapshot] = [
        AppleTrustSnapshot(tag: "security_certificates-55297.140.2", date: "2024-08-20T06:07:51Z",
                           shippedWith: "macOS 14.6, iOS 17.6", firstIOS: 0),
        AppleTrustSnapshot(tag: "security_certificates-55313.140.2", date: "2025-08-20T05:44:14Z",
                           shippedWith: "macOS 15.6, iOS 18.6", firstIOS: 1800),
        AppleTrustSnapshot(tag: "security_certificates-55349.0.11", date: "2025-10-16T22:36:09Z",
                           shippedWith: "macOS 26.0, iOS 26.0", firstIOS: 2600),
    ]

    /// The newest snapshot.
    public static let latest = all[all.count - 1]

    /// The snapshot for an iOS-equivalent version (major × 100 + minor): the newest one whose
    /// release line starts at or before it; targets older than iOS 17 get the oldest snapshot.
    public static func forIOSVersion(_ version: Int) -> AppleTrustSnapshot {
        all.last { $0.firstIOS <= version } ?? all[0]
    }

    /// The bytes of one of the snapshot's files, compiled into the module from
    /// `Snapshots/<tag>/<name>` (`EmbeddedSnapshots`).
    func file(_ name: String) throws(AppleTrustDataError) -> Data {
        guard let file = EmbeddedSnapshots.file("\(tag)/\(name)") else {
            throw AppleTrustDataError(description: "Apple trust snapshot \(tag): no file \(name) is compiled in")
        }
        return file.data
    }

    /// The preinstalled roots, as one PEM bundle.
    public func rootsPEM() throws(AppleTrustDataError) -> Data { try file("roots.pem") }

    /// The index of `roots.pem`: per certificate, in order, its SHA-256 and subject hash
    /// (`LazyRootSet`).
    public func rootsIndex() throws(AppleTrustDataError) -> Data { try file("roots.index.tsv") }

    /// The CT log list as published (`log_list.json`).
    public func logListJSON() throws(AppleTrustDataError) -> Data { try file("log_list.json") }

    /// The removed roots, by SHA-256.
    public func removedRoots() throws(AppleTrustDataError) -> [String: RemovedRoot] {
        // Split as bytes: splitting a String walks it by grapheme cluster, ten times slower here.
        let bytes = [UInt8](try file("removed.tsv"))
        var roots: [String: RemovedRoot] = [:]
        for line in bytes.split(separator: UInt8(ascii: "\n")).dropFirst() {
            let fields = line.split(separator: UInt8(ascii: "\t"), maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            func text(_ field: ArraySlice<UInt8>) -> String { String(decoding: field, as: UTF8.self) }
            let root = RemovedRoot(sha256: text(fields[0]).lowercased(), removedIn: text(fields[1]), subject: text(fields[2]))
            roots[root.sha256] = root
        }
        return roots
    }
}

/// Why a snapshot could not be read. `description` is one line.
public struct AppleTrustDataError: Error, Sendable, CustomStringConvertible {
    /// One line saying why.
    public let description: String
}
