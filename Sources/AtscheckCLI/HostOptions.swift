import ATSVocabulary
import ArgumentParsing
import ATSCheck
import ATSPolicy
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
    let trustStore: TrustStoreOptions
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

    /// The target with `--address` and `--sni` applied.
    var checkTarget: CheckTarget {
        var target = target
        target.address = address
        target.serverName = sni
        return target
    }

    /// How the check is made.
    var checkOptions: CheckOptions {
        var options = CheckOptions(policyDocument: policyDocument, context: context, resolution: resolution, time: time, timeout: timeout,
                                   enumerateCiphers: enumerateCiphers, probeHTTP: probeHTTP, extraPins: pinPolicies)
        options.issuerFetch = issuerFetch
        return options
    }
}

extension HostOptions {
    /// Reads and validates the command line.
    init(_ arguments: ParsedArguments) throws {
        let command = HostCommand.spec.name
        var port: UInt16? = nil
        if let text = arguments.value("port") {
            guard let value = UInt16(text), value > 0 else {
                throw UsageError(command: command, message: "invalid value '\(text)' for '--port' (expected 1-65535)")
            }
            port = value
        }
        let raw = arguments.positional("TARGET")[0]
        guard let target = CheckTarget.parse(raw, portOverride: port) else {
            throw UsageError(command: command, message: "invalid target '\(raw)' (expected name, name:port, [v6]:port, an IP, or an http(s):// URL)")
        }
        if let address = arguments.value("address"), IPAddress(address, allowingZone: false) == nil {
            throw UsageError(command: command, message: "invalid value '\(address)' for '--address' (expected an IPv4 or IPv6 address)")
        }
        let timeoutText = arguments.value("timeout") ?? "10"
        guard let timeout = Double(timeoutText), timeout > 0, timeout <= 600 else {
            throw UsageError(command: command, message: "invalid value '\(timeoutText)' for '--timeout' (expected seconds, 0 < t ≤ 600)")
        }
        let policyPath = arguments.value("policy")
        self.init(target: target, policyPath: policyPath, policyDocument: try policyPath.map(PolicyOptions.loadDocument),
                  context: LoadContext(rawValue: arguments.value("context") ?? "urlsession") ?? .urlSession,
                  resolution: try PolicyOptions.resolutionOptions(arguments, command: command),
                  trustStore: try TrustStoreOptions(arguments, command: command),
                  address: arguments.value("address"), sni: arguments.value("sni"),
                  time: try TimeArgument.evaluationTime(arguments.value("at"), command: command), timeout: timeout,
                  enumerateCiphers: arguments.flag("ciphers"), probeHTTP: arguments.flag("probe-http"))
        issuerFetch = try IssuerFetchArguments.options(arguments, command: command)
        if let pinsPath = arguments.value("pins") {
            let loaded = try HostPinsFile.load(pinsPath)
            pinPolicies = loaded.policies
            pinProblems = loaded.problems.map { "\(pinsPath): \($0)" }
        }
    }
}
