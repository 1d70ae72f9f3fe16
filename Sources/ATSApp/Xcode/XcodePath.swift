/// Input-relative paths as the Xcode reader builds them: slash-separated, no leading slash,
/// `""` for the input's root.
enum XcodePath {
    /// Longest path kept (a longer one comes only from a hostile project: groups nested
    /// thousands deep).
    static let maximumLength = 4096

    /// `relative` under `base` (itself normalised), with `.` and `..` applied; nil when the
    /// result would leave the input's root (too many `..`, or an absolute path, which names
    /// another machine's disk). Costs the length of the result, not of repeated normalising.
    static func join(_ base: String, _ relative: String) -> String? {
        if relative.hasPrefix("/") { return nil }
        var result = base
        for component in relative.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                guard !result.isEmpty else { return nil }
                result = parent(result)
            default:
                if !result.isEmpty { result += "/" }
                result += component
            }
        }
        return result
    }

    /// `path` with `.` and empty components dropped and `..` applied; nil when it leaves the root.
    static func normalize(_ path: String) -> String? {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { return nil }
                components.removeLast()
            default: components.append(component)
            }
        }
        return components.joined(separator: "/")
    }

    /// The directory of `path` (`""` for a path at the root).
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// Whether `path` is `folder` or lies inside it (every path lies inside the root, `""`).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder.isEmpty || path == folder || (path.hasPrefix(folder) && path.dropFirst(folder.count).first == "/")
    }
}
