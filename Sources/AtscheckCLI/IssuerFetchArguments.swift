import ArgumentParsing
import ATSCheck
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--no-fetch`, `--connect-to`, `--ct-log-list-url` and `--ct-log-list-ca-file`: what live
/// checks fetch besides the server they check, as a device does: an incomplete chain's
/// issuer from its caIssuers URL (docs/ats-rules.md#cert-incomplete-chain), and Apple's
/// current CT log list when the one in use is older than 60 days (docs/ats-rules.md#apple-certificate-transparency).
enum IssuerFetchArguments {
    static let noFetch = Flag("no-fetch", help: "Fetch nothing but the servers checked: do not complete an incomplete served chain from its caIssuers URL (iOS does; by default atscheck does too, http:// only, 3 fetches, 64 KiB, 5 s each), and do not refresh a CT log list older than 60 days from Apple (at most once a day).")
    static let connectTo = Option<[ConnectTo]>("connect-to", value: "HOST:PORT:ADDRESS:PORT",
                                            help: "For atscheck's own fetches (caIssuers), connect to ADDRESS:PORT when a URL names HOST:PORT (as curl's --connect-to).")
    static let logListURL = Option<String?>("ct-log-list-url", value: "URL",
                                            help: "Refresh a stale CT log list from this https:// URL (a mirror) instead of Apple's; default $ATSCHECK_CT_LOG_LIST_URL (off: never refresh), else Apple's.")
    static let logListCAFile = Option<String?>("ct-log-list-ca-file", value: "PEM",
                                               help: "Trust only these roots when refreshing the CT log list (a mirror's private root); default $ATSCHECK_CT_LOG_LIST_CA_FILE.")
    static let allowPrivateFetch = Flag("allow-private-fetch", help: "Let caIssuers fetches and the CT log list refresh connect to loopback, link-local (cloud metadata), private and other non-public addresses; by default they are refused (a caIssuers fetch is allowed them when the server checked is itself at such an address). Also $ATSCHECK_ALLOW_PRIVATE_FETCH=1.")
    static let optionSpecs: [any OptionDeclaration] = [noFetch, allowPrivateFetch, connectTo, logListURL, logListCAFile]

    /// Where a stale CT log list is refreshed from: the options, else the environment, else
    /// Apple's URL; nil when the environment says `off` and no option names a URL.
    static func logListSource(_ arguments: ParsedArguments) throws -> CTLogListSource? {
        let environment = CTLogListSource.from(environment: ProcessInfo.processInfo.environment)
        guard let url = try arguments[logListURL] ?? environment?.url else { return nil }
        return CTLogListSource(url: url, caFile: try arguments[logListCAFile] ?? environment?.caFile, allowPrivate: allowsPrivate(arguments))
    }

    /// `--allow-private-fetch` or `ATSCHECK_ALLOW_PRIVATE_FETCH=1`.
    static func allowsPrivate(_ arguments: ParsedArguments) -> Bool {
        arguments[allowPrivateFetch] || ProcessInfo.processInfo.environment["ATSCHECK_ALLOW_PRIVATE_FETCH"] == "1"
    }

    /// The refresh a command that goes to the network makes at evaluation time `time`, nil
    /// under `--no-fetch`.
    static func logListRefresh(_ arguments: ParsedArguments, at time: Date, timeout: Double) throws -> TrustStoreOptions.LogListRefresh? {
        guard !arguments[noFetch], let source = try logListSource(arguments) else { return nil }
        return TrustStoreOptions.LogListRefresh(time: time, source: source, timeout: timeout)
    }

    /// The options from the command line; a malformed `--connect-to` is a usage error.
    static func options(_ arguments: ParsedArguments) throws -> IssuerFetchOptions {
        var options = IssuerFetchOptions(enabled: !arguments[noFetch])
        options.allowPrivate = allowsPrivate(arguments)
        options.connectTo = try arguments[connectTo].map(\.mapping)
        return options
    }
}

/// One `--connect-to HOST:PORT:ADDRESS:PORT` mapping, lowercased.
struct ConnectTo: ExpressibleByArgument {
    /// `host:port:address:port`, lowercased.
    let mapping: String

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 4, !parts[0].isEmpty, !parts[2].isEmpty,
              let from = UInt16(parts[1]), from > 0, let to = UInt16(parts[3]), to > 0 else { return nil }
        mapping = argument.lowercased()
    }

    static let argumentExpectation = "HOST:PORT:ADDRESS:PORT, e.g. ca.example.com:80:127.0.0.1:8080"

    var argumentDescription: String { mapping }
}
