#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The numbers a CT log list carries to say how new it is: Apple's asset versions (a device
/// takes the list whose asset version is higher than its own) and the list's `version`.
public struct CTLogListNumbering: Sendable, Equatable {
    /// `assetVersionV2` (1007 in security_certificates-55349.0.11).
    public let assetVersionV2: Int?
    /// `assetVersion` (26 there): an older counter, compared only with another list's.
    public let assetVersion: Int?
    /// `version` as numbers ("80.4" is [80, 4]), nil when absent or not dotted numbers.
    public let version: [Int]?

    /// The numbers of a list (nil where it carries none).
    public init(assetVersionV2: Int?, assetVersion: Int?, version: [Int]?) {
        self.assetVersionV2 = assetVersionV2
        self.assetVersion = assetVersion
        self.version = version
    }

    /// "80.4" → [80, 4]; nil for anything but up to eight dotted numbers.
    static func components(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 8 else { return nil }
        let numbers = parts.compactMap { $0.count <= 9 ? Int($0) : nil }
        return numbers.count == parts.count ? numbers : nil
    }
}

/// Which of two CT log lists is newer, as Apple decides it: by the numbers both carry
/// (`assetVersionV2`, else `assetVersion`, else `version`), the list's date only when they
/// share none or the numbers are equal. When numbers and dates disagree, the numbers win and
/// the disagreement is said (a mirror that re-dated a list, a list whose logs changed state
/// before the older one's did).
public enum CTLogListOrder {
    /// The answer, with the disagreement between numbers and dates when there was one.
    public struct Answer: Sendable, Equatable, Encodable {
        /// Whether the candidate is newer than the current list.
        public let candidateIsNewer: Bool
        /// What the comparison rested on: "assetVersionV2", "assetVersion", "version" or "date".
        public let basis: String
        /// One sentence when the dates say the other thing than the numbers.
        public let disagreement: String?
    }

    /// Whether `candidate` (dated `candidateDate`) is newer than `current` (dated `currentDate`).
    public static func compare(candidate: CTLogListNumbering, candidateDate: Date?, current: CTLogListNumbering, currentDate: Date?) -> Answer {
        let pairs: [(String, [Int]?, [Int]?)] = [
            ("assetVersionV2", candidate.assetVersionV2.map { [$0] }, current.assetVersionV2.map { [$0] }),
            ("assetVersion", candidate.assetVersion.map { [$0] }, current.assetVersion.map { [$0] }),
            ("version", candidate.version, current.version),
        ]
        let byDate: Bool? = candidateDate.flatMap { new in currentDate.map { old in new > old } }
        for (basis, new, old) in pairs {
            guard let new, let old, new != old else { continue }
            let newer = new.lexicographicallyPrecedes(old) == false
            var disagreement: String? = nil
            if let byDate, byDate != newer, let candidateDate, let currentDate, candidateDate != currentDate {
                disagreement = "the lists' \(basis) (\(new.map(String.init).joined(separator: ".")) against \(old.map(String.init).joined(separator: "."))) "
                    + "and their dates (\(day(candidateDate)) against \(day(currentDate))) disagree; the \(basis) decides, as on a device"
            }
            return Answer(candidateIsNewer: newer, basis: basis, disagreement: disagreement)
        }
        return Answer(candidateIsNewer: byDate ?? false, basis: "date", disagreement: nil)
    }

    private static func day(_ date: Date) -> String {
        String(date.formatted(.iso8601).prefix(10))
    }
}
