import ArgumentParsing
import ATSCheck
import ATSPolicy
import ATSCertificates
import ATSReport
import ATSJSON
import ATSRender
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ATSPinning
import ATSPinningOpenSSL
import ATSProbe
import AtscheckSystem

/// `atscheck pins`: the SPKI SHA-256 pins of a served (or saved) chain and of the anchor the
/// validator chose, with ready-to-paste ATS (`NSPinnedDomains`) and TrustKit snippets.
enum PinsCommand: AtscheckCommand {
    static let name = "pins"

    static let abstract = "Print the SPKI SHA-256 pins of a chain, with NSPinnedDomains and TrustKit snippets."
    static let spec = CommandSpec(
        name: "atscheck pins",
        abstract: abstract,
        discussion: """
        If the argument is an existing file (PEM or DER, leaf first) the chain is read from it; \
        otherwise it is a host TARGET (name, name:port, [v6]:port, IP, or https:// URL) and the \
        chain the server sends is fetched with one Apple-like handshake. The path is then built \
        with the trust store to find the root (anchor) the validator would choose, even when it \
        is not sent.

        Every certificate's pin is printed (Base64, OkHttp and HPKP forms), labelled leaf, \
        intermediate or root. --format plist prints an NSPinnedDomains snippet pinning the CA \
        keys (intermediates and anchor); --format trustkit prints a TSKConfiguration snippet. \
        Always add a backup pin for a key you control: Apple and TrustKit advise more than one.

        Exit status: 0 pins printed, 2 bad usage or unreadable file, 3 the host could not be \
        reached (could not connect, timed out, not TLS).
        """,
        options: [format, address, port, sni] + TrustStoreOptions.optionSpecs + [at, timeout] + IssuerFetchArguments.optionSpecs,
        positionals: [source],
        examples: [
            "atscheck pins api.example.com --format plist",
            "atscheck pins TestCerts/chain-full.pem --ca-file TestCerts/root.pem --no-system-roots --format json",
            "atscheck pins good.atscheck.test --address 127.0.0.1 --port 8443 --ca-file TestCerts/root.pem --no-system-roots --format trustkit",
        ]
    )

    static let format = OutputFormat.option([.text, .json, .plist, .trustkit])
    static let address = Option<IPAddressArgument?>("address", value: "IP", help: "Connect to this IP; the target name is still used for SNI.")
    static let port = Option<UInt16?>("port", value: "N", help: "TCP port (default: from TARGET, else 443).", in: 1...65535)
    static let sni = Option<String?>("sni", value: "NAME", help: "Send this SNI instead of the target name.")
    static let at = TimeArgument.option(help: "Build the path at this instant instead of now.")
    static let timeout = Option<Seconds>("timeout", value: "SECONDS", help: "Deadline for the handshake.", default: 10, in: 0...600)
    static let source = PositionalSpec("TARGET|FILE", help: "A certificate file (PEM or DER, leaf first), or a host target.")

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let command = spec.name
        let raw = arguments[source][0]
        let time = try arguments[at] ?? Date()
        let storeOptions = try TrustStoreOptions(arguments, command: command)
        let port = try arguments[Self.port]
        let address = try arguments[Self.address]?.text
        let sni = try arguments[Self.sni]
        if let sni, sni.trimmingWhitespace().isEmpty {
            throw UsageError(command: command, message: "'--sni' needs a non-empty name")
        }
        let timeout = try arguments[Self.timeout].seconds

        let issuerFetch = try IssuerFetchArguments.options(arguments)
        var chain: [Certificate]
        let source: PinsReport.Source
        var serverName: String? = nil
        var serverAddress: String? = nil
        if let kind = FileKind.of(raw, followingLinks: true), kind != .directory {
            for option in [Self.address.spec, Self.port.spec, Self.sni.spec] where arguments.isGiven(option) {
                throw UsageError(command: command, message: "'\(option.longSpelling)' applies to a host TARGET, not to the file '\(raw)'")
            }
            chain = try InputFile.certificates(raw)
            guard !chain.isEmpty else { throw InputError(description: "\(raw): no certificate found") }
            source = .file(raw)
        } else {
            // A missing `chain.pem` would otherwise be dialled as a host name.
            let fileExtensions = ["pem", "der", "crt", "cer", "cert"]
            if raw.contains("/") && !raw.contains("://") || fileExtensions.contains(PathText.pathExtension(raw).lowercased()) {
                throw InputError(description: "\(raw): cannot read file")
            }
            let raw = URLArgument.withoutCredentials(raw, command: command)
            guard let target = CheckTarget.parse(raw, portOverride: port) else {
                throw UsageError(command: command, message: "'\(raw)' is neither an existing file nor a valid target (name, name:port, [v6]:port, an IP, or an https:// URL)")
            }
            guard target.scheme == .https else {
                throw UsageError(command: command, message: "'\(raw)' is an http:// URL: there is no certificate to pin (use https://)")
            }
            let endpoint = Endpoint(host: target.host, address: address, port: target.port, serverName: sni)
            switch fetch(endpoint, timeout: timeout) {
            case .success(let served):
                chain = served.chain
                serverAddress = served.address
            case .failure(let failure):
                CommandRunner.printError("\(command): cannot get the chain from \(endpoint): \(failure.description)")
                return .unknown
            }
            source = .server(port: target.port)
            serverName = target.host
        }

        let store = try storeOptions.makeStore()
        var validation = PathValidator.validate(chain, store: store, at: time)
        // A server that sent its chain incomplete: completed from the caIssuers URL, as iOS does,
        // so the CA pins offered are those of the chain a device builds.
        var fetches: [IssuerFetch] = []
        if source.kind == .server, issuerFetch.enabled, validation.failures.contains(where: { $0.kind == .issuerNotFound }) {
            let completion = IssuerFetching.complete(chain, evaluator: TrustEvaluator(store: store), host: serverName, at: time,
                                                     options: issuerFetch.forServer(at: serverAddress), cache: IssuerFetchCache())
            fetches = completion.fetches
            if !completion.issuers.isEmpty {
                chain += completion.issuers
                validation = PathValidator.validate(chain, store: store, at: time)
            }
        }
        var report = try PinsReport(chain: chain, validation: validation, source: source, host: serverName, time: time)
        report.fetchedFrom = fetches.filter { $0.failure == nil }.map(\.url)
        report.problems += fetches.compactMap { fetch in fetch.failure.map { "caIssuers fetch \(fetch.url) failed: \($0)" } }
        switch try arguments[format] {
        case .json: print(try JSONStyle.text(report))
        case .plist: print(PinsSnippets.nsPinnedDomains(report), terminator: "")
        case .trustkit: print(PinsSnippets.trustKit(report), terminator: "")
        default: print(PinsTextRenderer.render(report), terminator: "")
        }
        return .success
    }

    struct FetchFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// One Apple-like handshake; the certificates the server sent, leaf first.
    static func fetch(_ endpoint: Endpoint, timeout: Double) -> Result<(chain: [Certificate], address: String?), FetchFailure> {
        let prober = TLSProber(configuration: TLSProber.Configuration(connectTimeout: min(5, timeout), handshakeTimeout: timeout,
                                                                      hostTimeout: timeout))
        let observation = prober.runBlocking(ProbePlan([.appleDefault]), against: endpoint)
        guard let probe = observation.probe(.appleDefault) else { return .failure(FetchFailure(description: "no handshake was run")) }
        switch probe.outcome {
        case .completed: break
        case .failed(let failure): return .failure(FetchFailure(description: failure.message))
        case .notRun(let why): return .failure(FetchFailure(description: why))
        }
        guard !probe.peerChain.isEmpty else { return .failure(FetchFailure(description: "the server sent no certificate")) }
        if case .undecodableCertificate(let index, let reason)? = probe.servedChain.notes.first {
            return .failure(FetchFailure(description: "certificate #\(index) the server sent cannot be decoded: \(reason)"))
        }
        return .success((probe.certificates, observation.connectedAddress))
    }
}
