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

    @Test("two Info.plist entries of one name with other contents: one bundle, its policy unknown, the problem reported")
    func duplicateInfoPlist() throws {
        let inventory = try AppFixtures.inventory("duplicate-info.ipa")
        #expect(inventory.bundles.map(\.path) == ["Payload/Twice.app"])
        #expect(inventory.bundles.first?.policyIsKnown == false)
        #expect(inventory.walk.problems.contains { $0.path == "Payload/Twice.app/Info.plist" && $0.problem.isLimit
            && $0.description.contains("which one the device reads cannot be told") })
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

    @Test("an entry whose data no longer matches its CRC is reported as unreadable; the entries beside it are read")
    func damagedEntry() throws {
        // directories.ipa's Info.plist is stored uncompressed: one byte of its data is changed,
        // so only the CRC check at its end can tell.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: AppFixtures.path("directories.ipa"))))
        let name = Array("Payload/Dirs.app/Info.plist".utf8)
        let header = try #require(Self.offsets(of: [0x50, 0x4B, 0x03, 0x04], in: bytes).first { offset in
            bytes[(offset + 30)...].starts(with: name)
        })
        #expect(bytes[header + 8] == 0, "stored, not deflated")
        let extraLength = Int(bytes[header + 28]) | Int(bytes[header + 29]) << 8
        bytes[header + 30 + name.count + extraLength + 100] ^= 0x20
        var read: [String] = []
        let summary = ArchiveReader.read(bytes: bytes) { entry in
            read.append(entry.path)
            return { _ in true }
        }
        #expect(summary.failure == nil)
        #expect(summary.entries == 3)
        #expect(read == ["Payload/Dirs.app/Info.plist"])
        #expect(summary.problems.map(\.path) == ["Payload/Dirs.app/Info.plist"])
        guard case .unreadable(let message) = summary.problems.first?.problem else {
            Issue.record("expected the damaged Info.plist to be unreadable: \(summary.problems)")
            return
        }
        #expect(message.localizedCaseInsensitiveContains("crc"), "\(message)")
    }

    @Test("directory entries are skipped without a problem, by Unix mode or, made outside Unix, by their trailing '/'")
    func directories() throws {
        let unix = [UInt8](try Data(contentsOf: URL(fileURLWithPath: AppFixtures.path("directories.ipa"))))
        // The same archive with every central-directory entry marked as made on MS-DOS
        // ("version made by", high byte 0): no Unix modes to go by.
        var dos = unix
        let centralHeaders = Self.offsets(of: [0x50, 0x4B, 0x01, 0x02], in: dos)
        for offset in centralHeaders { dos[offset + 5] = 0 }
        #expect(centralHeaders.count == 3)
        for bytes in [unix, dos] {
            var read: [String: Int] = [:]
            let summary = ArchiveReader.read(bytes: bytes) { entry in
                { chunk in read[entry.path, default: 0] += chunk.count; return true }
            }
            #expect(summary.failure == nil && summary.problems.isEmpty, "\(summary)")
            #expect(summary.entries == 3)
            #expect(read == ["Payload/Dirs.app/Info.plist": 365])
        }
        let inventory = try AppFixtures.inventory("directories.ipa")
        #expect(inventory.bundles.map(\.path) == ["Payload/Dirs.app"])
    }

    @Test("reading archives from disk leaves no descriptor open, whether they open or not",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
    func noDescriptorLeaks() throws {
        func openDescriptors() throws -> Int { try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count }
        // Other suites run alongside and open sockets of their own, so only a growth that 800
        // reads leaking one descriptor in two would cause counts.
        let before = try openDescriptors()
        for _ in 0..<200 {
            for name in ["directories.ipa", "notzip.ipa", "truncated.ipa", "encrypted.ipa"] {
                _ = try ArchiveReader.read(atPath: AppFixtures.path(name)) { _ in { _ in true } }
            }
        }
        #expect(try openDescriptors() - before < 150)
    }

    /// Where a zip record signature starts in `bytes` (a test's way to find the record it edits).
    static func offsets(of signature: [UInt8], in bytes: [UInt8]) -> [Int] {
        (0...(bytes.count - signature.count)).filter { bytes[$0...].starts(with: signature) }
    }

    @Test("paths: relative, no '..' component, no NUL")
    func safePaths() {
        for path in ["Payload/A.app/Info.plist", "a/b..c/d", "..a/b"] { #expect(ArchiveReader.isSafePath(path), "\(path)") }
        for path in ["", "/etc/passwd", "../x", "a/../../x", "a/..", "\\..\\x", "a\0b"] { #expect(!ArchiveReader.isSafePath(path), "\(path)") }
    }
}

/// The end of central directory is read before libzip opens an archive (issue 28: libzip loaded
/// 2,000,000 declared entries, 600 MB, before the entry limit was looked at).
@Suite("app: an archive declaring too much is refused before libzip loads it")
struct CentralDirectoryLimitTests {
    /// A zip64 end record declaring `entries` and `directoryBytes`, its locator and a classic
    /// end record that defers to it: the tail of an archive, with nothing before it.
    static func zip64Tail(entries: UInt64, directoryBytes: UInt64) -> [UInt8] {
        func little(_ value: UInt64, _ count: Int) -> [UInt8] { (0..<count).map { UInt8((value >> (8 * UInt64($0))) & 0xFF) } }
        var record: [UInt8] = [0x50, 0x4B, 0x06, 0x06] + little(44, 8) + little(45, 2) + little(45, 2) + little(0, 4) + little(0, 4)
        record += little(entries, 8) + little(entries, 8) + little(directoryBytes, 8) + little(0, 8)
        let locator: [UInt8] = [0x50, 0x4B, 0x06, 0x07] + little(0, 4) + little(0, 8) + little(1, 4)
        let end: [UInt8] = [0x50, 0x4B, 0x05, 0x06] + little(0, 4) + little(0xFFFF, 2) + little(0xFFFF, 2)
            + little(0xFFFF_FFFF, 4) + little(0xFFFF_FFFF, 4) + little(0, 2)
        return record + locator + end
    }

    @Test("a zip64 record declaring 2,000,000 entries, or a 1 GiB directory: refused with the number, nothing read")
    func zip64Declarations() {
        let many = ArchiveReader.read(bytes: Self.zip64Tail(entries: 2_000_000, directoryBytes: 1000)) { _ in nil }
        #expect(many.failure == "the archive declares 2000000 entries, more than the 200000 atscheck reads: not read")
        #expect(many.entries == 0)
        let large = ArchiveReader.read(bytes: Self.zip64Tail(entries: 10, directoryBytes: 1 << 30)) { _ in nil }
        #expect(large.failure?.hasPrefix("the archive declares a central directory of 1073741824 bytes") == true, "\(String(describing: large.failure))")
    }

    @Test("a real archive over a small entry limit is refused from its end record; within it, read as before")
    func classicEndRecord() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: AppFixtures.path("directories.ipa"))))
        let whole = ArchiveReader.read(bytes: bytes) { _ in nil }
        #expect(whole.failure == nil && whole.entries > 2)
        let refused = ArchiveReader.read(bytes: bytes, limits: ArchiveLimits(entries: 2)) { _ in nil }
        #expect(refused.failure == "the archive declares \(whole.entries) entries, more than the 2 atscheck reads: not read")
    }
}
