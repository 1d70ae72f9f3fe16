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
        let raw = arguments[source][0]
        let time = try arguments[at] ?? Date()
        let storeOptions = try TrustStoreOptions(arguments, command: spec.name)
        let issuerFetch = try IssuerFetchArguments.options(arguments)
        let timeout = try arguments[Self.timeout].seconds
        let served: ServedChain
        if let kind = FileKind.of(raw, followingLinks: true), kind != .directory {
            served = try chain(inFile: raw, arguments)
        } else {
            guard let fetched = try chain(fromServer: raw, arguments, timeout: timeout) else { return .unknown }
            served = fetched
        }
        let report = try PinsReport.judged(served.chain, store: try storeOptions.makeStore(), source: served.source, host: served.host,
                                           serverAddress: served.address, at: time, issuerFetch: issuerFetch)
        switch try arguments[format] {
        case .json: print(try JSONStyle.text(report))
        case .plist: print(PinsSnippets.nsPinnedDomains(report), terminator: "")
        case .trustkit: print(PinsSnippets.trustKit(report), terminator: "")
        default: print(PinsTextRenderer.render(report), terminator: "")
        }
        return .success
    }

    /// A chain and where it came from: a file, or a server's name, port and address.
    struct ServedChain {
        /// The certificates, leaf first, as read or served.
        var chain: [Certificate]
        /// The file or the server's port.
        var source: PinsReport.Source
        /// The server's name (nil for a file).
        var host: String? = nil
        /// The address the server answered on (nil for a file).
        var address: String? = nil
    }

    /// The certificates of the file SOURCE names; the host options apply to a server only.
    static func chain(inFile raw: String, _ arguments: ParsedArguments) throws -> ServedChain {
        for option in [Self.address.spec, Self.port.spec, Self.sni.spec] where arguments.isGiven(option) {
            throw UsageError(command: spec.name, message: "'\(option.longSpelling)' applies to a host TARGET, not to the file '\(raw)'")
        }
        let chain = try InputFile.certificates(raw)
        guard !chain.isEmpty else { throw InputError(description: "\(raw): no certificate found") }
        return ServedChain(chain: chain, source: .file(raw))
    }

    /// The chain the server SOURCE names serves, nil (said on standard error) when it cannot be
    /// had; a SOURCE that looks like a missing file is an error, never dialled as a host name.
    static func chain(fromServer raw: String, _ arguments: ParsedArguments, timeout: Double) throws -> ServedChain? {
        let command = spec.name
        let fileExtensions = ["pem", "der", "crt", "cer", "cert"]
        if raw.contains("/") && !raw.contains("://") || fileExtensions.contains(PathText.pathExtension(raw).lowercased()) {
            throw InputError(description: "\(raw): cannot read file")
        }
        let sni = try arguments[Self.sni]
        if let sni, sni.trimmingWhitespace().isEmpty {
            throw UsageError(command: command, message: "'--sni' needs a non-empty name")
        }
        let raw = URLArgument.withoutCredentials(raw, command: command)
        guard let target = CheckTarget.parse(raw, portOverride: try arguments[Self.port]) else {
            throw UsageError(command: command, message: "'\(raw)' is neither an existing file nor a valid target (name, name:port, [v6]:port, an IP, or an https:// URL)")
        }
        guard target.scheme == .https else {
            throw UsageError(command: command, message: "'\(raw)' is an http:// URL: there is no certificate to pin (use https://)")
        }
        let endpoint = Endpoint(host: target.host, address: try arguments[Self.address]?.text, port: target.port, serverName: sni)
        switch fetch(endpoint, timeout: timeout) {
        case .success(let served):
            return ServedChain(chain: served.chain, source: .server(port: target.port), host: target.host, address: served.address)
        case .failure(let failure):
            CommandRunner.printError("\(command): cannot get the chain from \(endpoint): \(failure.description)")
            return nil
        }
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
