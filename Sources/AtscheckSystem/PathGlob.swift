#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A shell glob over `/`-separated relative paths, as `.gitignore` reads one, matched with
/// libc's `fnmatch(3)` one path component at a time (so `*`, `?` and `[…]` never match `/`,
/// as with `FNM_PATHNAME`):
/// - a pattern without `/` (other than a trailing one) matches a name at any depth: `*.json`,
///   `Tests`;
/// - a pattern with a `/` is anchored at the root (a leading `/` is allowed and dropped):
///   `docs/api`, `/build`;
/// - a `**` component matches zero or more components: `**/Tests`, `android/**/res`, `docs/**`;
/// - a trailing `/` matches directories only: `build/`.
///
/// A match on a directory covers everything below it; that is the caller's to apply.
public struct PathGlob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let pattern: String
    /// Components to match; `**` is kept as a component.
    private let components: [String]
    /// Matched against the last path component only.
    private let anyDepth: Bool
    /// Matches directories only.
    private let directoryOnly: Bool

    /// The glob `pattern`, or nil for one that matches nothing (empty, or only slashes).
    public init?(_ pattern: String) {
        var body = Substring(pattern)
        let directoryOnly = body.hasSuffix("/")
        while body.hasSuffix("/") { body = body.dropLast() }
        let anchored = body.contains("/")
        while body.hasPrefix("/") { body = body.dropFirst() }
        let components = body.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !components.isEmpty else { return nil }
        self.pattern = pattern
        self.components = components
        self.anyDepth = !anchored
        self.directoryOnly = directoryOnly
    }

    /// The pattern as written.
    public var description: String { pattern }

    /// Whether the glob matches `path` (relative, `/`-separated) itself.
    public func matches(_ path: String, isDirectory: Bool) -> Bool {
        if directoryOnly && !isDirectory { return false }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let last = parts.last else { return false }
        if anyDepth { return components.count == 1 && Self.fnmatch(components[0], last) }
        return match(components[...], parts[...])
    }

    /// Whether something strictly below `directory` could match: the glob is anchored, and
    /// its leading components match the directory's without a leading `**`. A glob that
    /// matches at any depth (`*.json`, `**/x`) says no: it does not reach into a directory the
    /// caller has decided not to enter.
    public func mayMatchBelow(_ directory: String) -> Bool {
        guard !anyDepth, components.first != "**" else { return false }
        let parts = directory.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        for (index, part) in parts.enumerated() {
            guard index < components.count else { return false }
            if components[index] == "**" { return true }
            if !Self.fnmatch(components[index], part) { return false }
        }
        return components.count > parts.count
    }

    /// Dynamic programming over (pattern component, path component), so that a pattern of
    /// many `**` costs components × components comparisons, not a combinatorial search.
    private func match(_ pattern: ArraySlice<String>, _ parts: ArraySlice<String>) -> Bool {
        let pattern = Array(pattern), parts = Array(parts)
        // matched[j]: pattern[i...] matches parts[j...], for the current i (from the end).
        var matched = [Bool](repeating: false, count: parts.count + 1)
        matched[parts.count] = true
        for i in stride(from: pattern.count - 1, through: 0, by: -1) {
            var next = [Bool](repeating: false, count: parts.count + 1)
            for j in stride(from: parts.count, through: 0, by: -1) {
                if pattern[i] == "**" {
                    // Zero components (pattern[i+1...] at j), or one more (pattern[i...] at j+1).
                    next[j] = matched[j] || (j < parts.count && next[j + 1])
                } else {
                    next[j] = j < parts.count && matched[j + 1] && Self.fnmatch(pattern[i], parts[j])
                }
            }
            matched = next
        }
        return matched[0]
    }

    private static func fnmatch(_ pattern: String, _ name: String) -> Bool {
        systemFnmatch(pattern, name, FNM_PATHNAME) == 0
    }
}

#if canImport(Glibc)
private let systemFnmatch = Glibc.fnmatch
#elseif canImport(Darwin)
private let systemFnmatch = Darwin.fnmatch
#endif
