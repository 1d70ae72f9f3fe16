import ATSTrustData
import AtscheckTestSupport
import Foundation
import Testing
@testable import ATSCertificates

// Shared helpers for the Certificates tests: fixture locations, fixed evaluation times,
// PEM splitting, SOURCES.tsv rows, and a runner for the `openssl` command-line tool,
// which is the independent source most expected values are taken from.

/// Where the fixtures live, found from this file's path (no working-directory assumptions).
enum Fixtures {
    /// TestCerts/ (generated fixtures, documented in TestCerts/README.md).
    static let testCertsDirectory = RepositoryLayout.testCerts

    /// TestCerts/README.md: "Tests evaluate everything at 2025-06-01T00:00:00Z (`openssl verify -attime 1748736000`)".
    static let testCertsTime = Date(timeIntervalSince1970: 1_748_736_000)

    static func testCert(_ name: String) -> URL { testCertsDirectory.appendingPathComponent(name) }

    /// Loads a TestCerts file, failing the test with the loader's message when it cannot.
    static func load(_ name: String) throws -> [Certificate] {
        try CertificateLoader.load(contentsOf: testCert(name))
    }

    /// The TestCerts root as the README describes it (`root.pem`, one certificate).
    static func root() throws -> Certificate {
        let certificates = try load("root.pem")
        try #require(certificates.count == 1, "root.pem should hold exactly one certificate")
        return certificates[0]
    }

    /// The malformed inputs listed under "Malformed inputs" in TestCerts/README.md.
    static let malformedTestCerts: Set<String> = [
        "not-a-certificate.pem", "empty.pem", "truncated.pem", "garbage.der", "private-key-only.pem",
    ]

    /// Every TestCerts `*.pem` that holds certificates (all but the malformed inputs).
    static let certificatePEMFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: testCertsDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".pem") && !malformedTestCerts.contains($0) }.sorted()
    }()
}

/// Errors raised by the helpers, with messages that say what is wrong.
struct FixtureError: Error, CustomStringConvertible {
    let description: String
}

/// Parses an ISO 8601 instant such as `2025-06-01T00:00:00Z` or `2026-02-02T08:36:39+00:00`.
func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { fatalError("bad ISO 8601 literal in a test: \(text)") }
    return date
}

// MARK: - PEM

/// The `-----BEGIN CERTIFICATE-----` … `-----END CERTIFICATE-----` blocks of a file, in order,
/// each as a standalone PEM text (what `openssl x509` reads). Text between blocks is dropped.
func certificatePEMBlocks(in data: Data) -> [String] {
    let text = String(decoding: data, as: UTF8.self)
    let begin = "-----BEGIN CERTIFICATE-----"
    let end = "-----END CERTIFICATE-----"
    var blocks: [String] = []
    var rest = text[...]
    while let start = rest.range(of: begin) {
        guard let stop = rest.range(of: end, range: start.upperBound..<rest.endIndex) else { break }
        blocks.append(String(rest[start.lowerBound..<stop.upperBound]) + "\n")
        rest = rest[stop.upperBound...]
    }
    return blocks
}

/// Number of lines that are exactly a certificate BEGIN marker.
func beginCertificateLineCount(in data: Data) -> Int {
    String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
        .filter { $0.trimmingCharacters(in: .whitespaces) == "-----BEGIN CERTIFICATE-----" }.count
}

// MARK: - The corpus and SOURCES.tsv

/// One row of the corpus's SOURCES.tsv.
struct CorpusRow: Sendable, CustomTestStringConvertible {
    let file: String
    let certsInFile: Int
    let firstSubject: String
    /// Embedded SCTs of the first certificate; nil for "n/a".
    let hasSCTs: Int?
    /// True when the `openssl-parse` column says `ok`.
    let opensslParses: Bool
    let note: String

    var testDescription: String { file }

    /// The limbo `validation_time` stated in the note, when there is one.
    var limboValidationTime: Date? {
        guard let range = note.range(of: "limbo validation_time ") else { return nil }
        let value = note[range.upperBound...].prefix { !$0.isWhitespace && $0 != ";" }
        return instant(String(value))
    }
}

enum Corpus {
    /// When to judge a live chain: limbo's validation time is the leaf's notBefore plus a
    /// second, before the logs stamped its SCTs (trustd refuses an SCT from the future), so
    /// one hour after the latest embedded SCT when that is later.
    static func judgingTime(_ row: CorpusRow, leaf: Certificate) -> Date? {
        guard let limbo = row.limboValidationTime else { return nil }
        guard let latest = leaf.embeddedSCTs.map(\.timestamp).max(), latest >= limbo else { return limbo }
        return latest.addingTimeInterval(3600)
    }

    /// Corpus chains with an SCT that the independent reading (Tests/Corpus/sct/signatures.tsv)
    /// found from a log Apple's newest snapshot does not list, dated after the snapshot (e.g.
    /// Cloudflare 'Nimbus2027', usable from 2025-11-15): not CT-qualified under it. By number.
    static let chainsWithLogsNewerThanSnapshot: Set<String> = {
        let published = (try? Date(AppleTrustSnapshot.latest.date, strategy: .iso8601)) ?? .distantFuture
        return Set(SCTVerificationTests.rows.filter {
            $0.result == "unknown-log" && Date(timeIntervalSince1970: Double($0.timestampMillis) / 1000) > published
        }.map { String($0.file.prefix(3)) })
    }()

    static var sourcesURL: URL { RepositoryLayout.corpusCerts.appendingPathComponent("SOURCES.tsv") }

    /// The corpus directory, or a failure that says where it was expected.
    static func directory() throws -> URL {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: RepositoryLayout.corpusCerts.path, isDirectory: &isDirectory),
              isDirectory.boolValue else {
            throw FixtureError(description: "certificate corpus not found at \(RepositoryLayout.corpusCerts.path) (Tests/Corpus/certs in the repository)")
        }
        return RepositoryLayout.corpusCerts
    }

    /// Every row of SOURCES.tsv; throws when the corpus or the file is missing or malformed.
    static func rows() throws -> [CorpusRow] {
        _ = try directory()
        guard let data = FileManager.default.contents(atPath: sourcesURL.path) else {
            throw FixtureError(description: "cannot read \(sourcesURL.path)")
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
        guard let header = lines.first?.split(separator: "\t", omittingEmptySubsequences: false).map(String.init),
              header == ["file", "repo", "path", "certs-in-file", "first-subject", "has-scts", "openssl-parse", "note"] else {
            throw FixtureError(description: "unexpected SOURCES.tsv header")
        }
        return try lines.dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 8, let count = Int(fields[3]), ["ok", "fail"].contains(fields[6]) else {
                throw FixtureError(description: "malformed SOURCES.tsv line: \(line.prefix(80))")
            }
            return CorpusRow(file: fields[0], certsInFile: count, firstSubject: fields[4], hasSCTs: Int(fields[5]),
                             opensslParses: fields[6] == "ok", note: fields[7])
        }
    }

    /// Rows for parameterized tests. When the corpus is missing this is one placeholder row
    /// whose test then fails with `directory()`'s message, so nothing passes silently.
    static let parameterRows: [CorpusRow] = {
        if let rows = try? rows(), !rows.isEmpty { return rows }
        return [CorpusRow(file: "<corpus missing: \(RepositoryLayout.corpusCerts.path)>", certsInFile: -1, firstSubject: "",
                          hasSCTs: nil, opensslParses: false, note: "")]
    }()

    /// The row for a file number such as "029".
    static func row(_ number: String) throws -> CorpusRow {
        guard let row = try rows().first(where: { $0.file.hasPrefix(number + "-") }) else {
            throw FixtureError(description: "no corpus file \(number)-* in SOURCES.tsv")
        }
        return row
    }

    static func url(_ row: CorpusRow) throws -> URL {
        try directory().appendingPathComponent(row.file)
    }

    static func data(_ row: CorpusRow) throws -> Data {
        let url = try url(row)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw FixtureError(description: "cannot read \(url.path)")
        }
        return data
    }

    static func load(_ number: String) throws -> [Certificate] {
        try CertificateLoader.load(contentsOf: url(row(number)))
    }
}

// MARK: - One certificate of a fixture file, for per-certificate parameterized tests

/// A certificate block in a fixture file: which file, which block, and its PEM text.
struct CertificateSample: Sendable, CustomTestStringConvertible {
    let label: String
    let url: URL
    let index: Int
    let pem: String

    var testDescription: String { "\(label) #\(index)" }

    /// TestCerts certificates, one sample per certificate block.
    static let testCerts: [CertificateSample] = Fixtures.certificatePEMFiles.flatMap { name -> [CertificateSample] in
        let url = Fixtures.testCert(name)
        let blocks = certificatePEMBlocks(in: FileManager.default.contents(atPath: url.path) ?? Data())
        return blocks.enumerated().map { CertificateSample(label: "TestCerts/\(name)", url: url, index: $0.offset, pem: $0.element) }
    }

    /// Certificates of every corpus file OpenSSL can parse; a single placeholder when the
    /// corpus is missing (its test fails with a clear message).
    static let corpus: [CertificateSample] = {
        guard let rows = try? Corpus.rows() else {
            return [CertificateSample(label: "<corpus missing: \(RepositoryLayout.corpusCerts.path)>",
                                      url: RepositoryLayout.corpusCerts, index: -1, pem: "")]
        }
        return rows.filter(\.opensslParses).flatMap { row -> [CertificateSample] in
            let url = RepositoryLayout.corpusCerts.appendingPathComponent(row.file)
            let blocks = certificatePEMBlocks(in: FileManager.default.contents(atPath: url.path) ?? Data())
            return blocks.enumerated().map { CertificateSample(label: row.file, url: url, index: $0.offset, pem: $0.element) }
        }
    }()

    static let all: [CertificateSample] = testCerts + corpus

    /// The certificate as the library loads it from the whole file (block `index`).
    func loaded() throws -> Certificate {
        if index < 0 { _ = try Corpus.directory() }
        let certificates = try CertificateLoader.load(contentsOf: url)
        try #require(index < certificates.count, "\(label): the loader returned \(certificates.count) certificates, block \(index) missing")
        return certificates[index]
    }
}

// MARK: - The openssl command-line tool

struct OpenSSLOutput {
    let status: Int32
    let stdout: Data
    let stderr: String
    /// stdout decoded as UTF-8 (invalid bytes replaced).
    var text: String { String(decoding: stdout, as: UTF8.self) }

    /// The value after `key=` on the first line that starts with it.
    func value(_ key: String) -> String? {
        for line in text.split(separator: "\n") where line.hasPrefix(key + "=") {
            return String(line.dropFirst(key.count + 1))
        }
        return nil
    }
}

enum OpenSSLCLI {
    static let path = "/usr/bin/openssl"

    /// Runs `openssl arguments…` with `input` on stdin (``ChildProcess``: files for all three
    /// streams, so no pipe can fill up and block; SIGKILL after two minutes).
    static func run(_ arguments: [String], input: Data = Data()) throws -> OpenSSLOutput {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw FixtureError(description: "\(path) not found; these tests compare against the openssl CLI")
        }
        let result = try ChildProcess.run(URL(fileURLWithPath: path), arguments, stdin: input, timeout: 120)
        guard !result.timedOut else { throw FixtureError(description: "openssl \(arguments.joined(separator: " ")) timed out; killed") }
        return OpenSSLOutput(status: result.status, stdout: result.stdout, stderr: result.stderrText)
    }

    /// Like `run`, but a non-zero exit status is an error carrying openssl's stderr.
    static func succeed(_ arguments: [String], input: Data = Data()) throws -> OpenSSLOutput {
        let output = try run(arguments, input: input)
        guard output.status == 0 else {
            throw FixtureError(description: "openssl \(arguments.joined(separator: " ")) failed (\(output.status)): \(output.stderr.prefix(300))")
        }
        return output
    }

    /// `openssl x509 … -noout` over one PEM certificate.
    static func x509(_ pem: String, _ arguments: [String]) throws -> OpenSSLOutput {
        try succeed(["x509", "-noout"] + arguments, input: Data(pem.utf8))
    }
}

/// Parses OpenSSL's `notBefore=`/`notAfter=` form, "MMM dd HH:mm:ss yyyy GMT" (day padded with
/// a space), optionally with fractional seconds as in SCT timestamps ("Feb  2 09:36:40.442 2026 GMT").
func parseOpenSSLDate(_ text: String) -> Date? {
    let parts = text.split(separator: " ")
    guard parts.count == 5, parts[4] == "GMT",
          let month = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].firstIndex(of: String(parts[0])),
          let day = Int(parts[1]), let year = Int(parts[3]) else { return nil }
    let clock = parts[2].split(separator: ":")
    guard clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]) else { return nil }
    let secondParts = clock[2].split(separator: ".")
    guard let second = Int(secondParts[0]) else { return nil }
    var components = DateComponents()
    components.calendar = Calendar(identifier: .gregorian)
    components.timeZone = TimeZone(identifier: "UTC")
    (components.year, components.month, components.day) = (year, month + 1, day)
    (components.hour, components.minute, components.second) = (hour, minute, second)
    guard var date = components.date else { return nil }
    if secondParts.count == 2, let fraction = Double("0." + secondParts[1]) { date += fraction }
    return date
}
