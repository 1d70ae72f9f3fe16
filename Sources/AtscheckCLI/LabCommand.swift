import ATSScan
import ArgumentParsing
import ATSCheck
import ATSPolicy
import ATSReport
import Dispatch
import ATSJSON
import ATSRender
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ATSLab
import AtscheckSystem

/// `atscheck lab`: local TLS servers with known flaws, and the verdict `host` gives each.
enum LabCommand: AtscheckCommand {
    static let name = "lab"

    /// The instant lab verdicts are computed at: the TestCerts evaluation time, so the
    /// fixed-date lab certificates read the same on any day.
    static let evaluationTime = "2025-06-01T00:00:00Z"

    static let abstract = "Start local TLS servers with known flaws and show the verdict for each."
    static let spec = CommandSpec(
        name: "atscheck lab",
        abstract: abstract,
        discussion: """
        Starts in-process OpenSSL servers on 127.0.0.1, one per flaw profile, serving the \
        TestCerts PKI (its root is printed as the lab CA). By default runs `atscheck host` \
        against each (name good.atscheck.test, lab CA as a user-installed root, certificates \
        judged at \(evaluationTime)) and prints one line per endpoint, then stops. With --serve \
        the servers stay up until interrupted: a local badssl for testing your own client or proxy.

        Serves the certificates built into atscheck (or those in --certs DIR). No network beyond loopback.

        Exit status: 0 when the lab ran (the verdicts are its output), 2 when it cannot start \
        (bad usage, unreadable certificates, a port taken).
        """,
        options: [serve, profile, port, policy, PolicyOptions.define, certs, timeout, format],
        examples: ["atscheck lab", "atscheck lab --profile tls10-only --profile static-rsa-only", "atscheck lab --serve --port 9443"]
    )

    static let serve = Flag("serve", help: "Keep the servers up until Ctrl-C instead of checking them.")
    static let profile = Option<[LabProfile]>("profile", value: "NAME", help: "Serve and check only these profiles (each is listed with its flaw when the lab starts).")
    static let port = Option<UInt16?>("port", value: "N", help: "Listen on consecutive ports from N (default: ephemeral ports).", in: 1...65535)
    static let policy = Option<String?>("policy", value: "FILE", help: "Judge the endpoints under this Info.plist instead of full ATS.")
    static let certs = Option<String?>("certs", value: "DIR", help: "Directory with the TestCerts PKI (default: the copy built into atscheck).")
    static let timeout = Option<Seconds>("timeout", value: "SECONDS", help: "Deadline per endpoint.", default: 3, in: 0...60)
    static let format = OutputFormat.option()

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let profiles = try arguments[profile]
        let basePort = try arguments[port]
        let timeout = try arguments[Self.timeout].seconds
        let certificates = try arguments[certs].map { URL(fileURLWithPath: $0) }
        let lab: TLSLab
        do {
            lab = try TLSLab(profiles: profiles.isEmpty ? LabProfile.allCases : profiles, certificateDirectory: certificates,
                             basePort: basePort)
        } catch {
            throw InputError(description: "atscheck lab: \(error.description)")
        }
        defer { lab.stop() }
        let json = try arguments[format] == .json

        if arguments[serve] {
            // Written unbuffered: whoever started the lab may be waiting on these lines.
            CheckedOutput.write(LabTextRenderer.endpoints(lab) + "\nserving until interrupted (Ctrl-C)\n")
            Termination.wait()
            return .success
        }

        let document = try PolicyOptions.loadDocument(arguments, policy: policy)
        let results = try check(lab, document: document, timeout: timeout)
        if json {
            print(try JSONStyle.text(LabReport(lab: lab, results: results)))
        } else {
            print(LabTextRenderer.endpoints(lab))
            print(LabTextRenderer.verdicts(results.map { ($0.endpoint, $0.outcome) }, at: evaluationTime), terminator: "")
        }
        return .success
    }

    /// One endpoint's verdict.
    struct Result {
        let endpoint: LabEndpoint
        let outcome: CheckResult
    }

    /// Most endpoints checked at once. Each check keeps up to five handshakes in flight, and the
    /// lab closes connections beyond its limit of 64 at accept, which a probe reads as a refused
    /// handshake: unbounded, a machine with 13 or more cores would get spurious verdicts.
    static let maxConcurrentChecks = 8

    /// Judges every endpoint, several at a time (batches of `maxConcurrentChecks`), as `host`
    /// would with the lab CA as the only root.
    static func check(_ lab: TLSLab, document: PlistDocument?, timeout: Double) throws -> [Result] {
        let trust = TrustStoreOptions(caFiles: [lab.rootCAFile.path], systemRootsFile: nil, useSystemRoots: false, command: spec.name)
        let checker = ATSChecker(environment: try trust.environment(target: .latest))
        let options = CheckOptions(policyDocument: document, time: TimeArgument.parse(evaluationTime)!, timeout: timeout)
        let batches = stride(from: 0, to: lab.endpoints.count, by: maxConcurrentChecks).map {
            Array(lab.endpoints[$0..<min($0 + maxConcurrentChecks, lab.endpoints.count)])
        }
        return try batches.flatMap { batch in
            concurrentMap(batch) { endpoint -> Swift.Result<Result, any Error> in
                let scheme: URLScheme = endpoint.profile == .plainHTTP ? .http : .https
                var endpointOptions = options
                endpointOptions.probeHTTP = scheme == .http
                // An endpoint that cannot be evaluated fails the run rather than vanishing from it.
                return Swift.Result { () throws(ResolutionError) in
                    var target = try CheckTarget(url: "\(scheme.rawValue)://\(endpoint.serverName):\(endpoint.port)/")
                    target.address = endpoint.address
                    return Result(endpoint: endpoint, outcome: try checker.check(target, options: endpointOptions))
                }.mapError { InputError(description: "atscheck lab: \($0.description)") as any Error }
            }
        }.map { try $0.get() }
    }
}
