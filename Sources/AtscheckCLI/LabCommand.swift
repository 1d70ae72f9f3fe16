import ArgumentParsing
import ATSCheck
import ATSPolicy
import Dispatch
import Foundation
import ATSLab

/// `atscheck lab`: local TLS servers with known flaws, and the verdict `host` gives each.
enum LabCommand: AtscheckCommand {
    static let name = "lab"

    /// The instant lab verdicts are computed at: the TestCerts evaluation time, so the
    /// fixed-date lab certificates read the same on any day.
    static let evaluationTime = "2025-06-01T00:00:00Z"

    static let spec = CommandSpec(
        name: "atscheck lab",
        abstract: "Start local TLS servers with known flaws and show the verdict for each.",
        discussion: """
        Starts in-process OpenSSL servers on 127.0.0.1, one per flaw profile, serving the \
        TestCerts PKI (its root is printed as the lab CA). By default runs `atscheck host` \
        against each (name good.atscheck.test, lab CA as a user-installed root, certificates \
        judged at \(evaluationTime)) and prints one line per endpoint, then stops. With --serve \
        the servers stay up until interrupted: a local badssl for testing your own client or proxy.

        Serves the certificates bundled with atscheck (or those in --certs DIR). No network beyond loopback.
        """,
        options: [
            OptionSpec("serve", help: "Keep the servers up until Ctrl-C instead of checking them."),
            OptionSpec("profile", value: "NAME", help: "Only these profiles: \(LabProfile.allCases.map(\.rawValue).joined(separator: ", ")).",
                       allowed: LabProfile.allCases.map(\.rawValue), repeatable: true),
            OptionSpec("port", value: "N", help: "Listen on consecutive ports from N (default: ephemeral ports)."),
            OptionSpec("policy", value: "FILE", help: "Judge the endpoints under this Info.plist instead of full ATS."),
            OptionSpec("certs", value: "DIR", help: "Directory with the TestCerts PKI (default: the copy bundled with atscheck)."),
            OptionSpec("timeout", value: "SECONDS", help: "Deadline per endpoint.", defaultValue: "3"),
            OptionSpec("format", value: "FORMAT", help: "Output format.", allowed: ["text", "json"], defaultValue: "text"),
        ],
        examples: ["atscheck lab", "atscheck lab --profile tls10-only --profile static-rsa-only", "atscheck lab --serve --port 9443"]
    )

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let profiles = arguments.values("profile").compactMap(LabProfile.init(rawValue:))
        var basePort: UInt16? = nil
        if let text = arguments.value("port") {
            guard let value = UInt16(text), value > 0 else {
                throw UsageError(command: spec.name, message: "invalid value '\(text)' for '--port' (expected 1-65535)")
            }
            basePort = value
        }
        let timeoutText = arguments.value("timeout") ?? "3"
        guard let timeout = Double(timeoutText), timeout > 0, timeout <= 60 else {
            throw UsageError(command: spec.name, message: "invalid value '\(timeoutText)' for '--timeout' (expected seconds, 0 < t ≤ 60)")
        }
        let certificates = arguments.value("certs").map { URL(fileURLWithPath: $0) } ?? TLSLab.defaultCertificateDirectory
        let lab: TLSLab
        do {
            lab = try TLSLab(profiles: profiles.isEmpty ? LabProfile.allCases : profiles, certificateDirectory: certificates,
                             basePort: basePort)
        } catch {
            throw InputError(description: "atscheck lab: \(error.description)")
        }
        defer { lab.stop() }
        let json = arguments.value("format") == "json"

        if arguments.flag("serve") {
            // Written unbuffered: whoever started the lab may be waiting on these lines.
            FileHandle.standardOutput.write(Data((LabTextRenderer.endpoints(lab) + "\nserving until interrupted (Ctrl-C)\n").utf8))
            waitForTermination()
            return .success
        }

        let policyPath = arguments.value("policy")
        let document = try policyPath.map(PolicyOptions.loadDocument)
        let results = try check(lab, policyPath: policyPath, document: document, timeout: timeout)
        if json {
            print(try JSONOutput.encode(LabReport(lab: lab, results: results)))
        } else {
            print(LabTextRenderer.endpoints(lab))
            print(LabTextRenderer.verdicts(results), terminator: "")
        }
        return .success
    }

    /// One endpoint's verdict.
    struct Result {
        let endpoint: LabEndpoint
        let options: HostOptions
        let outcome: HostCommand.Outcome
    }

    /// Most endpoints checked at once. Each check keeps up to five handshakes in flight, and the
    /// lab closes connections beyond its limit of 64 at accept, which a probe reads as a refused
    /// handshake: unbounded, a machine with 13 or more cores would get spurious verdicts.
    static let maxConcurrentChecks = 8

    /// Runs `host` against every endpoint, several at a time (batches of `maxConcurrentChecks`).
    static func check(_ lab: TLSLab, policyPath: String?, document: PlistDocument?, timeout: Double) throws -> [Result] {
        let time = TimeArgument.parse(evaluationTime)!
        let trust = TrustStoreOptions(caFiles: [lab.rootCAFile.path], systemRootsFile: nil, useSystemRoots: false, command: spec.name)
        let store = try trust.makeStore()
        let batches = stride(from: 0, to: lab.endpoints.count, by: maxConcurrentChecks).map {
            Array(lab.endpoints[$0..<min($0 + maxConcurrentChecks, lab.endpoints.count)])
        }
        return try batches.flatMap { batch in
            concurrentMap(batch) { endpoint -> Swift.Result<Result, any Error> in
                let scheme = endpoint.profile == .plainHTTP ? "http" : "https"
                let target = HostTarget(url: "\(scheme)://\(endpoint.serverName):\(endpoint.port)/", host: endpoint.serverName,
                                        port: endpoint.port, scheme: scheme)
                let options = HostOptions(target: target, policyPath: policyPath, policyDocument: document, context: .urlSession,
                                          resolution: ResolutionOptions(), trustStore: trust, address: endpoint.address, sni: nil,
                                          time: time, timeout: timeout, enumerateCiphers: false, probeHTTP: scheme == "http")
                // An endpoint that cannot be evaluated fails the run rather than vanishing from it.
                return Swift.Result { Result(endpoint: endpoint, options: options, outcome: try HostCommand.evaluate(options, store: store)) }
            }
        }.map { try $0.get() }
    }

    /// Blocks until SIGINT or SIGTERM.
    static func waitForTermination() {
        let done = DispatchSemaphore(value: 0)
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { done.signal() }
            source.resume()
            sources.append(source)
        }
        done.wait()
        sources.forEach { $0.cancel() }
    }
}
