// A source build keeps these nil; Scripts/write-build-info.sh rewrites this file before a
// release build (and `--reset` puts it back), so the commit and date come from the build.

/// Where this binary was built from, for `atscheck --version`.
enum BuildInfo {
    /// The commit built (short hash, `-dirty` when the tree had changes); nil for a source build.
    static let commit: String? = nil
    /// The build day, `YYYY-MM-DD` in UTC (`SOURCE_DATE_EPOCH` when set); nil for a source build.
    static let date: String? = nil
}
