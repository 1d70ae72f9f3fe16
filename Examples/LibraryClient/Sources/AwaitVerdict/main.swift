import ATSCheck
import ATSPolicy
import ATSVocabulary
import Foundation

// The verdict for several URLs at once from async code (`AwaitVerdict URL…`): each check
// awaits its handshakes instead of holding a thread, and one checker serves them all.
let urls = CommandLine.arguments.dropFirst()
let targets = urls.compactMap { CheckTarget.parse($0) }
guard !targets.isEmpty, targets.count == urls.count else {
    print("usage: AwaitVerdict URL…  (http:// or https:// URLs)")
    exit(2)
}
let release = TargetOS.latest
let checker = ATSChecker(environment: try TrustEnvironment(target: release))
let options = CheckOptions(time: Date())
let verdicts = try await withThrowingTaskGroup(of: (CheckTarget, Verdict).self) { group in
    for target in targets {
        group.addTask { (target, try await checker.check(target, options: options).verdict) }
    }
    var verdicts: [(CheckTarget, Verdict)] = []
    for try await pair in group { verdicts.append(pair) }
    return verdicts
}
for (target, verdict) in verdicts.sorted(by: { $0.0.url < $1.0.url }) {
    print(verdict.status.rawValue, target.url, verdict.reasons.map { "\($0.code)" }.joined(separator: " "))
}
