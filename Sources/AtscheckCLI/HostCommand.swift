import ArgumentParsing
import ATSRunPolicy
import ATSCheck
import ATSPolicy
import ATSReport
import ATSCertificates
import ATSJSON
import ATSRender
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ATSProbe
import AtscheckSystem

/// `atscheck host`: probe a live server and say whether ATS would block the load, and why.
enum HostCommand: AtscheckCommand {
    static let name = "host"

    static let abstract = "Probe a TLS server and tell whether ATS would block a load from it, and why."
    static let spec = CommandSpec(
        name: "atscheck host",
        abstract: abstract,
        discussion: """
        Resolves the target under the app's policy (--policy), runs the handshakes the verdict \
        needs (an Apple-like ClientHello, one per TLS version, three TLS 1.2 suite classes), \
        validates the served chain with Apple's trust rules, and prints the verdict, every \
        reason with the error the app would see and a verified fix, and the nscurl-style matrix.

        TARGET is name, name:port, [v6]:port, an IP, or an http(s):// URL. For http:// the \
        policy alone decides (no connection unless --probe-http).

        Exit status: 0 allowed, 1 blocked, 2 bad usage or unreadable input, 3 unknown (could \
        not connect, timed out, not TLS).

        Every rule, its source and the flag that changes it: docs/ats-rules.md, one section \
        per reason code (docs/ats-rules.md#tls-version-too-low, #apple-key-size for \
        cert-weak-key, ...).
        """,
        options: [policy, PolicyOptions.define, context] + PolicyOptions.resolutionSpecs + TrustStoreOptions.optionSpecs
            + [address, port, sni, at, timeout, ciphers, probeHTTP, upgrade, pins, verbose, format, VerdictFailThreshold.option] + IssuerFetchArguments.optionSpecs,
        positionals: [target],
        examples: [
            "atscheck host api.example.com --policy Info.plist",
            "atscheck host https://legacy.example.net:8443/ --format json",
            "atscheck host good.atscheck.test --address 127.0.0.1 --port 8443 --ca-file TestCerts/root.pem --no-system-roots --at 2025-06-01",
        ]
    )

    static let policy = Option<String?>("policy", value: "FILE", help: "The app's Info.plist or NSAppTransportSecurity dictionary (XML, binary, JSON). Without it: full ATS.")
    static let context = PolicyOptions.context(help: "The API the load goes through.")
    static let address = Option<IPAddressArgument?>("address", value: "IP", help: "Connect to this IP; the target name is still used for SNI, policy and host checks.")
    static let port = Option<UInt16?>("port", value: "N", help: "TCP port (default: from TARGET, else 443).", in: 1...65535)
    static let sni = Option<String?>("sni", value: "NAME", help: "Send this SNI instead of the target name.")
    static let at = TimeArgument.option(help: "Judge certificates at this instant instead of now.")
    static let timeout = Option<Seconds>("timeout", value: "SECONDS", help: "Deadline for the whole host (each handshake gets at most this too).",
                                         default: 10, in: 0...600)
    static let ciphers = Flag("ciphers", help: "Also enumerate every accepted cipher suite per version (more handshakes).")
    static let probeHTTP = Flag("probe-http", help: "For http:// targets, also check that the server answers.")
    static let upgrade = Flag("upgrade", help: "For a blocked http:// target, also probe its https:// twin; when that passes, \"load https://… instead\" is the first fix.")
    static let pins = Option<String?>("pins", value: "FILE", help: "Also check these pins against the built chain: a TrustKit plist (TSKConfiguration) or an Android network_security_config.xml.")
    static let verbose = Flag("verbose", help: "Also print every connection rule's outcome (text: a Rules: section; JSON: a rules array).")
    static let format = OutputFormat.option()
    static let target = PositionalSpec("TARGET", help: "name, name:port, [v6]:port, IP, or http(s):// URL.")

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let options = try HostOptions(arguments)
        let environment = try options.trustStore.environment(target: options.resolution.target)
        var outcome = try evaluate(options, environment: environment)
        if arguments[upgrade] { outcome.upgrade = ATSChecker(environment: environment).upgrade(outcome) }
        switch try arguments[format] {
        case .json: print(try JSONStyle.text(HostReport(outcome: outcome, rules: options.verbose)))
        default: print(HostTextRenderer.render(url: options.target.url, policyPath: options.policyPath, address: options.address,
                                                 verbose: options.verbose, outcome: outcome), terminator: "")
        }
        let natural: ExitCode = switch outcome.verdict.status {
        case .allowed: .success
        case .blocked: .failure
        case .unknown: .unknown
        }
        return try arguments[VerdictFailThreshold.option].exitCode(natural)
    }

    /// Probes and judges one target. `environment` lets a caller judging many targets load the
    /// trust store once; by default it is built from the options.
    static func evaluate(_ options: HostOptions, environment prebuilt: TrustEnvironment? = nil) throws -> CheckResult {
        let environment = try prebuilt ?? options.trustStore.environment(target: options.resolution.target)
        for problem in options.pinProblems {
            CommandRunner.printError("atscheck host: warning: \(problem)")
        }
        do {
            return try ATSChecker(environment: environment).check(options.checkTarget, options: options.checkOptions)
        } catch {
            throw UsageError(command: spec.name, message: error.description)
        }
    }
}
