import ATSCertificates
import ATSCheck
import ATSPolicy
import ATSVocabulary
import Foundation

// Would ATS block a load of this URL under this Info.plist, and why? (`CheckOne URL [Info.plist]`)
let arguments = Array(CommandLine.arguments.dropFirst())
guard let text = arguments.first, let target = CheckTarget.parse(text) else {
    print("usage: CheckOne URL [Info.plist]")
    exit(2)
}
let policy = try arguments.dropFirst().first.map { try PlistReader.read(contentsOf: URL(fileURLWithPath: $0)) }
// The release judged picks Apple's roots, the CT log list (atscheck update's, when newer) and
// the suites, exactly as `atscheck host --target` does.
let release = TargetOS.latest
let checker = ATSChecker(environment: try TrustEnvironment(target: release))
let result = try checker.check(target, options: CheckOptions(policyDocument: policy, time: Date()))
print(result.verdict.status.rawValue, target.url)
for reason in result.verdict.reasons {
    print(" ", reason.code, reason.nsurlError, reason.message)
    if let snippet = reason.fix?.plistSnippet { print(snippet) }
}
if let leaf = result.verdict.chain.first { print("leaf pin:", leaf.spkiSHA256) }
