import ATSWhy
import Testing

/// Lines built to make the scanner's patterns backtrack (issue 43: a 40 KB line of `“` took
/// over a minute, 126 KB of repeated `didFailProvisionalLoadForFrame:` 54 s): the error they
/// end with is still decoded. Linearity itself is measured by Benchmarks/why-long-line.sh, not here.
@Suite("atscheck why: hostile line shapes")
struct HostileLineTests {
    /// Each shape: noise repeated before a real line of the same kind, and what must be read from it.
    static let shapes: [(name: String, noise: String, line: String, code: Int, top: String?)] = [
        ("typographic quotes", "“", #"Error Domain=NSOSStatusErrorDomain Code=-67818 "“pos.example.net” certificate is expired""#, -67818, "cert-expired"),
        ("WebKit load failures without a code", "WebPageProxy::didFailProvisionalLoadForFrame: frameID=1, ",
         "WebPageProxy::didFailProvisionalLoadForFrame: frameID=1, isMainFrame=1, domain=NSURLErrorDomain, code=-1022, isMainFrame=1", -1022, "insecure-http"),
        ("certificate details never closed", "Certificate 0 “",
         #"Error Domain=NSOSStatusErrorDomain Code=-67818 "Certificate 1 “R3” has errors: Certificate is not temporally valid;""#, -67818, "cert-expired"),
        ("NSURLErrorDomain fragments", "Error Domain=NSURLErrorDomain NSURLErrorDomain ",
         #"Error Domain=NSURLErrorDomain Code=-1022 "x" UserInfo={NSErrorFailingURLStringKey=http://api.example.com/v1}"#, -1022, "insecure-http"),
        ("Safari lines without a URL", "Failed to load resource: (",
         "[Error] Failed to load resource: An SSL error has occurred and a secure connection to the server cannot be made. (https://localhost:3000/app.js, line 0)", -1200, "not-tls"),
        ("TIC lines never closed", "TIC TCP Conn Failed [", "TIC TCP Conn Failed [28:0x1c0179f80]: 1:54 Err(54)", 54, "connection-failed"),
        ("trust checks never closed", "Trust evaluate failure: [leaf ", "Trust evaluate failure: [leaf SSLHostname]", 0, "cert-hostname-mismatch"),
        ("brackets and stream pairs", "-1 [1:", "Task <A>.<1> HTTP load failed, 0/0 bytes (error code: -1200 [3:-9836])", -9836, "tls-version-too-low"),
    ]

    @Test("a line of 2,000 repeated fragments, then the real error on the same line: decoded as the error alone is")
    func repeatedFragments() throws {
        for shape in Self.shapes {
            let alone = try #require(WhyScanner.decode(shape.line).first, "\(shape.name)")
            let error = try #require(WhyScanner.decode(String(repeating: shape.noise, count: 2_000) + " " + shape.line).first, "\(shape.name)")
            if shape.code != 0 { #expect(error.codes.contains { $0.code == shape.code }, "\(shape.name): \(error.codes.map(\.code))") }
            #expect(error.causes.first?.reason == shape.top, "\(shape.name): \(error.causes.map(\.reason))")
            #expect(error.causes.first?.reason == alone.causes.first?.reason, "\(shape.name)")
            #expect(error.command == alone.command, "\(shape.name)")
        }
    }

    @Test("the real error first, then the fragments: decoded too")
    func fragmentsAfter() throws {
        for shape in Self.shapes {
            let error = try #require(WhyScanner.decode(shape.line + " " + String(repeating: shape.noise, count: 2_000)).first, "\(shape.name)")
            #expect(error.causes.first?.reason == shape.top, "\(shape.name): \(error.causes.map(\.reason))")
        }
    }

    @Test("an alert line whose description follows 2,000 fragments keeps its description")
    func alertAtTheEnd() throws {
        let line = String(repeating: "read alert, level: fatal, description: [", count: 2_000)
            + " [boringssl] boringssl_context_handle_fatal_alert(1991) [C1:1][0x1] read alert, level: fatal, description: protocol version  "
        let error = try #require(WhyScanner.decode(line).first)
        #expect(error.causes.first?.reason == "tls-version-too-low", "\(error.causes.map(\.reason))")
        #expect(error.codes.contains { $0.code == 70 }, "\(error.codes.map(\.code))")
    }

    @Test("a line of 5,000 distinct codes and URLs after a real error: the error's own facts come first, each kind kept to 64")
    func distinctFlood() throws {
        let real = #"Task <A>.<1> finished with error [-1022] Error Domain=NSURLErrorDomain Code=-1022 "x" UserInfo={NSErrorFailingURLStringKey=http://api.example.com/v1}"#
        let flood = (1...5_000).map { "Error Domain=NSOSStatusErrorDomain Code=-\(70_000 + $0) NSErrorFailingURLKey=http://h\($0).example/, " }.joined()
        let error = try #require(WhyScanner.decode(real + " " + flood).first)
        #expect(error.causes.first?.reason == "insecure-http", "\(error.causes.map(\.reason))")
        #expect(error.url == "http://api.example.com/v1")
        #expect(error.codes.count <= 70, "\(error.codes.count)")
    }

    @Test("3,000 repeats of one task's failure fold into one error over every line; another task's failure after them stays apart")
    func repeatedFailure() throws {
        let line = #"Task <A>.<1> finished with error [-1001] Error Domain=NSURLErrorDomain Code=-1001 "The request timed out." UserInfo={NSErrorFailingURLKey=https://api.example.com/v1}"#
        let other = #"Task <B>.<1> finished with error [-1009] Error Domain=NSURLErrorDomain Code=-1009 "The Internet connection appears to be offline.""#
        let errors = WhyScanner.decode(Array(repeating: line, count: 3_000).joined(separator: "\n") + "\n" + other)
        #expect(errors.count == 2)
        #expect(errors.first.map { ($0.firstLine, $0.lastLine) } ?? (0, 0) == (1, 3_000))
        #expect(errors.first?.causes.first?.reason == "timeout" && errors.first?.url == "https://api.example.com/v1")
        #expect(errors.last?.firstLine == 3_001)
    }
}
