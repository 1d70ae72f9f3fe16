import ATSCheck
import ATSScan
import AtscheckSystem
import AtscheckTestSupport
import Foundation

/// The fixtures in `Tests/ATSScanTests/Fixtures/` (provenance in its README), read the way
/// the command reads its inputs: `RegularFile.read` with the scan limits.
enum ScanFixtures {
    static let directory = RepositoryLayout.packageRoot.appendingPathComponent("Tests/ATSScanTests/Fixtures", isDirectory: true)

    static func list(_ name: String) throws -> Data {
        try RegularFile.read(atPath: directory.appendingPathComponent(name).path, limit: ScanInputLimits.listBytes)
    }

    static func har(_ name: String) throws -> Data {
        try RegularFile.read(atPath: directory.appendingPathComponent(name).path, limit: ScanInputLimits.harBytes)
    }
}

/// An entry as the tests compare it: where it came from and what it names.
struct EntryRow: Equatable, CustomStringConvertible {
    let at: Int?
    let url: String
    let host: String
    let port: UInt16
    let scheme: URLSchemeName

    var description: String { "\(at.map { "\($0)" } ?? "-") \(url) \(host) \(port) \(scheme)" }
}

/// `http` or `https`, spelt out so the rows read like the fixtures.
enum URLSchemeName: String, Equatable {
    case http, https
}

/// A problem as the tests compare it.
struct ProblemRow: Equatable, CustomStringConvertible {
    let at: Int?
    let message: String

    var description: String { "\(at.map { "\($0)" } ?? "-") \(message)" }
}

extension ScanInput {
    /// Entries keyed by line (lists) or entry index (HAR).
    var rows: [EntryRow] {
        entries.map { entry in
            EntryRow(at: entry.origin.line ?? entry.origin.harEntry, url: entry.target.url, host: entry.target.host,
                     port: entry.target.port, scheme: URLSchemeName(rawValue: entry.target.scheme.rawValue) ?? .https)
        }
    }

    var problemRows: [ProblemRow] {
        problems.map { ProblemRow(at: $0.origin.line ?? $0.origin.harEntry, message: $0.message) }
    }
}
