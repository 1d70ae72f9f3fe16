import ArgumentParsing
import ATSCheck

/// `--no-fetch` and `--connect-to`: how live checks complete an incomplete chain from its
/// caIssuers URL, as trustd does (docs/ats-rules.md#cert-incomplete-chain).
enum IssuerFetchArguments {
    static let noFetch = Flag("no-fetch", help: "Do not complete an incomplete served chain from its caIssuers URL (iOS does; by default atscheck does too, http:// only, 3 fetches, 64 KiB, 5 s each).")
    static let connectTo = Option<[String]>("connect-to", value: "HOST:PORT:ADDRESS:PORT",
                                            help: "For atscheck's own fetches (caIssuers), connect to ADDRESS:PORT when a URL names HOST:PORT (as curl's --connect-to).")
    static let optionSpecs: [any OptionDeclaration] = [noFetch, connectTo]

    /// The options from the command line; a malformed `--connect-to` is a usage error.
    static func options(_ arguments: ParsedArguments, command: String) throws -> IssuerFetchOptions {
        var options = IssuerFetchOptions(enabled: !arguments[noFetch])
        for mapping in try arguments[connectTo] {
            let parts = mapping.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 4, !parts[0].isEmpty, !parts[2].isEmpty,
                  let from = UInt16(parts[1]), from > 0, let to = UInt16(parts[3]), to > 0 else {
                throw UsageError(command: command, message: "invalid value '\(mapping)' for '--connect-to' (expected HOST:PORT:ADDRESS:PORT, e.g. ca.example.com:80:127.0.0.1:8080)")
            }
            options.connectTo.append(mapping.lowercased())
        }
        return options
    }
}
