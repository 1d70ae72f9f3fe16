import ATSPolicy

/// How serious a finding is.
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    /// Worth knowing; nothing is wrong.
    case notice
    /// Works, but weakens security or needs an App Review justification.
    case warning
    /// ATS will not do what the file says.
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One problem found in a policy file.
public struct Finding: Sendable, Hashable, Codable {
    /// The id of the rule that found it (`unknown-key`, ...).
    public let rule: String
    /// Its severity.
    public let severity: Severity
    /// One sentence for humans.
    public let message: String
    /// Dotted key path (`NSAppTransportSecurity.NSExceptionDomains.example.com.NSIncludesSubdomains`), nil for the file.
    public let keyPath: String?
    /// 1-based line (XML plists only).
    public let line: Int?
    /// 1-based column (XML plists only).
    public let column: Int?
    /// How to fix it: a replacement or an action, nil when there is nothing specific to say.
    public let fix: String?

    /// Creates a finding.
    public init(rule: String, severity: Severity, message: String, keyPath: PlistKeyPath?, location: SourceLocation?, fix: String? = nil) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.keyPath = keyPath?.description
        self.line = location?.line
        self.column = location?.column
        self.fix = fix
    }
}
