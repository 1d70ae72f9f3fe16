/// Input-relative, `/`-separated paths of a project tree (`` is the input itself).
enum ProjectPath {
    /// `a/b` for `a/b/c`, `` for `c`.
    static func parent(_ path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    /// Whether `file` lies inside `directory` (every file lies inside ``).
    static func isInside(_ file: String, _ directory: String) -> Bool {
        directory.isEmpty || file.hasPrefix(directory + "/")
    }

    /// How many components `path` has (`` has none).
    static func depth(_ path: String) -> Int {
        path.isEmpty ? 0 : path.split(separator: "/").count
    }

    /// Whether `path` is a safe input-relative path: not absolute, no `.` or `..` component.
    static func isContained(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/", omittingEmptySubsequences: false).contains { $0 == ".." || $0 == "." || $0.isEmpty }
    }
}
