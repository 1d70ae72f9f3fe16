import ATSWhy
import Testing

/// Hosts named in Apple's quotes, and WebKit's SSL error for a development server (issue 42).
@Suite("atscheck why: hosts in Apple's quotes, development servers")
struct MessageHostTests {
    @Test("a host in typographic or escaped quotes before 'certificate', or after 'pretending to be', is the command's host", arguments: [
        #"Error Domain=NSOSStatusErrorDomain Code=-67818 "“pos.example.net” certificate is expired" UserInfo={NSLocalizedDescription=“pos.example.net” certificate is expired}"#,
        #"Error Domain=NSOSStatusErrorDomain Code=-67818 "\"pos.example.net\" certificate is expired""#,
        #"Task <5F2C0A11-1B2C-4D5E-8F90-A1B2C3D4E5F6>.<1> finished with error [-1202] Error Domain=NSURLErrorDomain Code=-1202 "The certificate for this server is invalid. You might be connecting to a server that is pretending to be \"pos.example.net\" which could put your confidential information at risk." UserInfo={_kCFStreamErrorCodeKey=-9814, _kCFStreamErrorDomainKey=3}"#,
        #"The certificate for this server is invalid. You might be connecting to a server that is pretending to be “pos.example.net” which could put your confidential information at risk. (-1202)"#,
    ])
    func quotedHost(_ line: String) throws {
        let error = try #require(WhyScanner.decode(line).first)
        let command = try #require(error.command)
        #expect(command.contains("pos.example.net") && !command.contains("HOST"), "\(command)")
    }

    @Test("a quoted name with shell characters is no host: the command keeps its placeholder")
    func hostileQuotedName() throws {
        let error = try #require(WhyScanner.decode(#"Error Domain=NSOSStatusErrorDomain Code=-67818 "“a.b;touch$(id).example” certificate is expired""#).first)
        let command = try #require(error.command)
        #expect(!command.contains(";") && !command.contains("$(") && command.contains("HOST"), "\(command)")
    }

    @Test("a host one error names stands in for the error beside it that names none, when the paste names only that host")
    func pasteHost() throws {
        let paste = """
            Connection 1: default TLS Trust evaluation failed(-9814)
            Error Domain=NSOSStatusErrorDomain Code=-67818 "“pos.example.net” certificate is expired"




            Task <5F2C0A11-1B2C-4D5E-8F90-A1B2C3D4E5F6>.<1> finished with error [-1202] Error Domain=NSURLErrorDomain Code=-1202 "The certificate for this server is invalid." UserInfo={_kCFStreamErrorCodeKey=-9814}
            """
        let errors = WhyScanner.decode(paste)
        #expect(errors.count == 2)
        #expect(errors.allSatisfy { $0.command?.contains("pos.example.net") == true }, "\(errors.map(\.command))")
        let two = paste + "\n\n\n\nError Domain=NSOSStatusErrorDomain Code=-67818 \"“other.example.org” certificate is expired\""
        #expect(WhyScanner.decode(two).contains { $0.command?.contains("HOST") == true }, "two hosts named: no guess")
    }

    @Test("WebKit's SSL error for a development server ranks not-tls first, with the command that proves it", arguments: [
        ("https://192.168.1.20:8100/build/main.js", "atscheck host 192.168.1.20:8100"),
        ("https://localhost:3000/static/js/bundle.js", "atscheck host localhost:3000"),
        ("https://devbox.local:8443/app.js", "atscheck host devbox.local:8443"),
    ])
    func developmentServer(url: String, command: String) throws {
        let line = "[Error] Failed to load resource: An SSL error has occurred and a secure connection to the server cannot be made. (\(url), line 0)"
        let error = try #require(WhyScanner.decode(line).first)
        #expect(error.causes.first?.reason == "not-tls", "\(error.causes.map(\.reason))")
        #expect(error.command == command)
    }

    @Test("the same error for a public host, or at port 443, keeps certificate causes first")
    func publicServer() throws {
        for url in ["https://api.example.com:8443/v1", "https://192.168.1.20/app.js"] {
            let line = "[Error] Failed to load resource: An SSL error has occurred and a secure connection to the server cannot be made. (\(url), line 0)"
            let error = try #require(WhyScanner.decode(line).first)
            #expect(error.causes.first?.reason == "cert-untrusted", "\(url): \(error.causes.map(\.reason))")
        }
    }
}
