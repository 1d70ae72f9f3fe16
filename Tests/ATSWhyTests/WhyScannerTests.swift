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

    /// The shape Xcode prints for an NSError whose UserInfo holds certificate chains and a nested
    /// NSUnderlyingError (seen in public iOS 17-18 logs): the description runs over many lines.
    static let multiLine = """
    Task <7D1E2F30-1111-4A2B-9C3D-4E5F60718293>.<2> finished with error [-1202] Error Domain=NSURLErrorDomain Code=-1202 "The certificate for this server is invalid. You might be connecting to a server that is pretending to be “192.168.7.20” which could put your confidential information at risk." UserInfo={NSLocalizedRecoverySuggestion=Would you like to connect to the server anyway?, _kCFStreamErrorDomainKey=3, NSErrorPeerCertificateChainKey=(
        "<cert(0x1040a8000) s: devbox i: devbox>"
    ), NSErrorClientCertificateStateKey=0, NSErrorFailingURLKey=https://192.168.7.20:8443/api/ping, NSErrorFailingURLStringKey=https://192.168.7.20:8443/api/ping, NSUnderlyingError=0x600000c81230 {Error Domain=kCFErrorDomainCFNetwork Code=-1202 "(null)" UserInfo={_kCFStreamPropertySSLClientCertificateState=0, kCFStreamPropertySSLPeerTrust=<SecTrustRef: 0x600003d1c000>, _kCFNetworkCFStreamSSLErrorOriginalValue=-9813, _kCFStreamErrorDomainKey=3, _kCFStreamErrorCodeKey=-9813, kCFStreamPropertySSLPeerCertificates=(
        "<cert(0x1040a8000) s: devbox i: devbox>"
    )}}, _NSURLErrorRelatedURLSessionTaskErrorKey=(
        "LocalDataTask <7D1E2F30-1111-4A2B-9C3D-4E5F60718293>.<2>"
    ), _kCFStreamErrorCodeKey=-9813, _NSURLErrorFailingURLSessionTaskErrorKey=LocalDataTask <7D1E2F30-1111-4A2B-9C3D-4E5F60718293>.<2>, NSLocalizedDescription=The certificate for this server is invalid.}
    """

    @Test("an NSError description printed over many lines is one error, with its URL and nested codes")
    func multiLineDescription() throws {
        let text = "2026-12-04 10:00:00 MyApp[1:2] [UI] noise\n" + Self.multiLine + "\n2026-12-04 10:00:01 MyApp[1:2] [UI] more noise"
        let errors = WhyScanner.decode(text)
        #expect(errors.count == 1)
        let error = try #require(errors.first)
        #expect(error.firstLine == 2 && error.lastLine == 8, "lines \(error.firstLine)-\(error.lastLine)")
        #expect(error.url == "https://192.168.7.20:8443/api/ping")
        #expect(Set(error.codes.map(\.code)).isSuperset(of: [-1202, -9813]))
        #expect(error.causes.first?.reason == "cert-untrusted")
    }

    @Test("a many-line description cut off before its brackets close is still read")
    func multiLineTruncated() throws {
        let cut = Self.multiLine.split(separator: "\n").prefix(4).joined(separator: "\n")
        let errors = WhyScanner.decode(cut)
        #expect(errors.count == 1)
        #expect(errors.first?.codes.contains { $0.code == -1202 } == true)
        #expect(errors.first?.lastLine == 4)
    }

    @Test("the same failure printed again by the app is one error with the facts of both; another failure is not folded")
    func repeatsFolded() throws {
        let system = "Task <5A>.<1> HTTP load failed, 0/0 bytes (error code: -1200 [3:-9802])"
        let app = #"2026-12-04 10:00:00.100 MyApp[1:2] <Net/ERROR> request failed: Error Domain=NSURLErrorDomain Code=-1200 "An SSL error has occurred and a secure connection to the server cannot be made." UserInfo={_kCFStreamErrorCodeKey=-9802, _kCFStreamErrorDomainKey=3, NSErrorFailingURLKey=https://api.example.com/}"#
        let folded = WhyScanner.decode([system, "Task <5A>.<1> finished with error - code: -1200", app].joined(separator: "\n"))
        #expect(folded.count == 1)
        #expect(folded.first?.url == "https://api.example.com/")
        #expect(folded.first.map { ($0.firstLine, $0.lastLine) } ?? (0, 0) == (1, 3))
        let other = "Task <6B>.<1> finished with error [-1009] Error Domain=NSURLErrorDomain Code=-1009 \"The Internet connection appears to be offline.\""
        #expect(WhyScanner.decode([system, app, other].joined(separator: "\n")).count == 2)
        let elsewhere = app.replacingOccurrences(of: "https://api.example.com/", with: "https://cdn.example.net/")
        #expect(WhyScanner.decode([app, elsewhere].joined(separator: "\n")).count == 2)
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

extension WhyScannerTests {
    @Test("a paste of nothing but error lines keeps the first 10,000 errors and counts the rest")
    func errorCap() {
        var scanner = WhyScanner()
        for index in 0..<(WhyScanner.maximumErrors + 25) {
            scanner.feed("Task <A-\(index)>.<1> finished with error [-1001] Error Domain=NSURLErrorDomain Code=-1001 \"The request timed out.\"")
        }
        #expect(scanner.errorsNotKept == 25)
        let errors = scanner.errors()
        #expect(errors.count == WhyScanner.maximumErrors)
        #expect(errors.last?.firstLine == WhyScanner.maximumErrors)
    }

    @Test("a run of evidence lines that never ends a task is cut into errors of at most 1,000 lines")
    func lineCap() {
        var scanner = WhyScanner()
        for _ in 0..<2_500 {
            scanner.feed("[boringssl] boringssl_context_handle_fatal_alert(1991) [C1:1][0x1] read alert, level: fatal, description: protocol version")
        }
        let errors = scanner.errors()
        #expect(errors.map { $0.lastLine - $0.firstLine + 1 } == [1_000, 1_000, 500])
        #expect(scanner.errorsNotKept == 0)
    }
}
