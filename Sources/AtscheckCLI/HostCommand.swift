import ArgumentParsing
import ATSCheck
import ATSPolicy
import ATSReport
import ATSCertificates
import Foundation
import ATSProbe

/// `atscheck host`: probe a live server and say whether ATS would block the load, and why.
enum HostCommand: AtscheckCommand {
    static let name = "host"

    static let spec = CommandSpec(
        name: "atscheck host",
        abstract: "Probe a TLS server and tell whether ATS would block a load from it, and why.",
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
        options: [
            OptionSpec("policy", value: "FILE", help: "The app's Info.plist or NSAppTransportSecurity dictionary (XML, binary, JSON). Without it: full ATS."),
            OptionSpec("context", value: "CONTEXT", help: "The API the load goes through.",
                       allowed: LoadContext.allCases.map(\.rawValue), defaultValue: LoadContext.urlSession.rawValue),
            PolicyOptions.targetOption,
            PolicyOptions.subdomainDepthOption,
            PolicyOptions.legacyKeysOption,
        ] + TrustStoreOptions.optionSpecs + [
            OptionSpec("address", value: "IP", help: "Connect to this IP; the target name is still used for SNI, policy and host checks."),
            OptionSpec("port", value: "N", help: "TCP port (default: from TARGET, else 443)."),
            OptionSpec("sni", value: "NAME", help: "Send this SNI instead of the target name."),
            OptionSpec("at", value: "ISO8601", help: "Judge certificates at this instant instead of now."),
            OptionSpec("timeout", value: "SECONDS", help: "Deadline for the whole host (each handshake gets at most this too).", defaultValue: "10"),
            OptionSpec("ciphers", help: "Also enumerate every accepted cipher suite per version (more handshakes)."),
            OptionSpec("probe-http", help: "For http:// targets, also check that the server answers."),
            OptionSpec("pins", value: "FILE", help: "Also check these pins against the built chain: a TrustKit plist (TSKConfiguration) or an Android network_security_config.xml."),
            OptionSpec("format", value: "FORMAT", help: "Output format.", allowed: ["text", "json"], defaultValue: "text"),
        ],
        positionals: [PositionalSpec("TARGET", help: "name, name:port, [v6]:port, IP, or http(s):// URL.")],
        examples: [
            "atscheck host api.example.com --policy Info.plist",
            "atscheck host https://legacy.example.net:8443/ --format json",
            "atscheck host good.atscheck.test --address 127.0.0.1 --port 8443 --ca-file TestCerts/root.pem --no-system-roots --at 2025-06-01",
        ]
    )

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let options = try HostOptions(arguments)
        let outcome = try evaluate(options)
        switch arguments.value("format") {
        case "json": print(try JSONOutput.encode(HostReport(options: options, outcome: outcome)))
        default: print(HostTextRenderer.render(options: options, outcome: outcome), terminator: "")
        }
        switch outcome.verdict.status {
        case .allowed: return .success
        case .blocked: return .failure
        case .unknown: return .unknown
        }
    }

    /// The verdict plus what was measured on the way.
    struct Outcome {
        let verdict: Verdict
        let observation: Observation?
        let cipherSuites: [TLSProtocolVersion: [CipherSuite]]?
        /// The suite groups of the target's release, which the probes offered.
        let group: ATSSuiteGroup
        let httpAnswer: HTTPProbe.Answer?
        /// The trust store the chain was judged against.
        let store: TrustStore
    }

    /// Probes and judges one target. `store` lets a caller judging many targets (the lab) load
    /// the trust store once; by default it is built from the options.
    static func evaluate(_ options: HostOptions, store prebuilt: TrustStore? = nil) throws -> Outcome {
        var observation: Observation? = nil
        var cipherSuites: [TLSProtocolVersion: [CipherSuite]]? = nil
        var httpAnswer: HTTPProbe.Answer? = nil
        let endpoint = Endpoint(host: options.target.host, address: options.address, port: options.target.port, serverName: options.sni)
        let group = ATSSuiteGroup.forTarget(options.resolution.target)
        if options.target.scheme == "https" {
            let prober = TLSProber(configuration: TLSProber.Configuration(connectTimeout: min(5, options.timeout),
                                                                          handshakeTimeout: options.timeout,
                                                                          hostTimeout: options.timeout))
            observation = prober.runBlocking(ProbePlan.standard(group), against: endpoint)
            if options.enumerateCiphers {
                let enumerationProber = TLSProber(configuration: TLSProber.Configuration(
                    connectTimeout: min(5, options.timeout), handshakeTimeout: options.timeout, hostTimeout: max(60, options.timeout * 6)))
                let enumeration = CipherEnumerator(prober: enumerationProber).enumerateBlocking(endpoint)
                var lists: [TLSProtocolVersion: [CipherSuite]] = [:]
                for version in enumeration.versions { lists[version.version] = version.accepted }
                cipherSuites = lists
            }
        } else if options.probeHTTP {
            httpAnswer = HTTPProbe.check(endpoint, timeout: options.timeout)
        }
        let store = try prebuilt ?? options.trustStore.makeStore(target: options.resolution.target)
        var input = VerdictInput(url: options.target.url, context: options.context, policyDocument: options.policyDocument,
                                 options: options.resolution, observation: observation,
                                 trustEvaluator: TrustEvaluator(store: store), time: options.time)
        input.extraPins = options.pinPolicies
        for problem in options.pinProblems {
            FileHandle.standardError.write(Data("atscheck host: warning: \(problem)\n".utf8))
        }
        do {
            return Outcome(verdict: try VerdictEvaluator.evaluate(input), observation: observation, cipherSuites: cipherSuites,
                           group: group, httpAnswer: httpAnswer, store: store)
        } catch {
            throw UsageError(command: spec.name, message: error.description)
        }
    }
}
