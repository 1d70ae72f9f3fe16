import ATSPolicy
import Foundation
import Testing

// URLHost.of skips Foundation's IDNA step only where it cannot change the host; everywhere it
// must give what URLComponents.host gives.
@Suite("URLHost: URLComponents.host without IDNA for plain ASCII hosts")
struct URLHostTests {
    @Test("the same host as URLComponents.host", arguments: [
        "https://good.atscheck.test/", "https://GOOD.Example.COM:8443/x", "http://user@host.example:80/p?q#f",
        "https://[::1]:8443/", "https://127.0.0.1/", "https://xn--bcher-kva.example/", "https://XN--BCHER-KVA.example/",
        "https://a.xn--bcher-kva.example/", "https://bücher.example/", "https://a%2Eb.example/", "https://%E2%98%83.example/",
        "https://xn-a.example/", "https://axn--b.example/", "https://x/", "https://xn--/",
    ])
    func sameAsFoundation(url: String) throws {
        let components = try #require(URLComponents(string: url))
        #expect(URLHost.of(components) == components.host)
    }

    @Test("no host: nil, as URLComponents.host")
    func noHost() throws {
        let components = try #require(URLComponents(string: "mailto:someone"))
        #expect(URLHost.of(components) == nil && components.host == nil)
    }
}
