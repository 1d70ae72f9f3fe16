import AtscheckTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The ports a checked block's lab serves on. The docs name fixed ones (`lab --port 9440`);
/// when something else on the machine holds one of them, the block runs on free ports instead
/// and its commands, input files and output are mapped between the two, so the documented
/// ports are compared as durations are: `swift test` passes whatever else the machine runs.
struct DocsLabPorts: Sendable {
    /// Documented port → the one used.
    let mapping: [(documented: Int, used: Int)]

    /// The ports for a block whose lab arguments are `lab`: the documented ones when all are
    /// free, else as many consecutive free ones (one a `--profile`, else `unnamed`: a lab of
    /// every profile).
    init(lab: [String], unnamed: Int = 1) {
        guard let index = lab.firstIndex(of: "--port"), index + 1 < lab.count, let base = Int(lab[index + 1]) else {
            mapping = []
            return
        }
        let profiles = lab.filter { $0 == "--profile" }.count
        let count = profiles > 0 ? profiles : unnamed
        let documented = Array(base..<(base + count))
        if documented.allSatisfy(Self.isFree) {
            mapping = documented.map { ($0, $0) }
            return
        }
        var used = documented
        for _ in 0..<50 {
            guard let start = try? LoopbackPort.freePort(), Int(start) + count < 65_000 else { continue }
            let candidate = Array(Int(start)..<(Int(start) + count))
            if candidate.allSatisfy(Self.isFree) {
                used = candidate
                break
            }
        }
        mapping = zip(documented, used).map { ($0, $1) }
    }

    /// True when nothing holds 127.0.0.1:`port`.
    static func isFree(_ port: Int) -> Bool {
        guard let (fd, _) = try? LoopbackPort.bind(port: UInt16(port), reuseAddress: true) else { return false }
        close(fd)
        return true
    }

    /// Whether the block runs on other ports than the documented ones.
    var isMoved: Bool { mapping.contains { $0.documented != $0.used } }

    /// `text` with each documented port (as a whole number) replaced by the one used.
    func toUsed(_ text: String) -> String { replace(text, mapping.map { ($0.documented, $0.used) }) }

    /// `text` with each used port replaced by the documented one.
    func toDocumented(_ text: String) -> String { replace(text, mapping.map { ($0.used, $0.documented) }) }

    private func replace(_ text: String, _ pairs: [(Int, Int)]) -> String {
        guard isMoved else { return text }
        var result = text
        for (from, to) in pairs where from != to { result = Self.replacingNumber(String(from), with: String(to), in: result) }
        return result
    }

    /// `text` with every whole number `number` (no digit on either side) replaced.
    static func replacingNumber(_ number: String, with replacement: String, in text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let found = rest.firstRange(of: number) {
            let before = found.lowerBound > rest.startIndex ? rest[rest.index(before: found.lowerBound)] : nil
            let after = found.upperBound < rest.endIndex ? rest[found.upperBound] : nil
            let whole = !(before?.isNumber ?? false) && !(after?.isNumber ?? false)
            out += rest[..<found.lowerBound] + (whole ? replacement : number)
            rest = rest[found.upperBound...]
        }
        return out + rest
    }

    /// The lab's arguments on the ports used.
    func labArguments(_ lab: [String]) -> [String] { lab.map(toUsed) }

    /// A step's arguments on the ports used: a repository file among them that names a
    /// documented port is copied, rewritten, into `scratch` (the copy's path maps back in the
    /// output through `paths`).
    func arguments(_ arguments: [String], scratch: URL, paths: inout [(copy: String, original: String)]) throws -> [String] {
        guard isMoved else { return arguments }
        return try arguments.map { argument in
            let file = RepositoryLayout.packageRoot.appendingPathComponent(argument)
            if !argument.hasPrefix("-"), let text = try? String(contentsOf: file, encoding: .utf8), toUsed(text) != text {
                let copy = scratch.appendingPathComponent(UUID().uuidString + "-" + file.lastPathComponent)
                try Data(toUsed(text).utf8).write(to: copy)
                paths.append((copy.path, argument))
                return copy.path
            }
            return toUsed(argument)
        }
    }
}
