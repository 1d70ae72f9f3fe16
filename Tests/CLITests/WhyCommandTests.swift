import Foundation
import Testing

/// `atscheck why` end to end: arguments and standard input, the three formats, exit statuses,
/// noisy, cut-off, non-UTF-8 and large pastes.
@Suite("atscheck why")
struct WhyCommandTests {
    static let cleartext = #"Task <3F2A9C1E-6B7D-4E10-9A55-0C2B8D1E7F40>.<1> finished with error [-1022] Error Domain=NSURLErrorDomain Code=-1022 "The resource could not be loaded because the App Transport Security policy requires the use of a secure connection." UserInfo={NSErrorFailingURLStringKey=http://api.example.com/v1/items}"#
    static let pair = "Task <4F7E00BD-2CB7-4055-A8DF-69CD9F562800>.<54> HTTP load failed, 0/0 bytes (error code: -1200 [3:-9816])"

    static func why(_ arguments: [String], stdin: Data? = nil) throws -> RunResult {
        try ProcessRunner.run(try ProcessRunner.atscheckBinary.get(), ["why"] + arguments, stdin: stdin, displayName: "atscheck")
    }

    @Test("arguments: text names the code, the ranked causes and the command; exit 0")
    func argumentsText() throws {
        let result = try Self.why([Self.cleartext])
        #expect(result.status == 0)
        #expect(result.stdout.contains("NSURLErrorAppTransportSecurityRequiresSecureConnection"))
        #expect(result.stdout.contains("1. insecure-http (from-apple-code"))
        #expect(result.stdout.contains("next: atscheck explain http://api.example.com/v1/items --policy Info.plist"))
    }

    @Test("standard input gives the same decoding as the arguments")
    func standardInput() throws {
        let viaArguments = try Self.why([Self.pair])
        let viaInput = try Self.why([], stdin: Data((Self.pair + "\n").utf8))
        #expect(viaInput.status == 0)
        #expect(viaInput.stdout == viaArguments.stdout)
        #expect(viaInput.stdout.contains("errSSLClosedNoNotify"))
    }

    @Test("JSON: schemaVersion, spans, codes and causes with reason, confidence, evidence")
    func json() throws {
        let result = try Self.why(["--format", "json", Self.cleartext])
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(document["schemaVersion"] as? Int == 1)
        let errors = try #require(document["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(errors[0]["firstLine"] as? Int == 1)
        #expect(errors[0]["atsEnforced"] as? String == "yes")
        let causes = try #require(errors[0]["causes"] as? [[String: Any]])
        #expect(causes.first?["reason"] as? String == "insecure-http")
        #expect(causes.first?["confidence"] as? String == "from-apple-code")
        #expect(errors[0]["command"] as? String == "atscheck explain http://api.example.com/v1/items --policy Info.plist")
        #expect(errors[0]["notATS"] is NSNull)
        #expect(errors[0]["host"] as? String == "api.example.com")
    }

    @Test("Markdown: a heading, a code table and the command in a code span")
    func markdown() throws {
        let result = try Self.why(["--format", "markdown", Self.pair])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("## atscheck why\n"))
        #expect(result.stdout.contains("| kCFStreamErrorDomainSSL | -9816 | `errSSLClosedNoNotify` |"))
        #expect(result.stdout.contains("Next: `atscheck host https://HOST/ --policy Info.plist`"))
    }

    @Test("nothing recognised: exit 1 with a hint; a bad option: exit 2")
    func exitStatuses() throws {
        let nothing = try Self.why(["hello world"])
        #expect(nothing.status == 1)
        #expect(nothing.stdout.contains("no error recognised"))
        let empty = try Self.why([], stdin: Data())
        #expect(empty.status == 1)
        let bad = try Self.why(["--format", "sarif", Self.pair])
        #expect(bad.status == 2)
        let unknown = try Self.why(["--bogus"])
        #expect(unknown.status == 2)
    }

    @Test("a noisy dump with several errors, a cut-off paste and non-UTF-8 bytes")
    func messyInput() throws {
        var bytes = Data("2026-12-04 10:00:00 MyApp[1:2] [UI] loaded\n".utf8)
        bytes.append(contentsOf: [0xFF, 0xFE, 0xC3, 0x28, 0x0A])
        bytes.append(Data((Self.cleartext + "\n").utf8))
        bytes.append(Data("noise\nnoise\nnoise\nnoise\n".utf8))
        bytes.append(Data("Task <B>.<2> finished with error [-1022] Error Domain=NSURLErrorDomain Code=-1022 \"x\" UserInfo={NSErrorFailingURLStringKey=http://evil.example/\u{1B}[31mred}\n".utf8))
        bytes.append(Data(Self.cleartext.prefix(100).utf8))
        let result = try Self.why(["--format", "json"], stdin: bytes)
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let errors = try #require(document["errors"] as? [[String: Any]])
        #expect(errors.count == 3)
        #expect(errors.map { $0["firstLine"] as? Int } == [3, 8, 9])
        let text = try Self.why([], stdin: bytes)
        #expect(!text.stdout.contains("\u{1B}"))
        #expect(text.stdout.contains("http://evil.example/\\x1B[31mred"))
    }

    @Test("a 50 MB paste with one error at the end is read line by line and the error found")
    func largePaste() throws {
        let noise = String(repeating: "2026-12-04 10:00:00.000000+0000 MyApp[123:456] [UI] rendered cell of the feed list view\n", count: 1)
        var bytes = Data(capacity: 51 * 1024 * 1024)
        let line = Data(noise.utf8)
        while bytes.count < 50 * 1024 * 1024 { bytes.append(line) }
        bytes.append(Data(Self.cleartext.utf8))
        let result = try Self.why(["--format", "json"], stdin: bytes)
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let errors = try #require(document["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
        #expect(document["truncatedAtBytes"] is NSNull)
        #expect(document["errorsNotDecoded"] as? Int == 0)
    }

    @Test("past 10,000 errors the rest are counted and the output says so (text and JSON)")
    func errorCap() throws {
        var paste = ""
        for index in 0..<10_010 { paste += "Task <A-\(index)>.<1> finished with error [-1001] Error Domain=NSURLErrorDomain Code=-1001 \"x\"\n" }
        let text = try Self.why([], stdin: Data(paste.utf8))
        #expect(text.stdout.hasPrefix("note: the first 10000 errors are decoded; 10 more were found and not decoded.\n"))
        let json = try Self.why(["--format", "json"], stdin: Data(paste.utf8))
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        #expect(document["errorsNotDecoded"] as? Int == 10)
        #expect((document["errors"] as? [Any])?.count == 10_000)
    }

    @Test("help lists why")
    func help() throws {
        let result = try ProcessRunner.atscheck(["--help"])
        #expect(result.stdout.contains("why"))
        let own = try ProcessRunner.atscheck(["why", "--help"])
        #expect(own.status == 0)
        #expect(own.stdout.contains("pbpaste | atscheck why"))
    }

    @Test("a hostile failing URL: the command printed in text, Markdown and JSON, run by sh, passes the URL as one word and runs nothing else")
    func shellSafeCommand() throws {
        let url = "https://x.example/v1;touch$IFS./PWNED;`touch$IFS./PWNED2`;$(touch$IFS./PWNED3)'"
        let paste = #"Task <A>.<1> finished with error [-1200] Error Domain=NSURLErrorDomain Code=-1200 "x" UserInfo={_kCFStreamErrorCodeKey=-9802, NSErrorFailingURLKey=\#(url), _kCFStreamErrorDomainKey=3}"#
        let text = try Self.why([paste]).stdout
        let markdown = try Self.why(["--format", "markdown", paste]).stdout
        let json = try JSONSerialization.jsonObject(with: Data(try Self.why(["--format", "json", paste]).stdout.utf8)) as? [String: Any]
        let command = try #require(((json?["errors"] as? [[String: Any]])?.first)?["command"] as? String)
        #expect(text.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("next: " + command), "\(text)")
        #expect(markdown.contains("Next: `` \(command) ``"), "\(markdown)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-why-shell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = "cd '\(directory.path)' && atscheck() { for word in \"$@\"; do printf '<%s>\\n' \"$word\"; done; }; " + command
        let run = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], displayName: "sh")
        #expect(run.stdout.contains("<\(url)>\n"), "\(run.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
    }
}
