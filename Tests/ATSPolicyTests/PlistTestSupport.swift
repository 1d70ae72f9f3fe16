import AtscheckTestSupport
import Foundation
import Testing
@testable import ATSPolicy

// Helpers for the Plist*Tests files.

enum PlistFixtures {
}

/// Reads an XML (or JSON) string.
func readPlist(_ text: String, limits: PlistReader.Limits = .default) throws(PlistReadError) -> PlistDocument {
    try PlistReader.read(Data(text.utf8), limits: limits)
}

/// The error reading `data` gives, or nil when it reads.
func plistError(_ data: Data, limits: PlistReader.Limits = .default) -> PlistReadError? {
    do {
        _ = try PlistReader.read(data, limits: limits)
        return nil
    } catch {
        return error
    }
}

func plistError(_ text: String, limits: PlistReader.Limits = .default) -> PlistReadError? {
    plistError(Data(text.utf8), limits: limits)
}

/// `SourceLocation` shorthand.
func at(_ line: Int, _ column: Int) -> ATSPolicy.SourceLocation { ATSPolicy.SourceLocation(line: line, column: column) }

extension PlistValue {
    /// The value with every location removed and dictionaries sorted by key (duplicates folded
    /// the way Foundation folds them: the last one wins), for comparing formats.
    var canonical: PlistValue {
        switch self {
        case .dictionary(let entries):
            var latest: [String: PlistNode] = [:]
            for entry in entries { latest[entry.key] = entry.node }
            return .dictionary(latest.keys.sorted().map {
                PlistEntry(key: $0, node: PlistNode(latest[$0]!.value.canonical))
            })
        case .array(let nodes):
            return .array(nodes.map { PlistNode($0.value.canonical) })
        default:
            return self
        }
    }

    /// Every node below (and including) this value, with its key when it is a dictionary value.
    func walk(_ visit: (PlistNode?, PlistEntry?) -> Void) {
        switch self {
        case .dictionary(let entries):
            for entry in entries {
                visit(nil, entry)
                entry.node.value.walk(visit)
            }
        case .array(let nodes):
            for node in nodes {
                visit(node, nil)
                node.value.walk(visit)
            }
        default:
            break
        }
    }
}

/// A tiny deterministic random generator for the fuzz tests.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
