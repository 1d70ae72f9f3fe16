import ATSLab
import ATSReport
import FoundationEssentials

extension LabReport {
    /// The report of `lab`'s endpoints and their `host` verdicts.
    init(lab: TLSLab, results: [LabCommand.Result]) {
        self.init(rootCAFile: lab.rootCAFile.path, evaluatedAt: LabCommand.evaluationTime, endpoints: results.map { result in
            Endpoint(profile: result.endpoint.profile.rawValue, summary: result.endpoint.profile.summary, address: result.endpoint.address,
                     port: result.endpoint.port, serverName: result.endpoint.serverName, host: HostReport(outcome: result.outcome))
        })
    }
}
