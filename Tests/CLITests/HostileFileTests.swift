import AtscheckTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every command that reads a file refuses what is not a regular file, and refuses an
/// oversized one by its size, with one true line and exit 2 (issue 9: `lint` hung on a FIFO,
/// `cert` said "You don't have permission" for `/dev/zero` and loaded 1 GB of zeros).
@Suite("Hostile files: FIFOs, devices, huge files, hostile plists")
struct HostileFileTests {
    /// Each way a command reads a file, with `FILE` standing for the path.
    static let readers: [[String]] = [
        ["lint", "FILE"],
        ["cert", "FILE"],
        ["explain", "https://api.example.com/", "--policy", "FILE"],
        ["host", "https://api.example.com/", "--pins", "FILE"],
        ["cert", "TestCerts/leaf-good-rsa.pem", "--host", "good.atscheck.test", "--ocsp-response", "FILE"],
        ["pins", "FILE"],
    ]

    static func substitute(_ arguments: [String], _ path: String) -> [String] {
        arguments.map { $0 == "FILE" ? path : $0 }
    }

    @Test("a FIFO: refused at once, 'not a regular file: a FIFO', exit 2", arguments: readers)
    func fifo(_ arguments: [String]) throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let path = scratch.directory.appendingPathComponent("fifo").path
        try #require(mkfifo(path, 0o600) == 0)
        let result = try ProcessRunner.run(try ProcessRunner.atscheckBinary.get(), Self.substitute(arguments, path),
                                           displayName: "atscheck", timeout: 20)
        #expect(result.status == 2 && !result.killedBySignal, "\(result.command): \(result.stderr)")
        #expect(result.stderr.contains("\(path): cannot read file (not a regular file: a FIFO)"), "\(result.stderr)")
    }

    @Test("/dev/zero: 'not a regular file: a character device', exit 2", arguments: readers)
    func devZero(_ arguments: [String]) throws {
        let result = try ProcessRunner.atscheck(Self.substitute(arguments, "/dev/zero"))
        #expect(result.status == 2 && !result.killedBySignal, "\(result.command): \(result.stderr)")
        #expect(result.stderr.contains("/dev/zero: cannot read file (not a regular file: a character device)"), "\(result.stderr)")
    }

    @Test("a 1 GiB file is refused by its size before it is loaded", arguments: readers)
    func hugeFile(_ arguments: [String]) throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let path = try scratch.file("huge.plist", "")
        try #require(truncate(path, 1 << 30) == 0)
        let result = try ProcessRunner.atscheck(Self.substitute(arguments, path))
        // lint reports an oversized file as an invalid-plist finding (exit 1); the others exit 2.
        #expect(result.status == (arguments[0] == "lint" ? 1 : 2) && !result.killedBySignal, "\(result.command): \(result.stderr)")
        let said = result.stdout + result.stderr
        #expect(said.contains("file is 1073741824 bytes, more than the limit of"), "\(said)")
    }

    @Test("the hostile plists of Tests/Hostile/plists: lint exits 1 (invalid-plist), explain 2, never a signal")
    func hostilePlists() throws {
        let directory = RepositoryLayout.hostile.appendingPathComponent("plists")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".plist") }.sorted()
        try #require(files.count >= 5)
        for file in files {
            let path = directory.appendingPathComponent(file).path
            let lint = try ProcessRunner.atscheck(["lint", path, "--format", "json"])
            #expect(lint.status == 1 && !lint.killedBySignal, "\(file): \(lint.stderr)")
            #expect(try LintJSON(lint).rules == ["invalid-plist"], "\(file)")
            let explain = try ProcessRunner.atscheck(["explain", "http://api.example.com/", "--policy", path])
            #expect(explain.status == 2 && !explain.killedBySignal, "\(file): \(explain.stderr)")
        }
    }
}
