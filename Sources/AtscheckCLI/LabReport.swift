import ATSLab

/// `atscheck lab --format json`: the lab and each endpoint's full `host` report.
struct LabReport: Encodable {
    let lab: TLSLab
    let results: [LabCommand.Result]

    private enum Keys: String, CodingKey { case schemaVersion, rootCAFile, evaluatedAt, endpoints }

    private struct EndpointReport: Encodable {
        let result: LabCommand.Result
        private enum CodingKeys: String, CodingKey { case profile, summary, address, port, serverName, host }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(result.endpoint.profile.rawValue, forKey: .profile)
            try container.encode(result.endpoint.profile.summary, forKey: .summary)
            try container.encode(result.endpoint.address, forKey: .address)
            try container.encode(result.endpoint.port, forKey: .port)
            try container.encode(result.endpoint.serverName, forKey: .serverName)
            try container.encode(HostReport(outcome: result.outcome), forKey: .host)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(1, forKey: .schemaVersion)
        try container.encode(lab.rootCAFile.path, forKey: .rootCAFile)
        try container.encode(LabCommand.evaluationTime, forKey: .evaluatedAt)
        try container.encode(results.map(EndpointReport.init), forKey: .endpoints)
    }
}
