import ATSVocabulary
import ATSWhy
import AtscheckTestSupport
import Foundation
import Testing

/// The scanner on pastes as they come: noise, several errors, cut-off text, huge dumps.
@Suite("atscheck why: scanning pasted logs")
struct WhyScannerTests {
    static let cleartext = #"Task <3F2A9C1E-6B7D-4E10-9A55-0C2B8D1E7F40>.<1> finished with error [-1022] Error Domain=NSURLErrorDomain Code=-1022 "The resource could not be loaded because the App Transport Security policy requires the use of a secure connection." UserInfo={NSErrorFailingURLStringKey=http://api.example.com/v1/items}"#
    static let trust = """
    2022-03-30 03:23:17.511459+0300 App[10271:4471591] Connection 77: strict TLS Trust evaluation failed(-9802)
    2022-03-30 03:23:17.512571+0300 App[10271:4471591] Task <4F7E00BD-2CB7-4055-A8DF-69CD9F562800>.<54> HTTP load failed, 0/0 bytes (error code: -1200 [3:-9802])
    """

    @Test("several errors in a noisy dump are found apart, each with its line span")
    func multipleErrors() throws {
        let noise = (1...5).map { "2026-12-04 10:00:0\($0) MyApp[1:2] [UI] view did appear \($0)" }.joined(separator: "\n")
        let text = [noise, Self.cleartext, noise, Self.trust, noise,
                    "Task <B>.<2> finished with error [-1009] Error Domain=NSURLErrorDomain Code=-1009 \"The Internet connection appears to be offline.\""]
            .joined(separator: "\n")
        let errors = WhyScanner.decode(text)
        #expect(errors.count == 3)
        #expect(errors.map(\.firstLine) == [6, 12, 19])
        #expect(errors[1].lastLine == 13)
        #expect(errors[0].causes.first?.reason == "insecure-http")
        #expect(errors[1].atsEnforced == .yes)
        #expect(errors[2].causes.isEmpty)
        #expect(errors[2].notATS?.hasPrefix("this is not ATS: the device is offline") == true)
    }

    @Test("a paste cut off mid-description still yields what it holds")
    func truncated() throws {
        let cut = String(Self.cleartext.prefix(120))
        let error = try #require(WhyScanner.decode(cut).first)
        #expect(error.codes.first?.code == -1022)
        #expect(error.url == nil)
        #expect(error.command == "atscheck explain http://HOST/ --policy Info.plist")
    }

    @Test("text with no error decodes to nothing")
    func nothing() {
        #expect(WhyScanner.decode("hello\nworld\n").isEmpty)
        #expect(WhyScanner.decode("").isEmpty)
    }

    @Test("unknown codes are named unknown with their domain, never guessed")
    func unknownCodes() throws {
        let error = try #require(WhyScanner.decode(#"Error Domain=NSURLErrorDomain Code=-4242 "odd" UserInfo={}"#).first)
        #expect(error.codes.first?.symbol == nil)
        #expect(error.codes.first?.meaning == "unknown code in NSURLErrorDomain")
        #expect(error.causes.isEmpty)
        let other = try #require(WhyScanner.decode(#"Error Domain=MyAppErrorDomain Code=7 "x""#).first)
        #expect(other.codes.first?.domain == "MyAppErrorDomain")
        #expect(other.codes.first?.symbol == nil)
    }

    @Test("a 50 MB paste with one error at the end: the error is found, line by line")
    func largePaste() throws {
        var scanner = WhyScanner()
        let noise: Substring = "2026-12-04 10:00:00.000000+0000 MyApp[123:456] [UI] rendered cell 12345 of the feed list view"
        let lines = 50 * 1024 * 1024 / (noise.utf8.count + 1)
        for _ in 0..<lines { scanner.feed(noise) }
        scanner.feed(text: Self.cleartext)
        let errors = scanner.errors()
        #expect(errors.count == 1)
        #expect(errors.first?.firstLine == lines + 1)
        #expect(errors.first?.causes.first?.reason == "insecure-http")
    }

    @Test("every reason code of docs/ats-rules.md has a log signature the decoder maps back, or says why none exists")
    func everyReasonHasASignature() throws {
        let rules = try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("docs/ats-rules.md"), encoding: .utf8)
        let reasons = ReasonCode.allCases.map(\.rawValue) + ConnectionReasonCode.allCases.map(\.rawValue)
        for reason in reasons {
            #expect(rules.contains(reason), "\(reason) is not in docs/ats-rules.md")
            switch ReasonSignatures.signature(for: reason) {
            case let .log(_, sample):
                let decoded = WhyScanner.decode(sample).flatMap(\.causes).map(\.reason)
                #expect(decoded.contains(reason), "\(reason): the sample decodes to \(decoded)")
            case let .noLog(why):
                #expect(!why.isEmpty)
            case nil:
                Issue.record("\(reason) has no signature entry")
            }
        }
    }
}
