import AtscheckTestSupport
import Foundation
import Testing

/// `.atscheck.yml` that cannot surprise (issue 43): discovery stops at the repository root,
/// a file others may write is refused, a discovered file is named on stderr, and the paths a
/// configuration names stay inside its directory, its baseline never opening a gate the
/// command line asks for. Real files, real runs of the binary.
@Suite("configuration safety", .timeLimit(.minutes(TestTiming.minutes(2))))
struct ConfigSafetyTests {
    /// An Info.plist with NSAllowsArbitraryLoads: an `arbitrary-loads` warning.
    static let arbitraryLoads = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict></dict></plist>
    """
    /// A configuration that turns the warning off.
    static let rulesOff = "rules:\n  arbitrary-loads:\n    severity: off\n"

    /// `parent/.atscheck.yml` (when given) and `parent/child/Info.plist`, `child` a repository
    /// when `repository`.
    static func layout(parentConfig: String?, repository: Bool) throws -> (LintFixtures.Scratch, child: URL) {
        let scratch = try LintFixtures.Scratch()
        let child = scratch.directory.appendingPathComponent("child")
        try FileManager.default.createDirectory(at: child, withIntermediateDirectories: true)
        if repository { try FileManager.default.createDirectory(at: child.appendingPathComponent(".git"), withIntermediateDirectories: true) }
        try Data(arbitraryLoads.utf8).write(to: child.appendingPathComponent("Info.plist"))
        if let parentConfig { try chmod(scratch.file(".atscheck.yml", parentConfig), 0o644) }
        return (scratch, child)
    }

    static func chmod(_ path: String, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    @Test("a configuration above the repository root is not read")
    func parentOfRepository() throws {
        let (scratch, child) = try Self.layout(parentConfig: Self.rulesOff, repository: true)
        defer { scratch.remove() }
        let run = try ProcessRunner.atscheck(["lint", "--fail-on", "warning", "Info.plist"], in: child)
        #expect(run.status == 1 && run.stdout.contains("[arbitrary-loads]"), "\(run.status) \(run.stdout) \(run.stderr)")
        #expect(!run.stderr.contains("configuration"), "\(run.stderr)")
    }

    @Test("outside any repository only the working directory is searched")
    func outsideRepository() throws {
        let (scratch, child) = try Self.layout(parentConfig: Self.rulesOff, repository: false)
        defer { scratch.remove() }
        let run = try ProcessRunner.atscheck(["lint", "--fail-on", "warning", "Info.plist"], in: child)
        #expect(run.status == 1 && run.stdout.contains("[arbitrary-loads]"), "\(run.status) \(run.stdout) \(run.stderr)")
        try Self.chmod(try scratch.file("child/.atscheck.yml", Self.rulesOff), 0o644)
        let here = try ProcessRunner.atscheck(["lint", "--fail-on", "warning", "Info.plist"], in: child)
        #expect(here.status == 0 && !here.stdout.contains("[arbitrary-loads]"), "\(here.status) \(here.stdout) \(here.stderr)")
    }

    @Test("a discovered configuration is named on stderr, once")
    func namedOnStderr() throws {
        let (scratch, child) = try Self.layout(parentConfig: nil, repository: true)
        defer { scratch.remove() }
        let path = try scratch.file("child/.atscheck.yml", Self.rulesOff)
        try Self.chmod(path, 0o644)
        let run = try ProcessRunner.atscheck(["lint", "Info.plist"], in: child)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "atscheck: configuration: \(child.path)/.atscheck.yml\n", "\(run.stderr)")
        #expect(run.stdout.contains("configuration \(path): rules off: arbitrary-loads"), "the summary names what it turns off: \(run.stdout)")
        try Data("lint:\n  fail-on: never\n".utf8).write(to: URL(fileURLWithPath: path))
        let github = try ProcessRunner.atscheck(["lint", "--format", "github", "Info.plist"], in: child)
        #expect(github.stdout.contains("::notice title=atscheck configuration::configuration \(path): fail-on: never"), "\(github.stdout)")
    }

    @Test("a configuration group or others may write is refused, found or named")
    func groupWritable() throws {
        let (scratch, child) = try Self.layout(parentConfig: nil, repository: true)
        defer { scratch.remove() }
        let path = try scratch.file("child/.atscheck.yml", Self.rulesOff)
        for mode in [0o664, 0o646] {
            try Self.chmod(path, mode)
            for extra in [[], ["--config", ".atscheck.yml"]] {
                let run = try ProcessRunner.atscheck(["lint", "--fail-on", "warning", "Info.plist"] + extra, in: child)
                #expect(run.status == 2 && run.stdout.isEmpty, "\(mode) \(extra): \(run.status) \(run.stdout)")
                #expect(run.stderr.contains("refusing a configuration file that group or others may write"), "\(run.stderr)")
            }
        }
        let none = try ProcessRunner.atscheck(["lint", "--no-config", "--fail-on", "warning", "Info.plist"], in: child)
        #expect(none.status == 1, "--no-config reads none: \(none.stderr)")
    }

    @Test("input and output paths of a configuration stay inside its directory")
    func escapingPaths() throws {
        let (scratch, child) = try Self.layout(parentConfig: nil, repository: true)
        defer { scratch.remove() }
        let config = child.appendingPathComponent(".atscheck.yml").path
        for text in ["lint:\n  write-baseline: ../escaped.json\n", "lint:\n  write-baseline: \(scratch.directory.path)/escaped.json\n",
                     "lint:\n  baseline: a/../../escaped.json\n", "scan:\n  input: [urls.txt, /etc/hosts]\n"] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: config))
            try Self.chmod(config, 0o644)
            let command = text.hasPrefix("scan") ? ["scan"] : ["lint", "--fail-on", "warning", "Info.plist"]
            let run = try ProcessRunner.atscheck(command, in: child)
            #expect(run.status == 2 && run.stderr.contains("is outside the configuration's directory"), "\(text): \(run.status) \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.directory.appendingPathComponent("escaped.json").path))
    }

    @Test("a baseline the configuration asks for does not pass a run the command line gives --fail-on")
    func baselineDoesNotOpenTheGate() throws {
        let (scratch, child) = try Self.layout(parentConfig: nil, repository: true)
        defer { scratch.remove() }
        try Self.chmod(try scratch.file("child/.atscheck.yml", "lint:\n  write-baseline: baseline.json\n"), 0o644)
        let gated = try ProcessRunner.atscheck(["lint", "--fail-on", "warning", "Info.plist"], in: child)
        #expect(gated.status == 1, "\(gated.stdout) \(gated.stderr)")
        #expect(FileManager.default.fileExists(atPath: child.appendingPathComponent("baseline.json").path))
        let ungated = try ProcessRunner.atscheck(["lint", "Info.plist"], in: child)
        #expect(ungated.status == 0, "\(ungated.stderr)")
        let asked = try ProcessRunner.atscheck(["lint", "--no-config", "--write-baseline", "b.json", "--fail-on", "warning", "Info.plist"], in: child)
        #expect(asked.status == 0, "the command line's own --write-baseline still passes: \(asked.stderr)")
    }

    @Test("update's from cannot be set in a configuration")
    func updateFromRefused() throws {
        let (scratch, child) = try Self.layout(parentConfig: nil, repository: true)
        defer { scratch.remove() }
        try Self.chmod(try scratch.file("child/.atscheck.yml", "update:\n  from: list.json\n"), 0o644)
        let run = try ProcessRunner.atscheck(["update"], environment: ["ATSCHECK_CACHE_DIR": scratch.directory.appendingPathComponent("cache").path], in: child)
        #expect(run.status == 2 && run.stderr.contains("give --from on the command line"), "\(run.status) \(run.stderr)")
    }
}
