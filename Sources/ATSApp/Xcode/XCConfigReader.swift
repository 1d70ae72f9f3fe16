import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads `.xcconfig` files into assignments, `#include`s inlined where they stand.
///
/// A line is `KEY = value` or `KEY[condition] = value` (a trailing `;` is dropped, `//` starts
/// a comment as it does for Xcode), `#include "path"` (relative to the including file; a
/// missing file is a problem) or `#include? "path"` (a missing file is not). Includes of the
/// developer directory (`<DEVELOPER_DIR>/...`) are Xcode's own and are skipped.
final class XCConfigReader {
    /// Largest xcconfig read.
    static let maximumBytes = 1 << 20
    /// Deepest chain of includes.
    static let maximumDepth = 16

    private let table: PBXObjectTable
    private let readFile: (String) -> Data?
    private var cache: [String: [XcodeAssignment]] = [:]
    /// The xcconfig files under `Pods/Target Support Files/` that were named and are not in the
    /// tree: CocoaPods writes them at `pod install`, and a project without `Pods/` names a dozen
    /// or more (one per target and configuration). They make one problem line, not one each
    /// (``podsProblem``).
    private(set) var missingPodsConfigs: Set<String> = []

    init(table: PBXObjectTable, readFile: @escaping (String) -> Data?) {
        self.table = table
        self.readFile = readFile
    }

    /// The assignments of the xcconfig at `path` (input-relative), includes inlined.
    func assignments(_ path: String) -> [XcodeAssignment] {
        read(path, optional: false, chain: [])
    }

    private var levels: [String: XcodeSettingLevel] = [:]

    /// The xcconfig at `path` as a settings level, grouped once for every configuration based on it.
    func level(_ path: String) -> XcodeSettingLevel {
        if let known = levels[path] { return known }
        let level = XcodeSettingLevel(assignments(path))
        levels[path] = level
        return level
    }

    private func read(_ path: String, optional: Bool, chain: [String]) -> [XcodeAssignment] {
        if let cached = cache[path] { return cached }
        guard !chain.contains(path) else {
            table.report("\(chain.last ?? path) includes \(path), which includes it back; the cycle is cut")
            return []
        }
        guard chain.count < Self.maximumDepth else {
            table.report("\(path) is included more than \(Self.maximumDepth) deep; it is not read")
            return []
        }
        guard let data = readFile(path) else {
            if Self.isPodsSupportFile(path) {
                missingPodsConfigs.insert(path)
            } else if !optional {
                table.report("xcconfig \(path) could not be read (missing, not a regular file, or too large)")
            }
            return []
        }
        guard data.count <= Self.maximumBytes else {
            table.report("xcconfig \(path) is \(data.count) bytes, more than the limit of \(Self.maximumBytes); it is not read")
            return []
        }
        var assignments: [XcodeAssignment] = []
        var malformed: [Int] = []
        let text = String(decoding: data, as: UTF8.self)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingWhitespaceAndNewlines()
            if trimmed.hasPrefix("#include") {
                let included = include(trimmed, from: path, chain: chain + [path])
                guard table.inline(included.count) else { break }
                assignments += included
                continue
            }
            let code = trimmed.firstRange(of: "//").map { String(trimmed[..<$0.lowerBound]) } ?? trimmed
            guard !code.trimmingWhitespace().isEmpty else { continue }
            guard let equals = Self.assignmentEquals(code) else {
                malformed.append(number + 1)
                continue
            }
            var value = code[code.index(after: equals)...].trimmingWhitespace()
            if value.hasSuffix(";") { value = String(value.dropLast()).trimmingWhitespace() }
            let written = code[..<equals].trimmingWhitespace()
            guard !written.contains(" "), let assignment = XcodeAssignment(written: written, value: value) else {
                malformed.append(number + 1)
                continue
            }
            assignments.append(assignment)
        }
        if let first = malformed.first {
            table.report("xcconfig \(path): \(malformed.count) line\(malformed.count == 1 ? "" : "s") that are not settings (first: line \(first))")
        }
        cache[path] = assignments
        return assignments
    }

    /// Whether `path` is an xcconfig CocoaPods writes (`Pods/Target Support Files/Pods-App/Pods-App.release.xcconfig`).
    static func isPodsSupportFile(_ path: String) -> Bool {
        path.hasPrefix("Pods/Target Support Files/") || path.contains("/Pods/Target Support Files/")
    }

    /// One line for the CocoaPods xcconfig files that were not there, or nil when none was missing.
    var podsProblem: String? {
        guard let first = missingPodsConfigs.min() else { return nil }
        let count = missingPodsConfigs.count
        let pods = first.firstRange(of: "Pods/Target Support Files/").map { String(first[..<$0.lowerBound]) + "Pods/" } ?? "Pods/"
        return "\(count) CocoaPods xcconfig file\(count == 1 ? "" : "s") under \(pods)Target Support Files/ \(count == 1 ? "is" : "are") not in the tree (\(pods) is missing), so their settings were skipped; run `pod install` for exact settings"
    }

    /// The `=` that separates a setting from its value: the first one outside the key's
    /// `[condition=value]` brackets.
    private static func assignmentEquals(_ line: String) -> String.Index? {
        var depth = 0
        for index in line.indices {
            switch line[index] {
            case "[": depth += 1
            case "]": depth = max(0, depth - 1)
            case "=" where depth == 0: return index
            default: break
            }
        }
        return nil
    }

    private func include(_ line: String, from path: String, chain: [String]) -> [XcodeAssignment] {
        let optional = line.hasPrefix("#include?")
        guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else {
            table.report("xcconfig \(path): \(line) names no quoted file")
            return []
        }
        let named = String(line[line.index(after: open)..<close])
        if named.hasPrefix("<") { return [] }
        guard let target = XcodePath.join(XcodePath.parent(path), named) else {
            if !optional { table.report("xcconfig \(path) includes \(named), which is outside the input") }
            return []
        }
        return read(target, optional: optional, chain: chain)
    }
}
