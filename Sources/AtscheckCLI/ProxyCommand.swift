import ArgumentParsing
import ATSPolicy
import ATSProxy
import ATSCertificates
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ATSVocabulary
import AtscheckSystem

/// `atscheck proxy`: an HTTP/1.1 forward proxy that refuses what App Transport Security would.
enum ProxyCommand: AtscheckCommand {
    static let name = "proxy"

    static let abstract = "Run a local HTTP proxy that blocks every load ATS would block, and says why."
    static let spec = CommandSpec(
        name: "atscheck proxy",
        abstract: abstract,
        discussion: """
        An HTTP/1.1 forward proxy. Absolute-form requests (GET http://host/…) are judged by the \
        policy alone (cleartext): blocked loads get 403 with an X-ATS-Reason header; allowed ones \
        are forwarded with Connection: close and the answer streamed back unchanged. CONNECT \
        host:port runs the same handshakes as `atscheck host` against https://host:port/ (verdicts \
        are cached per host:port for 60 seconds): blocked → 403 and X-ATS-Reason set to the first \
        reason code, before any tunnel; could not judge (no connection, timeout, not TLS) → 502; \
        allowed → 200 and the bytes are spliced both ways. One log line per request on stderr.

        The listen address must be loopback unless --allow-remote. Runs until SIGINT or SIGTERM. \
        X-ATS-Reason codes are documented in docs/ats-rules.md (one section per code).

        Exit status: 0 when stopped by SIGINT or SIGTERM, 2 bad usage or a listen address that \
        is not loopback without --allow-remote.
        """,
        options: [listen, allowRemote, policy, PolicyOptions.define, context] + PolicyOptions.resolutionSpecs + TrustStoreOptions.optionSpecs
            + [resolve, at, timeout] + IssuerFetchArguments.optionSpecs,
        examples: [
            "atscheck proxy --listen 127.0.0.1:8080 --policy Info.plist",
            "curl -x http://127.0.0.1:8080 https://example.com/",
        ]
    )

    static let listen = Option<ListenAddress?>("listen", value: "ADDRESS:PORT", help: "Listen here (IP literal; [v6]:port; port 0 picks a free port).")
    static let allowRemote = Flag("allow-remote", help: "Allow a listen address that is not loopback.")
    static let policy = Option<String?>("policy", value: "FILE", help: "The app's Info.plist or NSAppTransportSecurity dictionary. Without it: full ATS.")
    static let context = PolicyOptions.context(help: "The API the loads go through.")
    static let resolve = Option<[ProxyResolveEntry]>("resolve", value: "HOST:PORT:ADDRESS", help: "Connect to ADDRESS for HOST:PORT instead of resolving HOST (curl's spelling, as scan and app take it; * as HOST for every host on PORT). The older NAME:PORT=ADDRESS is read too, with a warning.")
    static let at = TimeArgument.option(help: "Judge certificates at this instant instead of now.")
    static let timeout = Option<Seconds>("timeout", value: "SECONDS", help: "Deadline for probing a host, connecting upstream and reading a request head.",
                                         default: 10, in: 0...600)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let options = try ProxyOptions(arguments)
        SystemProcess.ignoreBrokenPipes()
        let server: ProxyServer
        do {
            server = try ProxyServer(configuration: options.configuration, listenAddress: options.listenAddress, port: options.listenPort)
        } catch {
            throw InputError(description: "atscheck proxy: \(error)")
        }
        let shown = HostPort.format(host: options.listenAddress, port: server.port)
        // Unbuffered: whoever started the proxy may be waiting for this line.
        CheckedOutput.write("atscheck proxy: listening on \(shown)\n")
        server.start()
        Termination.wait()
        return .success
    }
}

/// `atscheck proxy`'s arguments, validated once.
struct ProxyOptions: Sendable {
    let listenAddress: String
    let listenPort: UInt16
    /// Everything else: how loads are judged.
    let configuration: ProxyConfiguration
}

extension ProxyOptions {
    init(_ arguments: ParsedArguments) throws {
        typealias Command = ProxyCommand
        let command = Command.spec.name
        guard let listen = try arguments[Command.listen] else {
            throw UsageError(command: command, message: "missing '--listen ADDRESS:PORT'")
        }
        let (listenAddress, port) = (listen.address, listen.port)
        if !ProxyServer.isLoopback(listenAddress) && !arguments[Command.allowRemote] {
            throw UsageError(command: command, message: "refusing to listen on non-loopback address '\(listenAddress)' without '--allow-remote'")
        }
        let entries = try arguments[Command.resolve]
        if entries.contains(where: \.olderSpelling) {
            CommandRunner.printError("atscheck proxy: warning: --resolve NAME:PORT=ADDRESS is the older spelling; write HOST:PORT:ADDRESS, as curl, scan and app do")
        }
        let resolve = Dictionary(entries.map { ($0.endpoint, $0.address) }, uniquingKeysWith: { _, last in last })
        let timeout = try arguments[Command.timeout].seconds
        let time = try arguments[Command.at]
        let resolution = try PolicyOptions.resolutionOptions(arguments)
        var trust = try TrustStoreOptions(arguments, command: command)
        trust.logListRefresh = try IssuerFetchArguments.logListRefresh(arguments, at: time ?? Date(), timeout: timeout)
        let environment = try trust.environment(target: resolution.target, staleWarningAt: time ?? Date())
        var configuration = ProxyConfiguration(environment: environment,
                                               policyDocument: try PolicyOptions.loadDocument(arguments, policy: Command.policy),
                                               context: try arguments[Command.context],
                                               subdomainDepth: resolution.subdomainDepth, legacyKeys: resolution.legacyKeys,
                                               resolve: resolve, time: time, timeout: timeout)
        configuration.issuerFetch = try IssuerFetchArguments.options(arguments)
        self.init(listenAddress: listenAddress, listenPort: port, configuration: configuration)
    }

    /// `host:port` or `[v6]:port` → (host without brackets, port).
    static func splitHostPort(_ text: String) -> (String, UInt16)? {
        ProxyRequestHead.splitHostPort(text).map { ($0.host, $0.port) }
    }
}

/// The proxy's `--listen` address: an IP literal (or `localhost`, read as 127.0.0.1) and a port.
struct ListenAddress: ExpressibleByArgument {
    /// The IP literal, without brackets.
    let address: String
    /// The port; 0 picks a free one.
    let port: UInt16

    init?(argument: String) {
        guard let (address, port) = ProxyOptions.splitHostPort(argument),
              ProxyServer.isIPLiteral(address) || address == "localhost" else { return nil }
        self.address = address == "localhost" ? "127.0.0.1" : address
        self.port = port
    }

    static let argumentExpectation = "IP:PORT or [v6]:PORT"

    var argumentDescription: String { HostPort.format(host: address, port: port) }
}

/// One proxy `--resolve` entry, spelt as curl, `scan` and `app` spell it (`HOST:PORT:ADDRESS`,
/// `*` as HOST for every host on PORT); the proxy's older `NAME:PORT=ADDRESS` is still read,
/// with a warning.
struct ProxyResolveEntry: ExpressibleByArgument {
    /// `name:port`, the name lowercased (`*:port` for every host).
    let endpoint: String
    /// The IP literal to connect to.
    let address: String
    /// True when written in the older `NAME:PORT=ADDRESS` spelling.
    let olderSpelling: Bool

    init?(argument: String) {
        if let curl = ResolveEntry(argument: argument) {
            endpoint = curl.endpoint
            address = curl.address
            olderSpelling = false
            return
        }
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, let (name, port) = ProxyOptions.splitHostPort(parts[0]), port > 0,
              ProxyServer.isIPLiteral(parts[1]) else { return nil }
        endpoint = "\(name.lowercased()):\(port)"
        address = parts[1]
        olderSpelling = true
    }

    static let argumentExpectation = "HOST:PORT:ADDRESS"

    var argumentDescription: String { "\(endpoint):" + (address.contains(":") ? "[\(address)]" : address) }
}
