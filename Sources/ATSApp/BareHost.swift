import AtscheckSystem

/// Whether a host-shaped string from an executable is a host name an app would connect to:
/// its last label is a top-level domain of the Public Suffix List, its first is not (that is a
/// reverse-DNS identifier such as a bundle id, `com.example.app`), and its last is not one of
/// the TLDs that are also file extensions (`main.swift.app`, `backup.tar.zip`). The list is the
/// snapshot compiled into atscheck (docs/app-audit.md, "Where URLs come from").
enum BareHost {
    /// TLDs that name files more often than hosts in a binary's strings.
    static let fileLikeTLDs: Set<String> = ["app", "zip", "mov", "py", "sh", "pl", "md", "rs", "ps", "so", "js", "ts", "go", "swift",
                                           "json", "xml", "png", "jpg", "mp", "mp4", "pdf", "plist", "nib", "car", "txt", "html", "css",
                                           "framework", "bundle", "dylib", "storyboard", "strings", "lproj"]

    static func isHost(_ name: String) -> Bool {
        let suffixes = PublicSuffixList.snapshot
        let labels = name.split(separator: ".").map(String.init)
        guard let first = labels.first, let last = labels.last, !fileLikeTLDs.contains(last) else { return false }
        return suffixes.lists(last, icannOnly: true) && !suffixes.lists(first, icannOnly: true)
    }
}
