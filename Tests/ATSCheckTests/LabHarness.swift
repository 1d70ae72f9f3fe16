import ATSVocabulary
import ATSCheck
import ATSPolicy
import ATSCertificates
import AtscheckTestSupport
import Foundation
import Testing
import ATSLab
import ATSProbe
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Shared plumbing for the verdict tests: one in-process TLSLab with every profile (started on
// first use, stopped at process exit), one observation per profile (probed once, shared by
// every test that judges it), and the fixed evaluation instant and lab trust store.

/// Paths of the package's fixtures.
enum Paths {
    static let testCerts = RepositoryLayout.testCerts

    static func cert(_ name: String) -> URL { testCerts.appendingPathComponent(name) }
}

struct HarnessFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The lab, the prober and the trust inputs every verdict test uses.
enum LabHarness {
    /// TestCerts' evaluation instant (TestCerts/README.md): certificates are never judged at
    /// the wall clock.
    static let evaluationTime = Date(timeIntervalSince1970: 1_748_736_000)  // 2025-06-01T00:00:00Z

    /// The name every lab profile is served for (SNI, host checks, the policy key).
    static let host = "good.atscheck.test"

    private static let started: Result<TLSLab, LabError> = Result { () throws(LabError) in try TLSLab() }

    /// The shared lab (every profile, loopback, ephemeral ports).
    static func lab() throws -> TLSLab { try started.get() }

    /// The endpoint of one profile.
    static func endpoint(_ profile: LabProfile) throws -> LabEndpoint {
        guard let endpoint = try lab().endpoint(profile) else { throw HarnessFailure("the lab does not serve \(profile.rawValue)") }
        return endpoint
    }

    /// The lab root as the only, user-installed root (`--ca-file TestCerts/root.pem --no-system-roots`).
    static let trustEvaluator: TrustEvaluator = {
        let roots = (try? CertificateLoader.load(contentsOf: Paths.cert("root.pem"))) ?? []
        return TrustEvaluator(store: TrustStore(system: [], user: roots))
    }()

    /// Generous deadlines for servers that answer; short ones where a timeout is the point.
    static let prober = TLSProber()
    static let shortProber = TLSProber(configuration: TLSProber.Configuration(connectTimeout: 2, handshakeTimeout: 2, hostTimeout: 3))

    /// The https:// URL of a profile (http:// for plain-http).
    static func url(_ profile: LabProfile, port: UInt16) -> String {
        "\(profile == .plainHTTP ? "http" : "https")://\(host):\(port)/"
    }

    /// The probe endpoint: the lab name for SNI and host checks, dialled at the lab address.
    static func probeEndpoint(_ endpoint: LabEndpoint) -> Endpoint {
        Endpoint(host: endpoint.serverName, address: endpoint.address, port: endpoint.port)
    }

    /// The standard plan's observation of a profile with the suites of `group` (the target's
    /// release, as `atscheck host` offers them), probed once per test process and group.
    static func observation(_ profile: LabProfile, group: ATSSuiteGroup = .latest) async throws -> Observation {
        let endpoint = try endpoint(profile)
        return await ObservationCache.shared.observation(profile, group: group) {
            await (profile == .silent ? shortProber : prober).run(ProbePlan.standard(group), against: probeEndpoint(endpoint))
        }
    }

    /// The verdict for a profile under a policy, probed with the target's suites. Cleartext
    /// profiles are judged without probing, as `atscheck host` does for http:// without `--probe-http`.
    static func verdict(_ profile: LabProfile, policy: PlistDocument? = nil, context: LoadContext = .urlSession,
                        options: ResolutionOptions = ResolutionOptions()) async throws -> Verdict {
        let endpoint = try endpoint(profile)
        let group = ATSSuiteGroup.forTarget(options.target)
        let observation = profile == .plainHTTP ? nil : try await observation(profile, group: group)
        return try verdict(url: url(profile, port: endpoint.port), observation: observation, policy: policy,
                           context: context, options: options)
    }

    /// The verdict for an observation already made.
    static func verdict(url: String, observation: Observation?, policy: PlistDocument? = nil, context: LoadContext = .urlSession,
                        options: ResolutionOptions = ResolutionOptions()) throws -> Verdict {
        try VerdictEvaluator.evaluate(VerdictInput(url: url, context: context, policyDocument: policy, options: options,
                                                   observation: observation, trustEvaluator: trustEvaluator, time: evaluationTime))
    }

    /// An Info.plist whose `NSAppTransportSecurity` dictionary holds `atsBody` (XML text),
    /// read through the project's plist reader.
    static func policy(_ atsBody: String) throws -> PlistDocument {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>CFBundleIdentifier</key>
            <string>test.atscheck.app</string>
            <key>NSAppTransportSecurity</key>
            <dict>
        \(atsBody)
            </dict>
        </dict>
        </plist>
        """
        return try PlistReader.read(Data(xml.utf8))
    }

    /// One `NSExceptionDomains` entry as XML, values given as YES/NO or strings (as `Fix.exceptionKeys` has them).
    static func exceptionDomains(_ domain: String, _ keys: [String: String]) -> String {
        var lines = ["<key>NSExceptionDomains</key>", "<dict>", "<key>\(domain)</key>", "<dict>"]
        for (key, value) in keys.sorted(by: { $0.key < $1.key }) {
            lines.append("<key>\(key)</key>")
            switch value {
            case "YES": lines.append("<true/>")
            case "NO": lines.append("<false/>")
            default: lines.append("<string>\(value)</string>")
            }
        }
        lines += ["</dict>", "</dict>"]
        return lines.joined(separator: "\n")
    }

    /// A loopback port that refuses connections: bound, never listening, and held for the
    /// process (a port merely released could be taken by another test's lab).
    static let closedPort: UInt16? = (try? LoopbackPort.refusing())?.port
}

/// One probe run per profile, shared by concurrent tests. At most `maxConcurrentRuns`
/// profiles are probed at once: a run opens up to five connections, and TLSLab closes
/// connections beyond 64 at accept, which a probe would read as a refused handshake.
actor ObservationCache {
    static let shared = ObservationCache()
    static let maxConcurrentRuns = 4

    private struct Key: Hashable {
        let profile: LabProfile
        let group: ATSSuiteGroup
    }

    private var tasks: [Key: Task<Observation, Never>] = [:]
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func observation(_ profile: LabProfile, group: ATSSuiteGroup, _ make: @escaping @Sendable () async -> Observation) async -> Observation {
        let key = Key(profile: profile, group: group)
        if let task = tasks[key] { return await task.value }
        let task = Task {
            await self.acquire()
            let observation = await make()
            self.release()
            return observation
        }
        tasks[key] = task
        return await task.value
    }

    private func acquire() async {
        if running < Self.maxConcurrentRuns {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

extension Verdict {
    /// The reason codes, as a set.
    var codes: Set<String> { Set(reasons.map(\.code.rawValue)) }

    /// A one-line summary for failure messages.
    var summary: String {
        "\(status.rawValue) [" + reasons.map { "\($0.code): \($0.message)" }.joined(separator: "; ") + "]"
    }
}

/// Runs a short command to completion (for the openssl CLI cross-checks). A child that
/// overruns is killed with SIGKILL and reaped; it is never sent SIGTERM.
enum Command {
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static func run(_ arguments: [String], timeout: TimeInterval = 60) throws -> Output {
        let result = try ChildProcess.run(ChildProcess.env, arguments, currentDirectory: RepositoryLayout.packageRoot, timeout: timeout)
        if result.timedOut { throw HarnessFailure("timed out: \(arguments.joined(separator: " "))") }
        return Output(status: result.status, stdout: result.stdoutText, stderr: result.stderrText)
    }
}
