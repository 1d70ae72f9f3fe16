import Foundation
import Testing

/// Each typed option value says what it expects, word for word, before anything is read or
/// dialled; the allowed formats are the command's own.
@Suite("Bad option values")
struct OptionValueErrorTests {
    static let cases: [(arguments: [String], error: String)] = [
        (["host", "example.com", "--timeout", "0"], "atscheck host: invalid value '0' for '--timeout' (expected seconds, 0 < t ≤ 600)"),
        (["host", "example.com", "--timeout", "abc"], "atscheck host: invalid value 'abc' for '--timeout' (expected seconds, 0 < t ≤ 600)"),
        (["host", "example.com", "--port", "70000"], "atscheck host: invalid value '70000' for '--port' (expected 1-65535)"),
        (["host", "example.com", "--address", "nope"], "atscheck host: invalid value 'nope' for '--address' (expected an IPv4 or IPv6 address)"),
        (["host", "example.com", "--at", "yesterday"],
         "atscheck host: invalid value 'yesterday' for '--at' (expected ISO 8601, e.g. 2025-06-01T00:00:00Z or 2025-06-01)"),
        (["host", "example.com", "--target", "ios0x"],
         "atscheck host: invalid value 'ios0x' for '--target' (expected e.g. ios17, ios16.4, macos14, tvos17, watchos10, visionos2)"),
        (["host", "example.com", "--context", "bogus"], "atscheck host: invalid value 'bogus' for '--context' (expected urlsession, webview, media)"),
        (["host", "example.com", "--subdomain-depth", "3"], "atscheck host: invalid value '3' for '--subdomain-depth' (expected 1, any)"),
        (["host", "example.com", "--connect-to", "bad"],
         "atscheck host: invalid value 'bad' for '--connect-to' (expected HOST:PORT:ADDRESS:PORT, e.g. ca.example.com:80:127.0.0.1:8080)"),
        (["host", "example.com", "--format", "sarif"], "atscheck host: invalid value 'sarif' for '--format' (expected text, json)"),
        (["pins", "example.com", "--format", "jsonl"], "atscheck pins: invalid value 'jsonl' for '--format' (expected text, json, plist, trustkit)"),
        (["lint", "Info.plist", "--format", "plist"], "atscheck lint: invalid value 'plist' for '--format' (expected text, json, sarif, github, markdown)"),
        (["app", ".", "--format", "csv"], "atscheck app: invalid value 'csv' for '--format' (expected text, json, jsonl, sarif, github, markdown, html)"),
        (["scan", "https://a.example", "--format", "sarif"], "atscheck scan: invalid value 'sarif' for '--format' (expected jsonl, text, json, markdown, html, github)"),
        (["lab", "--timeout", "61"], "atscheck lab: invalid value '61' for '--timeout' (expected seconds, 0 < t ≤ 60)"),
        (["scan", "https://a.example", "--shard", "3/2"], "atscheck scan: invalid value '3/2' for '--shard' (expected K/N with 1 ≤ K ≤ N)"),
        (["scan", "https://a.example", "--concurrency", "2000"], "atscheck scan: invalid value '2000' for '--concurrency' (expected 1-1024)"),
        (["scan", "https://a.example", "--resolve", "bad"], "atscheck scan: invalid value 'bad' for '--resolve' (expected HOST:PORT:ADDRESS)"),
        (["proxy", "--listen", "127.0.0.1:0", "--resolve", "x"], "atscheck proxy: invalid value 'x' for '--resolve' (expected HOST:PORT:ADDRESS)"),
        (["update", "--timeout", "0"], "atscheck update: invalid value '0' for '--timeout' (expected seconds, 0 < t ≤ 600)"),
        (["app", ".", "--only", "maybe"], "atscheck app: invalid value 'maybe' for '--only' (expected blocked, unknown, allowed, not-seen, opened-outside, never-loaded)"),
    ]

    @Test("a bad value names the option and what it expects; exit 2, nothing on stdout", arguments: cases)
    func badValue(_ arguments: [String], _ error: String) throws {
        let result = try ProcessRunner.atscheck(arguments)
        #expect(result.status == 2, "\(result.command)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.first == error)
        #expect(result.stderrLines.dropFirst().first == "See '\(error.prefix { $0 != ":" }) --help'.")
    }
}
