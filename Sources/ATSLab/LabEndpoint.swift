import ATSVocabulary

/// Where one lab server listens.
public struct LabEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// The profile served here.
    public let profile: LabProfile
    /// The host name clients should send as SNI and check the certificate against
    /// (``LabProfile/serverName``); it does not resolve, so connect to ``address``.
    public let serverName: String
    /// The IP literal the server is bound to, e.g. `127.0.0.1`.
    public let address: String
    /// The TCP port.
    public let port: UInt16

    /// Creates an endpoint description (the lab creates these; tests may too).
    public init(profile: LabProfile, serverName: String, address: String, port: UInt16) {
        self.profile = profile
        self.serverName = serverName
        self.address = address
        self.port = port
    }

    /// `address:port`, with brackets around an IPv6 address.
    public var hostAndPort: String {
        HostPort.format(host: address, port: port)
    }

    /// `profile at address:port (serverName)`.
    public var description: String { "\(profile.rawValue) at \(hostAndPort) (\(serverName))" }
}
