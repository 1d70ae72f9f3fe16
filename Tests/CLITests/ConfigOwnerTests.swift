import AtscheckTestSupport
import Foundation
import Testing

/// A discovered `.atscheck.yml` another user owns is refused, as git refuses a repository
/// another user owns; one the user names with `--config` is their choice and is read. Making a
/// file another user's takes root, which the test runs as in CI.
@Suite("configuration owned by another user", .timeLimit(.minutes(TestTiming.minutes(2))))
struct ConfigOwnerTests {
    /// The uid of `nobody` on Debian and macOS alike.
    static let otherUser = 65534

    @Test("discovered: refused naming the owner, exit 2; named with --config: read", .enabled(if: getuid() == 0, "chown to another user needs root"))
    func otherOwner() throws {
        let (scratch, child) = try ConfigSafetyTests.layout(parentConfig: nil, repository: true)
        defer { scratch.remove() }
        let path = try scratch.file("child/.atscheck.yml", ConfigSafetyTests.rulesOff)
        try ConfigSafetyTests.chmod(path, 0o644)
        let mine = try ProcessRunner.atscheck(["lint", "--fail-on", "warning", "Info.plist"], in: child)
        #expect(mine.status == 0, "the user's own file turns the warning off: \(mine.stderr)")

        try FileManager.default.setAttributes([.ownerAccountID: Self.otherUser], ofItemAtPath: path)
        let found = try ProcessRunner.atscheck(["lint", "--fail-on", "warning", "Info.plist"], in: child)
        #expect(found.status == 2 && found.stdout.isEmpty, "\(found.status) \(found.stdout)")
        #expect(found.stderr.contains("\(path): refusing a configuration file owned by another user (uid \(Self.otherUser))"), "\(found.stderr)")
        let named = try ProcessRunner.atscheck(["lint", "--fail-on", "warning", "--config", ".atscheck.yml", "Info.plist"], in: child)
        #expect(named.status == 0, "a file named with --config is read whoever owns it: \(named.stderr)")
    }
}
