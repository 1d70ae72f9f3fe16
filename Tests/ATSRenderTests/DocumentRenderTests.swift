import ATSCertificates
import ATSJSON
import ATSLint
import ATSPolicy
import ATSRender
import ATSReport
import ATSVocabulary
import ATSWhy
import AtscheckTestSupport
import Foundation
import Testing

/// Renderers called in-process on documents the real libraries build from real inputs; where a
/// golden file holds what the CLI prints for the same input, the bytes must match it.
@Suite struct DocumentRenderTests {
    static let root = RepositoryLayout.packageRoot

    static func golden(_ name: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("Tests/Golden/\(name)"), encoding: .utf8)
    }

    static func lint(_ relativePaths: [String]) throws -> [FileReport] {
        try relativePaths.map { path in
            Linter().lint(try Data(contentsOf: root.appendingPathComponent(path)), path: path)
        }
    }

    static let lintInputs = ["Tests/Golden/Inputs/app-project/App/Info.plist", "Policies/third-party-insecure.plist"]

    @Test("why: the Markdown of a decoded log is the golden file's")
    func whyMarkdown() throws {
        let log = #"Task <3F2A9C1E-6B7D-4E10-9A55-0C2B8D1E7F40>.<1> finished with error [-1022] Error Domain=NSURLErrorDomain Code=-1022 "The resource could not be loaded because the App Transport Security policy requires the use of a secure connection." UserInfo={NSErrorFailingURLStringKey=http://api.example.com/v1/items, NSErrorFailingURLKey=http://api.example.com/v1/items}"#
        var scanner = WhyScanner()
        scanner.feed(text: log)
        let errors = scanner.errors()
        #expect(WhyTextRenderer.markdown(errors, truncatedAtBytes: nil) == (try Self.golden("why-markdown.md")))
        let text = WhyTextRenderer.text(errors, truncatedAtBytes: nil)
        #expect(text.contains("NSURLErrorAppTransportSecurityRequiresSecureConnection"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= TerminalText.lineWidth || !$0.dropFirst(8).contains(" ") })
    }

    @Test("lint: Markdown and GitHub output of two linted files are the golden files'")
    func lintGolden() throws {
        let reports = try Self.lint(Self.lintInputs)
        #expect(MarkdownReporter.render(reports) == (try Self.golden("lint-markdown.md")))
        #expect(GitHubReporter.render(reports) == (try Self.golden("lint-github.txt")))
    }

    @Test("lint: text and JSON of the same findings agree")
    func lintTextAndJSON() throws {
        let reports = try Self.lint(Self.lintInputs)
        let findings = reports.flatMap(\.findings)
        #expect(!findings.isEmpty)
        let text = TextReporter.render(reports)
        let json = JSONReporter.render(reports)
        for finding in findings {
            #expect(text.contains("[\(finding.rule)]"))
            #expect(json.contains("\"rule\" : \"\(finding.rule)\""))
        }
        #expect(try JSONStyle.text(JSONReporter.document(reports)) == json)
    }

    @Test("explain: a real policy's exception, wrapped to 80 columns but for unbreakable words")
    func explain() throws {
        let data = try Data(contentsOf: RepositoryLayout.policies.appendingPathComponent("third-party-insecure.plist"))
        let policy = AppTransportSecurity(document: try PlistReader.read(data))
        let resolution = try ATSResolver.resolve("http://feeds.example.org/rss", context: .urlSession, policy: policy)
        let text = ExplainTextRenderer.render(resolution, policyPath: "Policies/third-party-insecure.plist")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "http://feeds.example.org/rss")
        #expect(text.contains("  applies: NSExceptionDomains entry 'feeds.example.org'"))
        #expect(text.contains("\nALLOWED: cleartext http:// is permitted for this host\n"))
        // Only a word longer than a line (a source function's name here) may pass the width, alone after its indent.
        let long = lines.filter { $0.count > TerminalText.lineWidth }
        #expect(long.allSatisfy { !$0.drop { $0 == " " }.contains(" ") }, "\(long)")
    }

    @Test("explain: a hostile policy path cannot move the cursor or forge a line")
    func explainHostile() throws {
        let policy = AppTransportSecurity(document: try PlistReader.read(Data("<dict/>".utf8)))
        let resolution = try ATSResolver.resolve("http://a.example/", context: .urlSession, policy: policy)
        let text = ExplainTextRenderer.render(resolution, policyPath: "x\n::error::y\u{1B}[2J\u{202E}", policyOrigin: "\u{1B}]0;t\u{07}")
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("::") })
    }

    @Test("cert: a real certificate's block; a 64-digit fingerprint ends at column 80")
    func certificate() throws {
        let path = RepositoryLayout.testCerts.appendingPathComponent("chain-full.pem").path
        let certificates = try CertificateLoader.load(atPath: path)
        #expect(certificates.count > 1)
        let loaded = certificates.enumerated().map { LoadedCertificate(certificate: $1, file: "chain-full.pem", position: $0) }
        let text = CertTextRenderer.render(loaded, evaluation: nil, store: nil, target: .latest)
        let fingerprints = text.split(separator: "\n").filter { $0.hasPrefix("  SHA-256:") }
        #expect(fingerprints.count == certificates.count)
        #expect(fingerprints.allSatisfy { $0.count == TerminalText.lineWidth })
        #expect(text.hasPrefix("Certificate 0 (leaf)\n  From:         chain-full.pem\n"))
    }
}
