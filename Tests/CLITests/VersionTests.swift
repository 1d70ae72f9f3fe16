import Foundation
import Testing

/// `atscheck --version`: the version and the build it comes from; with `--verbose`, the trust
/// data compiled in, each with its date.
@Suite("--version: the build and the trust data it carries")
struct VersionTests {
    @Test("--version: one line, atscheck VERSION (COMMIT, built DATE) or (source build)")
    func line() throws {
        let result = try ProcessRunner.atscheck(["--version"])
        #expect(result.status == 0 && result.stderr.isEmpty)
        let line = try #require(result.stdoutLines.first)
        #expect(result.stdoutLines.count == 1)
        let pattern = #/atscheck [0-9]+\.[0-9]+\.[0-9]+ \((source build|[0-9a-f]{7,40}(-dirty)?, built [0-9]{4}-[0-9]{2}-[0-9]{2})\)/#
        #expect(line.wholeMatch(of: pattern) != nil, "\(line)")
    }

    @Test("--version --verbose: the line, then every Apple snapshot with its date, the CT log lists and the Public Suffix List")
    func verbose() throws {
        let plain = try ProcessRunner.atscheck(["--version"]).stdout
        for arguments in [["--version", "--verbose"], ["--verbose", "--version"]] {
            let result = try ProcessRunner.atscheck(arguments)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(arguments): \(result.stderr)")
            let lines = result.stdoutLines
            #expect(lines.first.map { $0 + "\n" } == plain)
            let snapshots = lines.filter { $0.hasPrefix("  security_certificates-") }
            // Three snapshots, each listed for its roots and for its CT log list, with dates.
            #expect(snapshots.count == 6, "\(lines)")
            #expect(snapshots.allSatisfy { $0.contains(#/ 20[0-9]{2}-[0-9]{2}-[0-9]{2}/#) }, "\(snapshots)")
            #expect(lines.contains { $0.contains("security_certificates-55349.0.11") && $0.contains("2025-10-16") && $0.contains("roots") })
            #expect(lines.contains { $0.contains("security_certificates-55349.0.11") && $0.contains("logs") && $0.contains("list date 2025-10-16") })
            #expect(lines.contains { $0.hasPrefix("Public Suffix List") && $0.contains(#/publicsuffix\/list [0-9a-f]{12} \(20[0-9]{2}-[0-9]{2}-[0-9]{2}\)/#) }, "\(lines)")
        }
    }

    @Test("--version takes only --verbose")
    func extraArgument() throws {
        let result = try ProcessRunner.atscheck(["--version", "extra"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unexpected argument 'extra'"))
    }
}
