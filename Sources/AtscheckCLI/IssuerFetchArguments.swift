import ArgumentParsing
import ATSCheck

/// `--no-fetch` and `--connect-to`: how live checks complete an incomplete chain from its
/// caIssuers URL, as trustd does (docs/ats-rules.md#cert-incomplete-chain).
enum IssuerFetchArguments {
    static let noFetch = Flag("no-fetch", help: "Do not complete an incomplete served chain from its caIssuers URL (iOS does; by default atscheck does too, http:// only, 3 fetches, 64 KiB, 5 s each).")
    static let connectTo = Option<[ConnectTo]>("connect-to", value: "HOST:PORT:ADDRESS:PORT",
                                            help: "For atscheck's own fetches (caIssuers), connect to ADDRESS:PORT when a URL names HOST:PORT (as curl's --connect-to).")
    static let optionSpecs: [any OptionDeclaration] = [noFetch, connectTo]

    /// The options from the command line; a malformed `--connect-to` is a usage error.
    static func options(_ arguments: ParsedArguments) throws -> IssuerFetchOptions {
        var options = IssuerFetchOptions(enabled: !arguments[noFetch])
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
