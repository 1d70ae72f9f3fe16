import AtscheckSystem
import Testing
@testable import ATSProxy

@Suite("the proxy's sockets")
struct ProxyEndpointsTests {
    @Test("the proxy's listener reports the port it is bound to, IPv4 and IPv6", arguments: ["127.0.0.1", "::1"])
    func listenerPort(address: String) throws {
        let listener = try ProxyEndpoints.listen(address: address, port: 0)
        #expect(listener.port != 0)
        #expect(try listener.socket.localAddress().port == listener.port)
        let client = try ProxyEndpoints.connect(host: address, port: listener.port, timeout: 5)
        let accepted = try listener.socket.accept()
        #expect(accepted.peer.ipText == address)
        #expect(client.trySendAll(Array("ping".utf8)))
        #expect(accepted.socket.tryReceive() == Array("ping".utf8))
    }

    @Test("a port already taken is refused with the address in the message")
    func bindFailureNamesTheAddress() throws {
        let taken = try ProxyEndpoints.listen(address: "127.0.0.1", port: 0)
        let error = #expect(throws: ProxyEndpoints.Failure.self) { try ProxyEndpoints.listen(address: "127.0.0.1", port: taken.port) }
        #expect(error?.description.hasPrefix("bind 127.0.0.1:\(taken.port): ") == true)
    }
}
