import AtscheckTestSupport
import Foundation
import Testing

/// Nothing judged, nothing passed (issue 43): `report` over an empty, garbage or
/// summary-only shard, or one whose summary its records contradict, and `scan` of an input
/// whose every line or entry was skipped, exit 2 naming the file and why; a UTF-16 or UTF-32
/// list with a byte-order mark is read; a line that is not a URL is never echoed, and a URL's
/// user part is masked in every message.
@Suite("nothing judged, nothing passed", .timeLimit(.minutes(TestTiming.minutes(2))))
struct NothingJudgedTests {
    /// Two cleartext URLs, judged by the policy alone (no network): both blocked.
    static let urls = ["http://a.example.net/1", "http://b.example.org/2"]

    /// A scratch directory with an empty `.atscheck.yml`, so no configuration above it is read.
    static func scratch() throws -> LintFixtures.Scratch {
        let scratch = try LintFixtures.Scratch()
        _ = try scratch.file(".atscheck.yml", "")
        return scratch
    }

    static func write(_ data: Data, _ name: String, in scratch: LintFixtures.Scratch) throws -> String {
        let url = scratch.directory.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    @Test("report refuses an empty, a garbage and a summary-only shard, and a summary its records contradict; a real shard still reports")
    func reportRefusals() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        let scan = try ProcessRunner.atscheck(["scan"] + Self.urls + ["--format", "jsonl"], in: scratch.directory)
        #expect(scan.status == 1, "\(scan.stderr)")
        let good = try scratch.file("good.jsonl", scan.stdout)
        let lines = scan.stdout.split(separator: "\n").map(String.init)
        let summaryLine = try #require(lines.last { $0.hasPrefix("{\"summary\"") })

        let reported = try ProcessRunner.atscheck(["report", good], in: scratch.directory)
        #expect(reported.status == 1 && reported.stdout.contains("2 URLs on 2 endpoints"), "\(reported.stdout)\(reported.stderr)")

        let empty = try scratch.file("empty.jsonl", "")
        let garbage = try scratch.file("garbage.jsonl", "hello\nthis is not json\n{\"url\": 1}\n")
        let summaryOnly = try scratch.file("summary-only.jsonl", summaryLine + "\n")
        let tampered = try scratch.file("tampered.jsonl", lines.map { $0.contains(Self.urls[0]) ? $0.replacingOccurrences(of: "\"verdict\":\"blocked\"", with: "\"verdict\":\"allowed\"") : $0 }.joined(separator: "\n") + "\n")
        // The same edit with the summary line dropped: the record's own reasons still say blocked.
        let recordsOnly = try scratch.file("records-only.jsonl", lines.filter { !$0.hasPrefix("{\"summary\"") }.map {
            $0.contains(Self.urls[0]) ? $0.replacingOccurrences(of: "\"verdict\":\"blocked\"", with: "\"verdict\":\"allowed\"") : $0
        }.joined(separator: "\n") + "\n")
        let editedLine = try #require(lines.filter { !$0.hasPrefix("{\"summary\"") }.firstIndex { $0.contains(Self.urls[0]) }) + 1
        let untampered = try ProcessRunner.atscheck(["report", try scratch.file("records-kept.jsonl", lines.filter { !$0.hasPrefix("{\"summary\"") }.joined(separator: "\n") + "\n")],
                                                    in: scratch.directory)
        #expect(untampered.status == 1, "records without their summary line still report: \(untampered.stderr)")
        for (file, message) in [(empty, "empty.jsonl: empty: no scan record and no summary line"),
                                (garbage, "garbage.jsonl: not a scan output: none of its 3 lines is a record or summary line"),
                                (summaryOnly, "summary-only.jsonl:1: the summary line does not match the records before it (URLs 2 stated, 0 in the records; endpoints 2 stated, 0 in the records; blocked 2 stated, 0 in the records)"),
                                (tampered, "tampered.jsonl:3: the summary line does not match the records before it (allowed 0 stated, 1 in the records; blocked 2 stated, 1 in the records)"),
                                (recordsOnly, "records-only.jsonl:\(editedLine): the record contradicts itself: verdict allowed with reasons (insecure-http)")] {
            let alone = try ProcessRunner.atscheck(["report", file], in: scratch.directory)
            #expect(alone.status == 2 && alone.stderr.contains(message) && alone.stdout.isEmpty, "\(file): \(alone.status) \(alone.stderr)")
            let beside = try ProcessRunner.atscheck(["report", good, file], in: scratch.directory)
            #expect(beside.status == 2 && beside.stderr.contains(message), "beside a good shard, \(file): \(beside.status) \(beside.stderr)")
        }

        // A shard that got no endpoint writes a summary of nothing: consistent, but a report of
        // nothing but such shards judged nothing.
        var emptyShard: String?
        for shard in 1...3 {
            let run = try ProcessRunner.atscheck(["scan", Self.urls[0], "--shard", "\(shard)/3", "--format", "jsonl"], in: scratch.directory)
            if !run.stdout.contains("\"url\"") { emptyShard = try scratch.file("shard-\(shard).jsonl", run.stdout) }
        }
        let nothing = try #require(emptyShard, "one URL leaves two of three shards empty")
        let none = try ProcessRunner.atscheck(["report", nothing], in: scratch.directory)
        #expect(none.status == 2 && none.stderr.contains("no scan record in any FILE: nothing was judged"), "\(none.stderr)")
        let withGood = try ProcessRunner.atscheck(["report", good, nothing], in: scratch.directory)
        #expect(withGood.status == 1, "an empty shard beside a good one is fine: \(withGood.stderr)")
    }

    @Test("scan reads a UTF-16 or UTF-32 list with a byte-order mark; without one, or with no URL at all, it exits 2 and says why")
    func wideAndUnusableLists() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        let text = "# two URLs\r\n" + Self.urls.joined(separator: "\r\n") + "\r\n"
        let encodings: [(String, String.Encoding, [UInt8])] = [("utf16le", .utf16LittleEndian, [0xFF, 0xFE]), ("utf16be", .utf16BigEndian, [0xFE, 0xFF]),
                                                               ("utf32le", .utf32LittleEndian, [0xFF, 0xFE, 0, 0])]
        for (name, encoding, mark) in encodings {
            let list = try Self.write(Data(mark) + text.data(using: encoding)!, "\(name).txt", in: scratch)
            let run = try ProcessRunner.atscheck(["scan", "--input", list, "--format", "jsonl"], in: scratch.directory)
            // The scratch's empty `.atscheck.yml` is named, and nothing else is said.
            #expect(run.status == 1 && run.stderr.hasPrefix("atscheck: configuration: ") && run.stderr.split(separator: "\n").count == 1,
                    "\(name): \(run.status) \(run.stderr)")
            #expect(Self.urls.allSatisfy { run.stdout.contains("\"url\":\"\($0)\"") }, "\(name): \(run.stdout)")
        }
        let bare = try Self.write(text.data(using: .utf16LittleEndian)!, "no-bom.txt", in: scratch)
        let refused = try ProcessRunner.atscheck(["scan", "--input", bare, "--format", "jsonl"], in: scratch.directory)
        #expect(refused.status == 2 && refused.stdout.isEmpty, "\(refused.status) \(refused.stdout)")
        #expect(refused.stderr.contains("no-bom.txt: no URL to judge: all 4 lines were skipped (NUL bytes: UTF-16 or UTF-32 text without a byte-order mark?"), "\(refused.stderr)")

        // A lone surrogate is a line that cannot be read, reported by number.
        let broken = try Self.write(Data([0xFF, 0xFE, 0x00, 0xD8, 0x0A, 0x00]) + "http://a.example.net/\n".data(using: .utf16LittleEndian)!, "broken.txt", in: scratch)
        let partly = try ProcessRunner.atscheck(["scan", "--input", broken, "--format", "jsonl"], in: scratch.directory)
        #expect(partly.status == 1 && partly.stderr.contains("broken.txt:1: not UTF-16 text"), "\(partly.stderr)")
    }

    @Test("a .netrc given as a list: each line reported by its number, never echoed; exit 2")
    func netrcIsNeverEchoed() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        let netrc = try scratch.file("netrc", "machine x login u password p4ssw0rd\ndefault login anonymous password hunter2\nmacdef init\npassword:s3cret\n")
        let run = try ProcessRunner.atscheck(["scan", "--input", netrc, "--format", "jsonl"], in: scratch.directory)
        #expect(run.status == 2 && run.stdout.isEmpty, "\(run.status) \(run.stdout)")
        for number in 1...4 { #expect(run.stderr.contains("netrc:\(number): not a URL, host, host:port or [v6]:port (the line is not shown)"), "\(run.stderr)") }
        #expect(run.stderr.contains("netrc: no URL to judge: all 4 lines were skipped"), "\(run.stderr)")
        for secret in ["p4ssw0rd", "hunter2", "s3cret", "login", "machine"] { #expect(!run.stderr.contains(secret), "\(secret) echoed: \(run.stderr)") }
    }

    @Test("a URL with a user part is refused, masked in every message; the rest of the list is judged")
    func credentialsAreMasked() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        let list = try scratch.file("urls.txt", "https://deploy:s3cret@api.example.com/v1\nhttp://api.example.com/\nhttps://token@[::1/\n")
        let run = try ProcessRunner.atscheck(["scan", "--input", list, "--format", "jsonl"], in: scratch.directory)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("urls.txt:1: a URL with credentials (\"https://***@api.example.com/v1\"): refused"), "\(run.stderr)")
        #expect(run.stderr.contains("urls.txt:3: a URL with credentials (\"https://***@[::1/\"): refused"), "\(run.stderr)")
        #expect(!(run.stderr + run.stdout).contains("s3cret") && !(run.stderr + run.stdout).contains("token"), "\(run.stderr)\(run.stdout)")
        let argument = try ProcessRunner.atscheck(["scan", "https://deploy:s3cret@api.example.com/"], in: scratch.directory)
        #expect(argument.status == 2 && argument.stderr.contains("'https://***@api.example.com/'") && !argument.stderr.contains("s3cret"), "\(argument.stderr)")
    }

    @Test("a HAR whose every entry is malformed: exit 2 with the reason, each entry reported (a user part masked)")
    func malformedHAR() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        let har = try scratch.file("capture.har", """
            {"log": {"version": "1.2", "entries": [{"request": {}}, {"request": {"url": 5}}, {"request": {"url": "data:text/plain,x"}}, {"nothing": true}, {"request": {"url": "https://deploy:s3cret@api.example.com/"}}]}}
            """)
        let run = try ProcessRunner.atscheck(["scan", "--har", har, "--format", "jsonl"], in: scratch.directory)
        #expect(run.status == 2 && run.stdout.isEmpty, "\(run.status) \(run.stdout)")
        #expect(run.stderr.contains("capture.har: log.entries[0]") && run.stderr.contains("capture.har: log.entries[3]"), "\(run.stderr)")
        #expect(run.stderr.contains("capture.har: log.entries[4]: a URL with credentials (\"https://***@api.example.com/\"): refused"), "\(run.stderr)")
        #expect(run.stderr.contains("capture.har: no URL to judge: all 5 entries were skipped") && !run.stderr.contains("s3cret"), "\(run.stderr)")
    }
}
