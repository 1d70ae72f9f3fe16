import ATSVocabulary
import ATSLint
import ATSPolicy
import AtscheckTestSupport
import Foundation
import Testing

/// Paths, linting helpers and a compact view of findings shared by the rule and policy tests.
enum RuleTestSupport {
    static let policiesDirectory = RepositoryLayout.policies
    static let fixturesDirectory = policiesDirectory.appendingPathComponent("fixtures")

    /// The Public Suffix List snapshot compiled into atscheck.
    static let publicSuffixes: PublicSuffixList? = PublicSuffixList.snapshot

    static let iOS9 = TargetOS(.iOS, 9)
    static let iOS10 = TargetOS(.iOS, 10)
    static let iOS11 = TargetOS(.iOS, 11)
    static let iOS13 = TargetOS(.iOS, 13)
    static let iOS16 = TargetOS(.iOS, 16)
    static let iOS17 = TargetOS(.iOS, 17)

    /// Lints `Policies/<relativePath>`.
    static func lintFile(_ relativePath: String, target: TargetOS = .latest,
                         publicSuffixes: PublicSuffixList? = RuleTestSupport.publicSuffixes) throws -> [Finding] {
        let url = policiesDirectory.appendingPathComponent(relativePath)
        let data = try Data(contentsOf: url)
        return Linter(options: LintOptions(target: target, publicSuffixes: publicSuffixes)).lint(data, path: relativePath).findings
    }

    /// Lints an ATS dictionary body, wrapped in a plist with `NSAppTransportSecurity` at the root.
    static func lintATS(_ body: String, target: TargetOS = .latest,
                        publicSuffixes: PublicSuffixList? = RuleTestSupport.publicSuffixes) -> [Finding] {
        lintDocument("<dict>\n<key>NSAppTransportSecurity</key>\n<dict>\n\(body)\n</dict>\n</dict>", target: target,
                     publicSuffixes: publicSuffixes)
    }

    /// Lints a whole plist whose `<plist>` body is `root`.
    static func lintDocument(_ root: String, target: TargetOS = .latest,
                             publicSuffixes: PublicSuffixList? = RuleTestSupport.publicSuffixes) -> [Finding] {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(root)
        </plist>
        """
        return Linter(options: LintOptions(target: target, publicSuffixes: publicSuffixes))
            .lint(Data(xml.utf8), path: "inline.plist").findings
    }

    /// The context the rules would see for an ATS dictionary body.
    static func context(_ body: String, target: TargetOS = .latest) throws -> LintContext {
        let xml = "<plist version=\"1.0\"><dict><key>NSAppTransportSecurity</key><dict>\(body)</dict></dict></plist>"
        let document = try PlistReader.read(Data(xml.utf8))
        return LintContext(document: document, policy: AppTransportSecurity(document: document),
                           options: LintOptions(target: target, publicSuffixes: publicSuffixes))
    }

    /// Every rule id among `findings`, once each.
    static func ruleIDs(_ findings: [Finding]) -> Set<String> { Set(findings.map(\.rule)) }

    /// `<key>k</key><dict>…</dict>` for an exception entry.
    static func entry(_ domain: String, _ body: String = "") -> String {
        "<key>\(domain)</key><dict>\(body)</dict>"
    }

    static func exceptions(_ entries: String...) -> String {
        "<key>NSExceptionDomains</key><dict>\(entries.joined())</dict>"
    }

    static let pinA = "Mt7iZo+DmB774CzOjqVgmW+Pfephv1E1lPc+fcQPJOA="
    static let pinB = "F7Llff7OFwkeT4lbalIMEbxxbhhTL6aUtlDgvgUVdAE="

    static func pins(_ digests: String...) -> String {
        "<array>" + digests.map { "<dict><key>SPKI-SHA256-BASE64</key><string>\($0)</string></dict>" }.joined() + "</array>"
    }
}

/// What a test expects of one finding: the rule, its severity, where it points.
struct ExpectedFinding: Hashable, Sendable, CustomStringConvertible {
    let rule: String
    let severity: Severity
    let keyPath: String?
    let line: Int?

    init(_ rule: String, _ severity: Severity, _ keyPath: String?, line: Int?) {
        self.rule = rule
        self.severity = severity
        self.keyPath = keyPath
        self.line = line
    }

    init(_ finding: Finding) {
        self.init(finding.rule, finding.severity, finding.keyPath, line: finding.line)
    }

    var description: String { "\(rule) \(severity.rawValue) \(keyPath ?? "-") @\(line.map(String.init) ?? "-")" }
}

extension Array where Element == ExpectedFinding {
    /// Order-insensitive comparison form.
    var sortedDescriptions: [String] { map(\.description).sorted() }
}
