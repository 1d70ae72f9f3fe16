/// The `atscheck lab --format json` document: the lab and each endpoint's full host report
/// (docs/json-schema.md, "atscheck lab").
public struct LabReport: Codable, Sendable, Equatable {
    /// One lab server and the verdict `host` gave it.
    public struct Endpoint: Codable, Sendable, Equatable {
        public var profile: String
        public var summary: String
        public var address: String
        public var port: UInt16
        public var serverName: String
        public var host: HostReport

        public init(profile: String, summary: String, address: String, port: UInt16, serverName: String, host: HostReport) {
            self.profile = profile
            self.summary = summary
            self.address = address
            self.port = port
            self.serverName = serverName
            self.host = host
        }
    }

    public var schemaVersion = SchemaVersion.current
    /// The lab root, to trust as a user-installed root.
    public var rootCAFile: String
    /// The instant the verdicts were computed at (ISO 8601).
    public var evaluatedAt: String
    public var endpoints: [Endpoint]

    public init(rootCAFile: String, evaluatedAt: String, endpoints: [Endpoint]) {
        self.rootCAFile = rootCAFile
        self.evaluatedAt = evaluatedAt
        self.endpoints = endpoints
    }
}
