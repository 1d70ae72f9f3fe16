import ArgumentParsing
import ATSCheck
import ATSCertificates
import ATSLint
import ATSPolicy
import ATSPolicySources
import ATSVocabulary
import ATSWhy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `why --url`, `--policy` and `--probe`: each decoded error's URL resolved offline under the
/// app's policy (causes the policy allows are ruled out; a policy that contradicts the log
/// brings its lint findings), then, with `--probe`, checked live as `atscheck host` checks it.
struct WhyChecks {
    let context: WhyContext
    let policySource: PolicySourceDocument?
    let loadContext: LoadContext
    let explicitTarget: TargetOS?
    let subdomainDepth: SubdomainDepth
    let legacyKeys: LegacyKeyMode?
    let probe: Bool
    let trustStore: TrustStoreOptions
    let address: String?
    let port: UInt16?
    let time: Date
    let timeout: Double
    /// `--no-fetch`, `--connect-to`: the probes fetch as `atscheck host` does.
    var issuerFetch = IssuerFetchOptions()

    /// The most distinct URLs one run probes, one after another: a paste of a retry loop over
    /// many URLs stays a bounded number of live checks.
    static let maximumProbes = 16

    /// True when the decoded errors are to be checked further (a policy or a probe was asked for).
    var applies: Bool { policySource != nil || probe }

    /// The OS an error is resolved for: `--target`, else the era its log shapes imply, else the latest.
    func target(for error: DecodedError) -> TargetOS {
        explicitTarget ?? error.era.target.flatMap { TargetOS(parsing: $0) } ?? .latest
    }

    /// The URL an error is checked at: the text's (or `--url`), else `https://HOST/`.
    static func url(of error: DecodedError) -> String? {
        error.url ?? error.host.map { "https://\($0.contains(":") && !$0.hasPrefix("[") ? "[\($0)]" : $0)/" }
    }

    /// What ``apply(_:)`` gives: the errors, and how many distinct URLs were past ``maximumProbes`` and not probed.
    struct Applied {
        var errors: [DecodedError]
        var urlsNotProbed = 0
    }

    /// Every error narrowed and probed; a probe is made once per URL and target, for the first
    /// ``maximumProbes`` of them.
    func apply(_ errors: [DecodedError]) throws -> Applied {
        guard applies else { return Applied(errors: errors) }
        let document = (try? policySource?.document.get()) ?? PlistDocument(root: PlistNode(.dictionary([])), format: .xml)
        let lint = policySource.map { $0.lint(with: Linter()) }
        var verdicts: [String: Verdict] = [:]
        var environments: [TargetOS: TrustEnvironment] = [:]
        var notProbed: Set<String> = []
        let checked = try errors.map { error in
            guard let url = Self.url(of: error) else { return error }
            let target = target(for: error)
            var error = error
            let options = ResolutionOptions(target: target, subdomainDepth: subdomainDepth, legacyKeys: legacyKeys)
            if let policySource, let resolution = try? ATSResolver.resolve(url, context: loadContext, policy: AppTransportSecurity(document: document), options: options) {
                error = PolicyNarrowing.narrow(error, resolution: resolution, policyPath: policySource.path, lint: lint)
            }
            guard probe, let checkTarget = CheckTarget.parse(url, portOverride: port) else { return error }
            let key = "\(target) \(url)"
            if verdicts[key] == nil, verdicts.count >= Self.maximumProbes {
                notProbed.insert(key)
                return error
            }
            if verdicts[key] == nil {
                let environment = try environments[target] ?? trustStore.environment(target: target)
                environments[target] = environment
                var hostOptions = HostOptions(target: checkTarget, policyPath: policySource?.path, policyDocument: policySource == nil ? nil : document,
                                              context: loadContext, resolution: options, trustStore: trustStore, address: address, sni: nil,
                                              time: time, timeout: timeout, enumerateCiphers: false, probeHTTP: false)
                hostOptions.issuerFetch = issuerFetch
                verdicts[key] = try HostCommand.evaluate(hostOptions, environment: environment).verdict
            }
            return ProbeConfirmation.confirm(error, verdict: verdicts[key]!, url: url)
        }
        return Applied(errors: checked, urlsNotProbed: notProbed.count)
    }
}

extension WhyChecks {
    /// Reads the options of `atscheck why`.
    init(_ arguments: ParsedArguments) throws {
        typealias Command = WhyCommand
        let policyPath = try arguments[Command.policy]
        let url = try arguments[Command.url]
        if let url, CheckTarget.parse(url) == nil || !url.contains("://") {
            throw UsageError(command: Command.spec.name, message: "invalid --url '\(url)' (expected an http:// or https:// URL)")
        }
        let probing = arguments[Command.probe]
        if !probing, try arguments[HostCommand.address] != nil || arguments[HostCommand.port] != nil || arguments[HostCommand.at] != nil {
            throw UsageError(command: Command.spec.name, message: "'--address', '--port' and '--at' go with '--probe'")
        }
        var trustStore = try TrustStoreOptions(arguments, command: Command.spec.name)
        let time = try arguments[HostCommand.at] ?? Date()
        if probing {
            trustStore.logListRefresh = try IssuerFetchArguments.logListRefresh(arguments, at: time, timeout: try arguments[HostCommand.timeout].seconds)
        }
        self.init(context: WhyContext(url: url, policyPath: policyPath),
                  policySource: try PolicyOptions.loadSource(arguments, policy: Command.policy),
                  loadContext: try arguments[Command.loadContext], explicitTarget: try arguments[Command.target],
                  subdomainDepth: try arguments[PolicyOptions.subdomainDepth], legacyKeys: try arguments[PolicyOptions.legacyKeys],
                  probe: probing, trustStore: trustStore,
                  address: try arguments[HostCommand.address]?.text, port: try arguments[HostCommand.port],
                  time: time, timeout: try arguments[HostCommand.timeout].seconds)
        issuerFetch = try IssuerFetchArguments.options(arguments)
    }
}
