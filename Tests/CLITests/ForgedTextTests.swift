import AtscheckTestSupport
import Foundation
import Testing

/// No input can forge a line of atscheck's text output (docs/robustness.md, "Outputs"): plist
/// keys and values, file names, bundle identifiers and link targets full of newlines, C0/C1
/// controls, terminal escape sequences and GitHub workflow commands reach the terminal escaped.
@Suite("text output cannot be forged by its inputs")
struct ForgedTextTests {
    /// A key that, printed raw, would end the line, mask a secret, raise a warning annotation,
    /// retitle and clear the terminal, and use the runner's older command marker.
    static let hostileKey = "evil.example\n::add-mask::secret\n::warning file=Info.plist,line=1::pwned\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}31m ##[add-mask]x"

    /// A binary plist (XML cannot carry ESC or BEL) with the key as an exception domain, a
    /// misspelt key inside it (so lint quotes the key), and a hostile bundle identifier.
    static func hostilePlist() throws -> Data {
        let ats: [String: Any] = ["NSExceptionDomains": [hostileKey: ["NSExceptionAllowsInsecureHTTPLoad\u{1B}[2J": true,
                                                                       "NSIncludesSubdomains": true]]]
        let root: [String: Any] = ["NSAppTransportSecurity": ats, "CFBundleIdentifier": "com.example\n::error::forged\u{07}",
                                   "CFBundlePackageType": "APPL", "CFBundleExecutable": "App"]
        return try PropertyListSerialization.data(fromPropertyList: root, format: .binary, options: 0)
    }

    /// Fails when `output` holds a raw control byte (other than the line breaks and, for
    /// coloured output, none: these runs are not terminals), a workflow command at a line's
    /// start, or the older `##[` marker.
    static func expectInert(_ output: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let controls = output.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
        #expect(controls.isEmpty, "\(what): raw controls \(controls.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
        for line in output.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            #expect(!(trimmed.hasPrefix("::") && trimmed.dropFirst(2).contains("::")), "\(what): a workflow command: \(line)", sourceLocation: sourceLocation)
            #expect(!line.contains("##["), "\(what): an old-style command: \(line)", sourceLocation: sourceLocation)
        }
    }

    @Test("lint, explain, host (offline) and app text escape a hostile plist, file name and bundle")
    func hostilePlist() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let name = "::warning file=x::forged\u{1B}[31m.plist"
        let plist = scratch.directory.appendingPathComponent(name)
        try Self.hostilePlist().write(to: plist)
        let lint = try ProcessRunner.atscheck(["lint", plist.path])
        #expect(lint.status == 1 || lint.status == 0, "\(lint.stderr)")
        #expect(lint.stdout.contains("NSExceptionAllowsInsecureHTTPLoad\\x1B[2J"), "\(lint.stdout)")
        Self.expectInert(lint.stdout, "lint")
        Self.expectInert(lint.stderr, "lint stderr")

        let explain = try ProcessRunner.atscheck(["explain", "http://evil.example/", "--policy", plist.path])
        #expect(explain.stdout.contains("::warning\nfile=x::forged\\x1B[31m.plist") || explain.stdout.contains("forged\\x1B[31m.plist"), "\(explain.stdout)")
        Self.expectInert(explain.stdout, "explain")

        let host = try ProcessRunner.atscheck(["host", "http://evil.example/", "--policy", plist.path])
        Self.expectInert(host.stdout, "host")

        let app = scratch.directory.appendingPathComponent("::error::x\u{07}.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Self.hostilePlist().write(to: app.appendingPathComponent("Info.plist"))
        try Data("http://evil.example/feed\n".utf8).write(to: app.appendingPathComponent("App"))
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent("link").path,
                                                   withDestinationPath: "/etc/\n::add-mask::x\u{1B}[2J")
        let audit = try ProcessRunner.atscheck(["app", app.path, "--offline", "--all"])
        #expect(audit.status != 2, "\(audit.stderr)")
        Self.expectInert(audit.stdout, "app")
    }

    @Test("standard error escapes what it quotes: scan's skipped lines under a hostile file name, a hostile URL argument")
    func hostileStandardError() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let list = scratch.directory.appendingPathComponent("urls\n::add-mask::x\u{1B}]0;t\u{07}.txt")
        try Data("ftp://evil.example/\nexample.com extra\u{1B}[2J\n".utf8).write(to: list)
        let skipped = try ProcessRunner.atscheck(["scan", "--input", list.path, "--format", "jsonl", "--timeout", "1"])
        #expect(skipped.stderr.contains("atscheck scan: skipped "), "\(skipped.stderr)")
        #expect(skipped.stderr.contains("urls\\x0A::add-mask::x\\x1B]0;t\\x07.txt:1: unsupported scheme"), "\(skipped.stderr)")
        Self.expectInert(skipped.stderr, "scan stderr")

        let usage = try ProcessRunner.atscheck(["scan", "bad\u{1B}]0;owned\u{07}\n::error::forged"])
        #expect(usage.status == 2)
        #expect(usage.stderr.contains("bad\\x1B]0;owned\\x07"), "\(usage.stderr)")
        Self.expectInert(usage.stderr, "usage stderr")
    }

    @Test("the escaping keeps IPv6 literals and ordinary text as they are")
    func ordinaryTextUntouched() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let path = try scratch.file("Info.plist", """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict>
        <key>::1</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict></dict></dict></plist>
        """)
        let lint = try ProcessRunner.atscheck(["lint", path])
        #expect(lint.stdout.contains("to ::1 "), "\(lint.stdout)")
        #expect(!lint.stdout.contains("\\x3A"), "\(lint.stdout)")
    }
}
