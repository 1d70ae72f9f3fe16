import Testing
@testable import AtscheckSystem

@Suite("Numeric host resolution")
struct ResolverTests {
    @Test func resolvingLiteralsAndRefusingNames() throws {
        let v4 = try Resolver.resolve("127.0.0.1", port: 8443, numericHost: true)
        #expect(v4.map(\.description) == ["127.0.0.1:8443"])
        let v6 = try Resolver.resolve("::1", port: 443, numericHost: true)
        #expect(v6.map(\.description) == ["[::1]:443"])
        #expect(v6.first?.port == 443)
        let error = #expect(throws: SocketError.self) { try Resolver.resolve("not-an-ip", port: 1, numericHost: true) }
        #expect(error?.call == "getaddrinfo")
    }
}
