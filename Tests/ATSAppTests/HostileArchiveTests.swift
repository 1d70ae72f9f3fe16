import ATSApp
import ATSArchive
import Foundation
import Testing

// Hostile archives (Fixtures/README.md): each problem reported for its entry, never a crash,
// never a read of what should not be read, and the rest of the archive still audited.

@Suite("atscheck app: hostile archives")
struct HostileArchiveTests {
    @Test("absolute and '..' paths are refused one by one; the bundle beside them is read")
    func traversal() throws {
        let inventory = try AppFixtures.inventory("traversal.ipa")
        let refused = Set(inventory.walk.problems.filter { $0.problem == .unsafePath }.map(\.path))
        #expect(refused == ["../../etc/evil.txt", "/abs/evil.txt", "Payload/Evil.app/../../escape.txt"])
        #expect(inventory.bundles.map(\.path) == ["Payload/Evil.app"])
    }

    @Test("a symbolic link is reported with its target and not followed")
    func symlink() throws {
        let inventory = try AppFixtures.inventory("symlink.ipa")
        #expect(inventory.walk.problems == [ArchiveProblem(path: "Payload/Link.app/Link", problem: .symbolicLink(target: "/etc/passwd"))])
        #expect(inventory.bundles.count == 1)
    }

    @Test("a zip bomb entry stops at the per-entry limit, and at the total limit")
    func bomb() throws {
        let perEntry = try AppFixtures.inventory("bomb.ipa", limits: ArchiveLimits(entryBytes: 1 << 20))
        #expect(perEntry.walk.problems == [ArchiveProblem(path: "Payload/Bomb.app/Bomb", problem: .tooLarge(limit: 1 << 20))])
        #expect(perEntry.walk.bytesRead <= (1 << 20) + 4096)
        let total = try AppFixtures.inventory("bomb.ipa", limits: ArchiveLimits(totalBytes: 2 << 20))
        #expect(total.walk.problems.map(\.problem) == [.totalLimitReached(limit: 2 << 20)])
        #expect(total.walk.bytesRead <= 2 << 20)
        #expect(total.bundles.count == 1)
    }

    @Test("an encrypted entry is reported and not read: the URL inside it is not found")
    func encrypted() throws {
        let inventory = try AppFixtures.inventory("encrypted.ipa")
        #expect(inventory.walk.problems == [ArchiveProblem(path: "Payload/Secret.app/Secret", problem: .encrypted)])
        #expect(!inventory.urls.contains { $0.url.contains("secret.atscheck.test") })
        #expect(inventory.bundles.count == 1)
    }

    @Test("a truncated central directory and a file that is not an archive fail with a message")
    func unreadable() throws {
        let truncated = try AppFixtures.inventory("truncated.ipa")
        #expect(truncated.walk.failure?.isEmpty == false)
        let notZip = try AppFixtures.inventory("notzip.ipa")
        #expect(notZip.walk.failure?.hasPrefix("not a readable zip archive") == true, "\(String(describing: notZip.walk.failure))")
        #expect(notZip.bundles.isEmpty && notZip.urls.isEmpty)
    }

    @Test("paths: relative, no '..' component, no NUL")
    func safePaths() {
        for path in ["Payload/A.app/Info.plist", "a/b..c/d", "..a/b"] { #expect(ArchiveReader.isSafePath(path), "\(path)") }
        for path in ["", "/etc/passwd", "../x", "a/../../x", "a/..", "\\..\\x", "a\0b"] { #expect(!ArchiveReader.isSafePath(path), "\(path)") }
    }
}
