import ATSProbe
import ATSReport

extension HostReport {
    /// The report of one `host` run.
    init(options: HostOptions, outcome: HostCommand.Outcome) {
        self.init(endpoint: Endpoint(host: options.target.host, address: options.address, port: options.target.port),
                  url: options.target.url, time: options.time, verdict: outcome.verdict, observation: outcome.observation,
                  cipherSuites: outcome.cipherSuites, group: outcome.group, store: outcome.store, httpAnswer: outcome.httpAnswer)
    }
}
