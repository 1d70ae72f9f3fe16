import ATSPolicy
import ATSPolicySources

extension PolicySourceDocument {
    /// The policy linted as the Info.plist iOS would read, reported under `path` (the file's by
    /// default). Findings on an Expo or Cordova file are told in its terms: the JSON key path
    /// (`expo.ios.infoPlist.NSAppTransportSecurity…`) or the element, its line and column, and
    /// a fix that edits the file.
    public func lint(with linter: Linter, path reportPath: String? = nil) -> FileReport {
        let reportPath = reportPath ?? path
        let report: FileReport
        switch (plistBytes, document) {
        case (let bytes?, _): return linter.lint(bytes, path: reportPath)
        case (nil, .success(let built)): report = linter.lint(document: built, path: reportPath)
        case (nil, .failure(let error)): return linter.unreadable(path: reportPath, message: error.message, at: error.location)
        }
        if let cordova {
            return FileReport(path: reportPath, findings: report.findings.map(cordova.restate))
        }
        guard let prefix = expoInfoPlistPath?.joined(separator: ".") else { return report }
        return FileReport(path: reportPath, findings: report.findings.map { finding in
            let keyPath = finding.keyPath.map { prefix + "." + $0 } ?? prefix
            return finding.restated(keyPath: keyPath, location: finding.line.map { SourceLocation(line: $0, column: finding.column ?? 1) },
                                    fix: finding.fix.map { "\(Self.jsonLiterals($0)) (at \(keyPath))" })
        })
    }

    /// A fix written with plist XML values (`<true/>`, `<string>TLSv1.2</string>`) in JSON's.
    static func jsonLiterals(_ fix: String) -> String {
        var text = fix
        for (xml, json) in [("<true/> or <false/>", "true or false"), ("<true/>", "true"), ("<false/>", "false"), ("<dict>…</dict>", "{…}")] {
            while let range = text.firstRange(of: xml) { text.replaceSubrange(range, with: json) }
        }
        while let open = text.firstRange(of: "<string>"), let close = text[open.upperBound...].firstRange(of: "</string>") {
            text.replaceSubrange(open.lowerBound..<close.upperBound, with: "\"" + text[open.upperBound..<close.lowerBound] + "\"")
        }
        return text
    }
}
