import ATSLint
import Foundation

// Lint one Info.plist as `atscheck lint` does, without the CLI (`LintOne Info.plist`): every
// finding with its rule id, severity, place and fix; exit 1 when any finding is an error.
guard CommandLine.arguments.count == 2 else {
    print("usage: LintOne Info.plist")
    exit(2)
}
let path = CommandLine.arguments[1]
let report = Linter().lint(try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
for finding in report.findings {
    let place = finding.line.map { "\(path):\($0):\(finding.column ?? 1)" } ?? path
    print(place, finding.severity.rawValue, finding.rule, finding.message)
    if let fix = finding.fix { print("  fix:", fix) }
}
print("\(report.count(.error)) error(s), \(report.count(.warning)) warning(s)")
exit(report.count(.error) > 0 ? 1 : 0)
