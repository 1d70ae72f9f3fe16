import AtscheckTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `scan --output` opens its path as a shell's `>` does and never replaces it (docs/robustness.md,
/// "Outputs"): a symbolic link is written through, a FIFO and a character device are written to,
/// a second writer is refused, `--resume` rewrites in place; and every command's failed write to
/// standard output or `--output` stops it with exit 2. No real /dev path is ever given as
/// `--output`: devices are made with mknod in a scratch directory.
@Suite("outputs are written into, never replaced; failed writes stop the command")
struct OutputSafetyTests {
    /// A scan judged offline (a cleartext URL under full ATS: no connection), one record.
    static func scan(_ output: String, _ extra: [String] = []) throws -> RunResult {
        try ProcessRunner.run(try ProcessRunner.atscheckBinary.get(),
                              ["scan", "http://cleartext.example/", "--output", output, "--quiet"] + extra,
                              displayName: "atscheck", timeout: 60)
    }

    static func kind(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    static func inode(_ path: String) -> ino_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_ino : 0
    }

    @Test("with --output, the records go to the file only: standard output stays empty")
    func outputOnly() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let path = scratch.directory.appendingPathComponent("only.jsonl").path
        let result = try Self.scan(path)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count == 2)
    }

    @Test("a symbolic link is written through: the link stays a link, its target gets the records")
    func symbolicLink() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let target = scratch.directory.appendingPathComponent("results.jsonl").path
        let link = scratch.directory.appendingPathComponent("link.jsonl").path
        try #require(FileManager.default.createFile(atPath: target, contents: Data("old\n".utf8)))
        try #require(symlink(target, link) == 0)
        let before = Self.inode(target)
        let result = try Self.scan(link)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(Self.kind(link) == S_IFLNK)
        #expect(Self.inode(target) == before)
        let written = try String(contentsOfFile: target, encoding: .utf8)
        #expect(written.contains("\"url\":\"http://cleartext.example/\"") && !written.hasPrefix("old"))
    }

    @Test("a FIFO with a reader is written to, not replaced")
    func fifo() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let path = scratch.directory.appendingPathComponent("fifo").path
        try #require(mkfifo(path, 0o600) == 0)
        // The reader is a thread of its own, not a task: opening a FIFO blocks until the writer
        // comes, which must never hold one of the few threads the concurrency pool has.
        final class Received: @unchecked Sendable { var data = Data() }
        let received = Received()
        let done = DispatchSemaphore(value: 0)
        Thread {
            if let handle = FileHandle(forReadingAtPath: path) { received.data = handle.readDataToEndOfFile() }
            done.signal()
        }.start()
        let result = try Self.scan(path)
        #expect(done.wait(timeout: .now() + 30) == .success, "the reader never saw the end of the output")
        let text = String(decoding: received.data, as: UTF8.self)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(Self.kind(path) == S_IFIFO)
        #expect(text.contains("\"url\":\"http://cleartext.example/\"") && text.contains("\"summary\""))
    }

    @Test("a character device is written to and stays one; one that is full stops the scan, exit 2",
          .enabled(if: getuid() == 0, "mknod needs root (CI runs as root)"))
    func characterDevices() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let null = scratch.directory.appendingPathComponent("null").path
        let full = scratch.directory.appendingPathComponent("full").path
        try #require(mknod(null, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0)
        try #require(mknod(full, S_IFCHR | 0o666, dev_t((1 << 8) | 7)) == 0)
        let quiet = try Self.scan(null)
        #expect(quiet.status == 1, "\(quiet.stderr)")
        #expect(Self.kind(null) == S_IFCHR)
        let failed = try Self.scan(full)
        #expect(failed.status == 2, "\(failed.stderr)")
        #expect(failed.stderr.contains("atscheck scan: cannot write --output \(full): No space left on device"), "\(failed.stderr)")
        #expect(Self.kind(full) == S_IFCHR)
    }

    @Test("a second writer of the same --output is refused while the first holds it")
    func secondWriter() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let path = scratch.directory.appendingPathComponent("shared.jsonl").path
        let descriptor = open(path, O_RDWR | O_CREAT, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let refused = try Self.scan(path)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("another process is writing this file"), "\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
        flock(descriptor, LOCK_UN)
        #expect(try Self.scan(path).status == 1)
    }

    @Test("--resume rewrites the file in place: same inode, its hard link sees the same records")
    func resumeInPlace() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let path = scratch.directory.appendingPathComponent("resume.jsonl").path
        let alias = scratch.directory.appendingPathComponent("alias.jsonl").path
        #expect(try Self.scan(path).status == 1)
        try #require(link(path, alias) == 0)
        let before = Self.inode(path)
        let resumed = try Self.scan(path, ["--resume"])
        #expect(resumed.status == 1, "\(resumed.stderr)")
        #expect(Self.inode(path) == before)
        let lines = try String(contentsOfFile: alias, encoding: .utf8).split(separator: "\n")
        #expect(lines.filter { $0.contains("\"url\":\"http://cleartext.example/\"") }.count == 1)
        #expect(lines.last?.contains("\"summary\"") == true)
    }

    @Test("a directory as --output is refused, exit 2")
    func directory() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let result = try Self.scan(scratch.directory.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot open for writing"), "\(result.stderr)")
    }

    @Test("standard output on a full device: lint's SARIF, explain and why stop with exit 2 and say so")
    func fullStandardOutput() throws {
        let binary = try ProcessRunner.atscheckBinary.get().path
        for command in ["lint Policies/strict-default.plist --format sarif", "explain https://a.example/", "why 'HTTP load failed, 0/0 bytes (error code: -1200 [3:-9816])'"] {
            let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \(binary) \(command) > /dev/full"],
                                               displayName: "sh")
            #expect(result.status == 2, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("atscheck: cannot write standard output: No space left on device"), "\(command): \(result.stderr)")
        }
    }
}
