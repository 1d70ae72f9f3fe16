import AtscheckTestSupport
import Foundation
import Testing

/// `Tests/Golden/NAME.json`: the exact bytes a command printed, after `GoldenNormaliser`.
/// `ATSCHECK_UPDATE_GOLDEN=1` rewrites the file instead of comparing.
enum GoldenFile {
    static let directory = RepositoryLayout.packageRoot.appendingPathComponent("Tests/Golden", isDirectory: true)
    static let updating = ProcessInfo.processInfo.environment["ATSCHECK_UPDATE_GOLDEN"] == "1"

    /// Compares `result`'s stdout (normalised) with the golden file `name`, or rewrites it.
    /// `fileExtension` names the file (`json`, `md`, `txt`); `stderr`, when given, is what
    /// standard error must hold besides (empty by default).
    static func check(_ name: String, _ result: RunResult, ports: [UInt16] = [], fileExtension: String = "json",
                      stderrAllowed: (String) -> Bool = { $0.isEmpty }, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(!result.killedBySignal, "\(result.command)", sourceLocation: sourceLocation)
        #expect(stderrAllowed(result.stderr), "\(result.command): \(result.stderr)", sourceLocation: sourceLocation)
        let actual = GoldenNormaliser.normalise(result.stdout, ports: ports)
        let url = directory.appendingPathComponent(name + "." + fileExtension)
        if updating {
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("no golden file \(url.path): run with ATSCHECK_UPDATE_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        if actual != expected {
            Issue.record("\(result.command) differs from Tests/Golden/\(name).\(fileExtension): \(firstDifference(expected, actual))",
                         sourceLocation: sourceLocation)
        }
    }

    /// The first line where the two differ, for a readable failure.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let left = RunResult.lines(expected), right = RunResult.lines(actual)
        for index in 0..<max(left.count, right.count) {
            let want = index < left.count ? left[index] : "<end>", got = index < right.count ? right[index] : "<end>"
            if want != got { return "line \(index + 1): expected `\(want)`, got `\(got)`" }
        }
        return "no line differs (trailing newline?)"
    }
}
