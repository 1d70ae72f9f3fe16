#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The Public Suffix List (publicsuffix.org) through libpsl: whether a domain is itself a public
/// suffix (`com`, `co.uk`, `github.io`) under the list's normal, wildcard and exception rules.
/// atscheck judges with the snapshot compiled into it (`snapshot`, from `publicsuffix/list`; see
/// `snapshotSource`), so that a verdict does not change with the list a machine happens to have
/// installed; `--public-suffix-list FILE` reads another.
public final class PublicSuffixList: Sendable {
    private let context: LibPSLContext

    /// The most bytes read from a given list file (the real one is about 330 KB).
    public static let sizeLimit = 16 << 20

    /// The list compiled into atscheck, parsed on first use.
    public static let snapshot: PublicSuffixList = {
        guard let context = LibPSLContext.loadSnapshot() else {
            fatalError("libpsl refused the Public Suffix List compiled into atscheck")
        }
        return PublicSuffixList(context: context)
    }()

    /// Where the compiled-in snapshot comes from: "publicsuffix/list <commit> (<date>)".
    public static var snapshotSource: String { LibPSLContext.snapshotSource }

    /// Parses the list's text format; nil when libpsl refuses it or it holds no rule.
    public convenience init?(text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// Parses the list from its file bytes; nil when they lack the list's ICANN section marker
    /// (any text file would otherwise read as a list of rules), or libpsl refuses them, or they
    /// hold no rule.
    public convenience init?(bytes: [UInt8]) {
        guard Self.contains(bytes, Self.icannMarker), let context = LibPSLContext.load(bytes) else { return nil }
        self.init(context: context)
    }

    private static let icannMarker = Array("===BEGIN ICANN DOMAINS===".utf8)

    private static func contains(_ bytes: [UInt8], _ marker: [UInt8]) -> Bool {
        guard bytes.count >= marker.count else { return false }
        return (0...(bytes.count - marker.count)).contains { start in
            bytes[start] == marker[0] && bytes[start..<(start + marker.count)].elementsEqual(marker)
        }
    }

    private init(context: LibPSLContext) {
        self.context = context
    }

    /// Number of rules (for diagnostics).
    public var count: Int { context.count }

    /// Whether the list names `suffix` itself (no "*" default rule): how a caller tells a real
    /// top-level domain (`org`) from any other word (`api`). With `icannOnly`, only the rules
    /// of the list's ICANN section count.
    public func lists(_ suffix: String, icannOnly: Bool = false) -> Bool {
        query(suffix, icannOnly ? [.icann, .noStarRule] : [.all, .noStarRule])
    }

    /// True when `domain` is exactly a public suffix, every top-level domain included (the "*"
    /// default rule); with `icannOnly`, only the rules of the list's ICANN section count
    /// (`co.uk` yes, `github.io` no).
    public func isPublicSuffix(_ domain: String, icannOnly: Bool = false) -> Bool {
        query(domain, icannOnly ? .icann : .all)
    }

    private func query(_ domain: String, _ sections: LibPSLContext.Sections) -> Bool {
        var name = domain.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        // libpsl reads a C string: a name with a NUL in it is no domain at all.
        guard !name.isEmpty, !name.utf8.contains(0) else { return false }
        return context.isPublicSuffix(name, sections)
    }

    /// A list read from `path` (size-capped, a regular file only).
    public static func load(atPath path: String) throws -> PublicSuffixList {
        let data = try RegularFile.read(atPath: path, limit: sizeLimit)
        guard let list = PublicSuffixList(bytes: [UInt8](data)) else {
            throw PublicSuffixListError(description: "\(path): not a Public Suffix List (no '===BEGIN ICANN DOMAINS===' section with rules)")
        }
        return list
    }
}

/// Why a Public Suffix List file was refused. `description` is one line.
public struct PublicSuffixListError: Error, Sendable, CustomStringConvertible {
    /// One line.
    public let description: String
}

/// Which Public Suffix List a check uses: the snapshot compiled into atscheck, a given one, or none.
public enum PublicSuffixSource: Sendable {
    /// The snapshot compiled into atscheck.
    case snapshot
    /// A list read from a file (`--public-suffix-list`).
    case list(PublicSuffixList)
    /// No list: wildcard names are judged by OpenSSL's rule only.
    case none

    /// The list (the snapshot is parsed on first use, so a run that never meets a wildcard
    /// certificate does not pay for it).
    public var list: PublicSuffixList? {
        switch self {
        case .snapshot: return PublicSuffixList.snapshot
        case .list(let list): return list
        case .none: return nil
        }
    }
}
