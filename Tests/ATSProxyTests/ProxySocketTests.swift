import ATSSocket
import Testing
@testable import ATSProxy

@Suite("the proxy's sockets")
struct ProxySocketTests {
    @Test("the proxy's listener reports the port it is bound to, IPv4 and IPv6", arguments: ["127.0.0.1", "::1"])
    func listenerPort(address: String) throws {
        let listener = try ProxySocket.listen(address: address, port: 0)
        defer { ProxySocket.close(listener.fd) }
        #expect(listener.port != 0)
        #expect(try Socket(descriptor: listener.fd).localAddress().port == listener.port)
        let client = try ProxySocket.connect(host: address, port: listener.port, timeout: 5)
        defer { ProxySocket.close(client) }
        let accepted = try #require(ProxySocket.accept(listener.fd))
        defer { ProxySocket.close(accepted.fd) }
        #expect(accepted.peer == address)
        #expect(ProxySocket.write(client, Array("ping".utf8)))
        #expect(ProxySocket.read(accepted.fd) == Array("ping".utf8))
    }
}
