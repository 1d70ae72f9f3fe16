import ATSSinks
import ATSVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a URL was found: a file of the input and a byte offset (binaries) or a line (text).
public struct FoundAt: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file, relative to the input (`Payload/MyApp.app/MyApp`, `lib/api.dart`).
    public let file: String
    /// Byte offset of the URL's first character in the file (binaries, after any decoding
    /// for text).
    public let offset: Int?
    /// 1-based line (text files).
    public let line: Int?
    /// What in the file named it, when that is not a position: the entitlement of an
    /// `embedded.mobileprovision` (`applinks:links.example.com`); ``comment`` for a URL in a
    /// source file's comment.
    public var detail: String? = nil
    /// What the code at this place does with the URL, when atscheck can tell (``URLUse``);
    /// nil for a place no use is known for. The strongest of ``useHere`` and ``usesElsewhere``.
    public var use: URLUse? = nil
    /// What this file's own code does with it (and what holds in any file), when the value is
    /// also used in other files.
    public var useHere: URLUse? = nil
    /// What code in other files does with the value, by file: a target that does not build a
    /// file does not make its use (``use(building:)``).
    public var usesElsewhere: [String: URLUse] = [:]

    enum CodingKeys: String, CodingKey {
        case file, offset, line, detail, use
    }

    /// The ``detail`` of a place in a comment (`// see http://…`, `/** … */`, `<!-- … -->`):
    /// not a load.
    public static let comment = "comment"

    /// The ``detail`` of a Capacitor configuration's `server.url`: the page the iOS app's web
    /// view loads at start, so a web view load whatever the file's route (``CapacitorConfig``).
    public static let capacitorServerURL = "server.url"

    /// Whether the place is in a comment.
    public var isComment: Bool { detail == Self.comment }

    /// The place as a target sees it that builds the files `builds` accepts: the uses in other
    /// files it does not build are dropped; when none is left, the value is never loaded by it.
    public func use(building builds: (String) -> Bool) -> FoundAt {
        guard !usesElsewhere.isEmpty else { return self }
        var seen = self
        let kept = usesElsewhere.filter { builds($0.key) }
        seen.usesElsewhere = kept
        let uses = [useHere].compactMap { $0 } + kept.sorted(by: { $0.key < $1.key }).map(\.value)
        seen.use = URLUse.strongest(uses) ?? .neverLoaded(why: "only code this target does not build uses it (\(usesElsewhere.keys.sorted().prefix(2).joined(separator: ", ")))")
        return seen
    }

    /// Takes in another literal of the same line: the stronger uses of both.
    mutating func merge(_ other: FoundAt) {
        use = URLUse.strongest([use, other.use].compactMap { $0 })
        useHere = URLUse.strongest([useHere, other.useHere].compactMap { $0 })
        for (file, found) in other.usesElsewhere { usesElsewhere[file] = URLUse.strongest([usesElsewhere[file], found].compactMap { $0 }) }
    }

    /// The place, with its detail: a line, else a byte offset, else the file.
    public var location: Location {
        Location(file: file, position: line.map { .line($0) } ?? offset.map { .byteOffset($0) } ?? .file, detail: detail)
    }

    /// `file:line`, else `file@0xOFFSET` (hexadecimal), else the file, followed by ` (detail)` when there is one.
    public var description: String { location.description }
}
