import ATSReport

extension TrustStoreSummary {
    /// One line: "Apple security_certificates-55349.0.11 (…): 156 preinstalled roots, 1 user-installed".
    public var text: String {
        var parts: [String] = []
        if preinstalledRoots > 0 { parts.append("\(preinstalledRoots) preinstalled root\(preinstalledRoots == 1 ? "" : "s")") }
        if userRoots > 0 { parts.append("\(userRoots) user-installed") }
        if appAnchors > 0 { parts.append("\(appAnchors) app-supplied") }
        let counts = parts.isEmpty ? "no anchors" : parts.joined(separator: ", ")
        return preinstalled.map { "\($0): \(counts)" } ?? counts
    }
}
