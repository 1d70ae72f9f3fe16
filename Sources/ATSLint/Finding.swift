import ATSJSON
import ATSPolicy

/// How serious a finding is.
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    /// Worth knowing; nothing is wrong.
    case notice
    /// Works, but weakens security or needs an App Review justification.
    case warning
    /// ATS will not do what the file says.
    case error

    /// Orders severities by seriousness, notice < warning < error, so `max()` gives the worst.
    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One problem found in a policy file. In JSON every key is always present (nil is `null`).
public struct Finding: Sendable, Hashable, Codable {
    /// The id of the rule that found it (`unknown-key`, ...).
    public let rule: String
    /// Its severity.
    public private(set) var severity: Severity
    /// One sentence for humans.
    public private(set) var message: String
    /// Dotted key path (`NSAppTransportSecurity.NSExceptionDomains.example.com.NSIncludesSubdomains`), nil for the file.
    @EncodesNil public private(set) var keyPath: String?
    /// 1-based line (XML plists, and the element or key in an Expo or Cordova configuration).
    @EncodesNil public private(set) var line: Int?
    /// 1-based column, when the line is known.
    @EncodesNil public private(set) var column: Int?
    /// How to fix it: a replacement or an action, nil when there is nothing specific to say.
    @EncodesNil public private(set) var fix: String?

    /// Creates a finding.
    public init(rule: String, severity: Severity, message: String, keyPath: PlistKeyPath?, location: SourceLocation?, fix: String? = nil) {
        self.init(rule: rule, severity: severity, message: message, keyPathText: keyPath?.description, location: location, fix: fix)
    }

    private init(rule: String, severity: Severity, message: String, keyPathText: String?, location: SourceLocation?, fix: String?) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.keyPath = keyPathText
        self.line = location?.line
        self.column = location?.column
        self.fix = fix
    }

    /// The same finding at another severity (a project's configuration can say so of a rule).
    public func reported(at severity: Severity) -> Finding {
        var finding = self
        finding.severity = severity
        return finding
    }

    /// The same finding with `note` added to its message, in parentheses.
    public func noting(_ note: String) -> Finding {
        var finding = self
        finding.message += " (\(note))"
        return finding
    }

    /// The same finding told in the terms of the file the Info.plist was built from (an Expo
    /// `app.json`, a Cordova `config.xml`): its key path, position and fix there.
    public func restated(keyPath: String?, location: SourceLocation?, fix: String?) -> Finding {
        Finding(rule: rule, severity: severity, message: message, keyPathText: keyPath, location: location, fix: fix)
    }
}
