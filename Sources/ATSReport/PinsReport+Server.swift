import ATSCertificates
import ATSCheck
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PinsReport {
    /// The pins of `chain` as a device builds it: validated against `store` at `time` and, when
    /// a server (`source` `.server`) sent it incomplete, completed from its caIssuers URLs as
    /// trustd does (when `issuerFetch` allows), so the CA pins offered are those of the chain a
    /// device builds. Each fetch is reported: the URLs used in `fetchedFrom`, failures in
    /// `problems`. `serverAddress` is the address the chain came from (the fetch's private-address
    /// rule exempts it).
    public static func judged(_ chain: [Certificate], store: TrustStore, source: Source, host: String?, serverAddress: String?,
                              at time: Date, issuerFetch: IssuerFetchOptions) throws -> PinsReport {
        var chain = chain
        var validation = PathValidator.validate(chain, store: store, at: time)
        var fetches: [IssuerFetch] = []
        if source.kind == .server, issuerFetch.enabled, validation.failures.contains(where: { $0.kind == .issuerNotFound }) {
            let completion = IssuerFetching.complete(chain, evaluator: TrustEvaluator(store: store), host: host, at: time,
                                                     options: issuerFetch.forServer(at: serverAddress), cache: IssuerFetchCache())
            fetches = completion.fetches
            if !completion.issuers.isEmpty {
                chain += completion.issuers
                validation = PathValidator.validate(chain, store: store, at: time)
            }
        }
        var report = try PinsReport(chain: chain, validation: validation, source: source, host: host, time: time)
        report.fetchedFrom = fetches.filter { $0.failure == nil }.map(\.url)
        report.problems += fetches.compactMap { fetch in fetch.failure.map { "caIssuers fetch \(fetch.url) failed: \($0)" } }
        return report
    }
}
