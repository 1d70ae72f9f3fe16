/// The `atscheck lab --format json` document: the lab and each endpoint's full host report
/// (docs/json-schema.md, "atscheck lab").
public struct LabReport: Codable, Sendable, Equatable {
    /// One lab server and the verdict `host` gave it.
    public struct Endpoint: Codable, Sendable, Equatable {
        /// The lab profile's name (`good-rsa`, `tls10-only`, …).
        public var profile: String
        /// One line saying what is wrong with this server.
        public var summary: String
        /// The address the server listens on.
        public var address: String
        /// The port the server listens on.
        public var port: UInt16
        /// The host name to send as SNI and check the certificate against; it does not resolve.
        public var serverName: String
        /// The full `host` document for this server.
        public var host: HostReport

        /// One endpoint's entry, with the host report `host` gave it.
        public init(profile: String, summary: String, address: String, port: UInt16, serverName: String, host: HostReport) {
            self.profile = profile
            self.summary = summary
            self.address = address
            self.port = port
            self.serverName = serverName
            self.host = host
        }
    }

    /// Encoded as `schemaVersion`: the document's schema version (``SchemaVersion/current``).
    public var schemaVersion = SchemaVersion.current
    /// The lab root, to trust as a user-installed root.
    public var rootCAFile: String
    /// The instant the verdicts were computed at (ISO 8601).
    public var evaluatedAt: String
    /// Every lab server, in the lab's order.
    public var endpoints: [Endpoint]

    /// The document for the lab rooted at `rootCAFile`, judged at `evaluatedAt` (ISO 8601).
    public init(rootCAFile: String, evaluatedAt: String, endpoints: [Endpoint]) {
        self.rootCAFile = rootCAFile
        self.evaluatedAt = evaluatedAt
        self.endpoints = endpoints
    }
}
