import ArgumentParsing
import ATSCheck
import ATSPolicy
import ATSVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ATSPinning

/// `atscheck host`'s arguments, validated once.
struct HostOptions {
    let target: CheckTarget
    let policyPath: String?
    let policyDocument: PlistDocument?
    let context: LoadContext
    let resolution: ResolutionOptions
    var trustStore: TrustStoreOptions
    let address: String?
    let sni: String?
    let time: Date
    let timeout: Double
    let enumerateCiphers: Bool
    let probeHTTP: Bool
    /// `--pins FILE`: TrustKit / Android pin policies checked against the built chain.
    var pinPolicies: [PinPolicy] = []
    /// Problems found while reading `--pins` (printed as warnings).
    var pinProblems: [String] = []
    /// `--no-fetch`, `--connect-to`.
    var issuerFetch = IssuerFetchOptions()
    /// `--verbose`: every connection rule's outcome.
    var verbose = false

    /// The target with `--address` and `--sni` applied.
    var checkTarget: CheckTarget {
        var target = target
        target.address = address
        target.serverName = sni
        return target
    }

    /// How the check is made.
    var checkOptions: CheckOptions {
        var options = CheckOptions(policyDocument: policyDocument, context: context, subdomainDepth: resolution.subdomainDepth,
                                   legacyKeys: resolution.legacyKeys, time: time, timeout: timeout,
                                   enumerateCiphers: enumerateCiphers, probeHTTP: probeHTTP, extraPins: pinPolicies)
        options.issuerFetch = issuerFetch
        return options
    }
}

extension HostOptions {
    /// Why `name` cannot be sent as a TLS server name (RFC 6066: a DNS host name, at most 255
    /// bytes; DNS: labels of 1 to 63 bytes, 253 in all), nil when it can.
    static func serverNameProblem(_ name: String) -> String? {
        let trimmed = name.hasSuffix(".") ? String(name.dropLast()) : name
        if trimmed.isEmpty { return "empty" }
        if trimmed.utf8.count > 253 { return "\(trimmed.utf8.count) bytes; a DNS name has at most 253" }
        let labels = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        if labels.contains(where: \.isEmpty) { return "an empty label" }
        if let long = labels.first(where: { $0.utf8.count > 63 }) { return "a label of \(long.utf8.count) bytes; at most 63" }
        if trimmed.unicodeScalars.contains(where: { !($0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-" || $0 == "_" || $0 == ".")) }) {
            return "only letters, digits, '-', '_' and '.' (write an internationalised name in its xn-- form)"
        }
        return nil
    }

    /// Reads and validates the command line.
    init(_ arguments: ParsedArguments) throws {
        typealias Command = HostCommand
        let command = Command.spec.name
        let port = try arguments[Command.port]
        let raw = URLArgument.withoutCredentials(arguments[Command.target][0], command: command)
        guard let target = CheckTarget.parse(raw, portOverride: port) else {
            throw UsageError(command: command, message: "invalid target '\(raw)' (expected name, name:port, [v6]:port, an IP, or an http(s):// URL)")
        }
        let address = try arguments[Command.address]
        let timeout = try arguments[Command.timeout].seconds
        let sni = try arguments[Command.sni]
        if let sni, let problem = Self.serverNameProblem(sni) {
            throw UsageError(command: command, message: "invalid --sni '\(TerminalText.safe(String(sni.prefix(80))))\(sni.count > 80 ? "…" : "")': \(problem)")
        }
        let policyPath = try arguments[Command.policy]
        self.init(target: target, policyPath: policyPath, policyDocument: try PolicyOptions.loadDocument(arguments, policy: Command.policy),
                  context: try arguments[Command.context],
                  resolution: try PolicyOptions.resolutionOptions(arguments),
                  trustStore: try TrustStoreOptions(arguments, command: command),
                  address: address?.text, sni: sni,
                  time: try arguments[Command.at] ?? Date(), timeout: timeout,
                  enumerateCiphers: arguments[Command.ciphers], probeHTTP: arguments[Command.probeHTTP])
        issuerFetch = try IssuerFetchArguments.options(arguments)
        trustStore.logListRefresh = try IssuerFetchArguments.logListRefresh(arguments, at: time, timeout: timeout)
        verbose = arguments[Command.verbose]
        if let pinsPath = try arguments[Command.pins] {
            let loaded = try HostPinsFile.load(pinsPath)
            pinPolicies = loaded.policies
            pinProblems = loaded.problems.map { "\(pinsPath): \($0)" }
        }
    }
}
