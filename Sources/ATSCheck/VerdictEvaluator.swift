import ATSVocabulary
import ATSPolicy
import ATSCertificates
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ATSPinning
import ATSPinningLoaders
import ATSPinningOpenSSL
import ATSProbe

/// Everything a verdict is computed from.
public struct VerdictInput: Sendable {
    /// The URL as given (http:// or https://).
    public let url: String
    /// The load context.
    public let context: LoadContext
    /// The app's policy document (nil: no Info.plist, full ATS).
    public let policyDocument: PlistDocument?
    /// Target OS, subdomain depth, legacy keys.
    public let options: ResolutionOptions
    /// What the probes saw (nil when nothing was probed, e.g. a cleartext URL).
    public let observation: Observation?
    /// Validates the served chain.
    public let trustEvaluator: TrustEvaluator
    /// The instant of evaluation.
    public let time: Date
    /// Pins from outside the policy document (TrustKit / Android NSC, `host --pins`), checked
    /// with ``PinVerifier`` against the built chain besides ATS `NSPinnedDomains`.
    public var extraPins: [PinPolicy] = []
    /// Certificates fetched from caIssuers URLs to complete the served chain (trustd fetches
    /// them; ``IssuerFetching``), and every fetch tried.
    public var issuers: IssuerCompletion = .none
    /// The URL parsed and resolved once, before any probe (or why it cannot be).
    let load: Result<ResolvedLoad, ResolutionError>

    /// Creates an input; `url` is parsed and resolved here.
    public init(url: String, context: LoadContext, policyDocument: PlistDocument?, options: ResolutionOptions,
                observation: Observation?, trustEvaluator: TrustEvaluator, time: Date) {
        let load = Result { () throws(ResolutionError) in
            ResolvedLoad(url: try ResolvableURL(parsing: url), context: context, policyDocument: policyDocument, options: options)
        }
        self.init(url: url, load: load, context: context, policyDocument: policyDocument, options: options, observation: observation,
                  trustEvaluator: trustEvaluator, time: time)
    }

    /// An input for a load resolved already (``ATSChecker`` resolves before it probes).
    init(url: String, load: Result<ResolvedLoad, ResolutionError>, context: LoadContext, policyDocument: PlistDocument?,
         options: ResolutionOptions, observation: Observation?, trustEvaluator: TrustEvaluator, time: Date) {
        self.url = url
        self.load = load
        self.context = context
        self.policyDocument = policyDocument
        self.options = options
        self.observation = observation
        self.trustEvaluator = trustEvaluator
        self.time = time
    }
}

/// `evaluate(requirements, observation, trust, at:)`: folds the probes into a verdict with
/// every reason, a verified fix for each, and the diagnostics matrix.
public enum VerdictEvaluator {
    /// Judges one load.
    public static func evaluate(_ input: VerdictInput) throws(ResolutionError) -> Verdict {
        evaluate(input, load: try input.load.get())
    }

    /// Judges one load resolved already.
    static func evaluate(_ input: VerdictInput, load: ResolvedLoad) -> Verdict {
        let policy = load.policy, resolution = load.resolution, group = load.suiteGroup
        let requirements = resolution.requirements
        let domain = fixDomain(resolution)

        if resolution.scheme == .http {
            guard resolution.blocksCleartext else {
                return Verdict(status: .allowed, reasons: [], resolution: resolution, capabilities: nil, tls: nil, trust: nil, chain: [],
                               diagnostics: [], notes: ["cleartext HTTP is allowed for this host; nothing to check over TLS"])
            }
            let fix = verifiedFix(input, load: load, domain: domain, candidates: [[(ATSKeys.allowsInsecureHTTPLoads, .bool(true))]]) { $0.requirements.allowsInsecureHTTP }
                .map { Fix(exceptionDomain: domain, exceptionKeys: $0.keys, plistSnippet: $0.snippet, serverChange: "serve the resource over HTTPS") }
            let reason = CheckReason(code: .connection(.insecureHTTP),
                                     message: "ATS refuses cleartext http:// to \(resolution.host) before any connection is made",
                                     nsurlError: AppleError.URLDomain.appTransportSecurityRequiresSecureConnection, secureTransportError: nil,
                                     source: Citation.trustEvaluation, fix: fix)
            return Verdict(status: .blocked, reasons: ranked([reason], resolution), resolution: resolution, capabilities: nil, tls: nil, trust: nil, chain: [],
                           diagnostics: [], notes: [])
        }

        guard let observation = input.observation else {
            return Verdict(status: .unknown, reasons: [], resolution: resolution, capabilities: nil, tls: nil, trust: nil, chain: [], diagnostics: [],
                           notes: ["the server was not probed"])
        }
        let capabilities = TLSCapabilities(observation)
        let chain = servedChain(observation)
        var notes: [String] = (chainProbe(observation)?.servedChain.notes ?? []).map(\.description)
        let trust = chain.isEmpty ? nil : input.trustEvaluator.evaluate(
            chain + input.issuers.issuers, host: observation.endpoint.host, at: input.time,
            deliveredSCTs: (observation.probe(ProbeName.appleDefault)?.deliveredSCTs ?? []).map(\.received),
            ocspResponse: observation.probe(ProbeName.appleDefault)?.stapledOCSP)
        var tls = TLSAssessment.assess(capabilities, atsEnforced: requirements.atsEnforced, minimum: requirements.minimumTLSVersion,
                                       suites: requirements.cipherSuitePolicy, group: group)
        var reasons: [CheckReason] = []
        var appCodeReasons: [CheckReason] = []
        var unknown = false

        // The app's own handshake decides; the other probes explain it.
        var inconsistency: String? = nil
        if capabilities.connectivityFailure == nil {
            let expected = ProbePlan.spec(.appleDefault, group: group, offer: AppOffer(requirements))
            switch AppHandshake(observation, expected: expected) {
            case .completed(let probe):
                if !tls.passed, let version = probe.version {
                    if case .fails(_, let message) = tls {
                        notes.append("the app's own handshake completed at \(version.rawValue), although the other probes suggest otherwise (\(message)); the app's handshake decides")
                    }
                    tls = .passes(version)
                }
            case .refused(_, let text):
                if tls.passed {
                    inconsistency = "the server refused the app's ClientHello (\(text)) but accepted offers the app would also make; other probes: \(AppHandshake.summary(observation))"
                }
            case .droppedTwice(let text):
                if tls.passed { inconsistency = text + "; other probes: " + AppHandshake.summary(observation) }
            case .changed(let text):
                inconsistency = text + "; other probes: " + AppHandshake.summary(observation)
            case .undetermined:
                break
            }
        }
        if !servedFromApp(observation), !chain.isEmpty {
            notes.append("the app's own handshake brought no certificate chain; the chain judged is the one probe \(chainSource(observation) ?? "another probe") received")
        }

        if let inconsistency {
            unknown = true
            reasons.append(CheckReason(code: .connection(.inconsistentServer),
                                       message: inconsistency + " (a verdict needs the server to answer the app's offer the same way each time; try again, or check for a firewall or bot defence that fingerprints ClientHellos)",
                                       nsurlError: AppleError.URLDomain.secureConnectionFailed, secureTransportError: nil,
                                       source: Citation.urlErrors))
        } else {
        switch tls {
        case .passes:
            if requirements.atsEnforced && requirements.cipherSuitePolicy == .unrestricted {
                notes.append("the entry allows cleartext and does not require forward secrecy, so Apple's code leaves the suite list to the system: any suite at or above the minimum version is taken to work (\(RulesDocument.section("ats-cipher-suites")))")
            }
        case .fails(let code, let message):
            reasons.append(tlsReason(code, message, input: input, load: load, domain: domain, capabilities: capabilities))
        case .unknown(let message):
            unknown = true
            reasons.append(connectivityReason(capabilities.connectivityFailure ?? undecidedProbeFailure(observation, message: message),
                                              message: message))
        }
        }

        let chainTooLarge = chainSizeReason(capabilities, target: input.options.target)
        if let chainTooLarge { reasons.append(chainTooLarge) }

        if let trust {
            reasons += trust.reasons.map { CheckReason($0, fix: Fix(exceptionDomain: nil, exceptionKeys: nil, plistSnippet: nil,
                                                                    serverChange: CertificateFixes.serverChange(
                                                                        for: $0, served: chain, host: observation.endpoint.host,
                                                                        publicSuffixes: input.trustEvaluator.publicSuffixes))) }
            notes += trust.notes
            notes += issuerNotes(input.issuers, trust: trust)
            if let pinReason = pinningReason(requirements.pinning, policy: policy, host: resolution.host.text, trust: trust, input: input) {
                reasons.append(pinReason)
            }
            if !input.extraPins.isEmpty {
                let extra = ExtraPinCheck.evaluate(input.extraPins, host: resolution.host.text, chain: trust.path.chain, at: input.time)
                if let reason = extra.reason { appCodeReasons.append(reason) }
                notes += extra.notes
            }
        } else if !unknown && chainTooLarge == nil {
            unknown = true
            reasons.append(connectivityReason(capabilities.connectivityFailure, message: "no certificate chain was received"))
        }

        // The app's own pin check (TrustKit, a delegate) predicts its own error, not the ATS era's.
        reasons = ranked(reasons, resolution) + appCodeReasons
        let blocking = reasons.contains { !$0.code.isUndetermined }
        if reasons.contains(where: { $0.code.isUndetermined }) { unknown = true }
        let status: VerdictStatus = blocking ? .blocked : (unknown ? .unknown : .allowed)
        let diagnostics = DiagnosticsMatrix.evaluate(host: resolution.host.text, capabilities: capabilities,
                                                     chainTrusted: trust.flatMap { $0.isUndetermined ? nil : $0.isTrusted },
                                                     refusedByClient: reasons.contains { $0.code.isRaisedByTLSClient }, group: group)
        return Verdict(status: status, reasons: reasons, resolution: resolution, capabilities: capabilities, tls: tls, trust: trust, chain: chain,
                       diagnostics: diagnostics, notes: notes)
    }

    /// Each reason with the errors an app would log for it on the target, most likely first:
    /// whether ATS enforces system trust for the host decides -1200/-9802 against -1202/-9807
    /// (docs/ats-rules.md#error-codes).
    private static func ranked(_ reasons: [CheckReason], _ resolution: Resolution) -> [CheckReason] {
        reasons.map {
            $0.predicting(LikelyAppErrors.list(for: $0.code, certificateIndex: $0.certificateIndex, target: resolution.target,
                                               atsEnforcesTrust: !resolution.requirements.delegateMayLoosenTrust))
        }
    }

    /// What the caIssuers fetches did: the chain completed from the network (a warning that
    /// remains: clients other than Apple's may not fetch), or why a fetch failed.
    private static func issuerNotes(_ issuers: IssuerCompletion, trust: TrustEvaluation) -> [String] {
        var notes: [String] = []
        let completed = !issuers.issuers.isEmpty && !trust.reasons.contains { $0.code == .certIncompleteChain }
        if completed {
            notes.append("warning: cert-incomplete-chain: the server sends an incomplete chain; it was completed from the network as iOS completes it (trustd fetches the caIssuers URL: "
                         + issuers.fetches.filter { $0.failure == nil }.map(\.url).joined(separator: ", ")
                         + "); clients that do not fetch (Android, curl, many HTTP libraries) refuse it: serve the intermediate after the leaf")
        }
        for fetch in issuers.fetches where fetch.failure != nil {
            notes.append("caIssuers fetch \(fetch.url) failed: \(fetch.failure ?? ""); the chain stays incomplete, as on a device that cannot fetch it")
        }
        return notes
    }

    static let emptyDocument = PlistDocument(root: PlistNode(.dictionary([])), format: .xml)

    /// The chain the app's handshake got (the Apple-like probe, or its retry), else the first
    /// chain another completed probe read (a probe that stopped after the ServerHello has none):
    /// the probe's own decodings. A certificate that did not decode is left out, and the
    /// verdict notes it.
    static func servedChain(_ observation: Observation) -> [Certificate] {
        chainProbe(observation)?.certificates ?? []
    }

    private static let appProbeNames = [ProbeName.appleDefault.rawValue, ProbeName.appleDefault.rawValue + ProbePlan.retrySuffix]

    static func chainProbe(_ observation: Observation) -> ProbeResult? {
        appProbeNames.lazy.compactMap { observation.probe($0) }.first { $0.completed && !$0.peerChain.isEmpty }
            ?? observation.probes.first { $0.completed && !$0.peerChain.isEmpty }
    }

    /// True when the judged chain is the one the app's own handshake got.
    static func servedFromApp(_ observation: Observation) -> Bool {
        chainProbe(observation).map { appProbeNames.contains($0.spec.name) } ?? true
    }

    /// The name of the probe whose chain is judged.
    static func chainSource(_ observation: Observation) -> String? { chainProbe(observation)?.spec.name }

    /// The exception key a fix should edit: the app entry that matched, else the host (an app
    /// entry for a built-in key would replace the built-in entry whole).
    static func fixDomain(_ resolution: Resolution) -> String {
        if case .exceptionDomain(let key, _, _, _) = resolution.source { return key }
        return resolution.host.text
    }

    private static func tlsReason(_ code: ConnectionReasonCode, _ message: String, input: VerdictInput, load: ResolvedLoad, domain: String,
                                  capabilities: TLSCapabilities) -> CheckReason {
        var candidates: [[(String, PlistValue)]] = []
        let lower = TLSVersion.allCases.reversed().filter { capabilities.versions[$0] == .some(true) }
        for version in lower {
            let minimum = (ATSKeys.minimumTLSVersion, PlistValue.string(version.rawValue))
            candidates.append([minimum])
            candidates.append([minimum, (ATSKeys.requiresForwardSecrecy, .bool(false))])
        }
        candidates.insert([(ATSKeys.requiresForwardSecrecy, .bool(false))], at: 0)
        let fix = verifiedFix(input, load: load, domain: domain, candidates: candidates) { resolution in
            TLSAssessment.assess(capabilities, atsEnforced: resolution.requirements.atsEnforced,
                                 minimum: resolution.requirements.minimumTLSVersion,
                                 suites: resolution.requirements.cipherSuitePolicy,
                                 group: load.suiteGroup).passed
        }
        let server: String
        let transport: Int
        switch code {
        case .tlsVersionTooLow:
            server = "enable TLS 1.2 and TLS 1.3 on the server"
            transport = AppleError.StreamDomain.atsMinimumVersionViolation
        case .noForwardSecrecy:
            server = "enable ECDHE key exchange, e.g. ECDHE-RSA-AES128-GCM-SHA256 / ECDHE-ECDSA-AES128-GCM-SHA256"
            transport = AppleError.StreamDomain.atsCiphersuiteViolation
        default:
            server = "enable an ECDHE suite of Apple's ATS group (e.g. ECDHE-RSA-AES128-GCM-SHA256 or ECDHE-ECDSA-AES128-GCM-SHA256), or TLS 1.3; DHE and, from iOS 15.4, CBC-SHA256/SHA384 suites are outside it"
            transport = AppleError.StreamDomain.atsCiphersuiteViolation
        }
        // The version floor is documented; the suite groups come from Apple's code (docs/ats-rules.md#ats-cipher-suites).
        let source = code == .tlsVersionTooLow
            ? Citation.trustEvaluation
            : Citation.appleCode("protocol/SecProtocolInternal.h", "CiphersuitesPFS")
        return CheckReason(code: .connection(code), message: message, nsurlError: AppleError.URLDomain.secureConnectionFailed,
                           secureTransportError: transport,
                           source: source,
                           fix: Fix(exceptionDomain: fix == nil ? nil : domain, exceptionKeys: fix?.keys, plistSnippet: fix?.snippet,
                                    serverChange: server))
    }

    /// Tries candidate exception entries in order; returns the first under which the URL's
    /// re-resolved requirements satisfy `passes`.
    private static func verifiedFix(_ input: VerdictInput, load: ResolvedLoad, domain: String, candidates: [[(String, PlistValue)]],
                                    passes: (Resolution) -> Bool) -> (keys: [String: String], snippet: String)? {
        for candidate in candidates {
            let document = PolicyEditor.settingException(in: input.policyDocument, domain: domain, keys: candidate)
            let resolution = ATSResolver.resolve(load.url, context: input.context, policy: AppTransportSecurity(document: document),
                                                 options: input.options)
            guard passes(resolution) else { continue }
            let entry = PolicyEditor.entryKeys(in: document, domain: domain)
            var keys: [String: String] = [:]
            for (key, value) in entry { keys[key] = PolicyEditor.display(value) }
            return (keys, PolicyEditor.snippet(domain: domain, keys: entry))
        }
        return nil
    }

    /// When some probes completed but one the verdict needs did not: that probe's failure
    /// (timeout, not TLS, connection failure), so the reason names what actually happened
    /// rather than defaulting to connection-failed.
    private static func undecidedProbeFailure(_ observation: Observation, message: String) -> ProbeFailure? {
        for probe in observation.probes {
            guard case .failed(let failure) = probe.outcome else { continue }
            let text = "\(message); probe \(probe.spec.name): \(failure.message)"
            switch failure {
            case .timeout: return .timeout(text)
            case .notTLS: return .notTLS(text)
            case .connectionFailed: return .connectionFailed(text)
            case .handshakeFailed, .certificateListTooLarge: continue
            }
        }
        return nil
    }

    private static func connectivityReason(_ failure: ProbeFailure?, message: String) -> CheckReason {
        let source = Citation.urlErrors
        switch failure {
        case .timeout(let text)?:
            return CheckReason(code: .connection(.timeout), message: text, nsurlError: AppleError.URLDomain.timedOut,
                               secureTransportError: nil, source: source)
        case .notTLS(let text)?:
            return CheckReason(code: .connection(.notTLS), message: "the server did not answer with TLS: \(text)",
                               nsurlError: AppleError.URLDomain.secureConnectionFailed,
                               secureTransportError: AppleError.StreamDomain.sslClosedAbort, source: source)
        case .connectionFailed(let text)?:
            return CheckReason(code: .connection(.connectionFailed), message: text,
                               nsurlError: AppleError.URLDomain.cannotConnectToHost, secureTransportError: nil, source: source)
        default:
            return CheckReason(code: .connection(.connectionFailed), message: message,
                               nsurlError: AppleError.URLDomain.cannotConnectToHost, secureTransportError: nil, source: source)
        }
    }

    /// `chain-too-large` when the server's certificate list exceeds what Apple's TLS
    /// client accepts for the target (``AppleTLSLimits``).
    private static func chainSizeReason(_ capabilities: TLSCapabilities, target: TargetOS) -> CheckReason? {
        guard let limit = AppleTLSLimits.certificateMessageBytes(for: target) else { return nil }
        let size: String
        if capabilities.certificateListBeyondProbeLimit {
            size = "more than \(ProbeLimits.maximumCertificateMessageBytes) bytes"
        } else if let bytes = capabilities.certificateMessageBytes, bytes > limit {
            size = "\(bytes) bytes"
        } else {
            return nil
        }
        return CheckReason(code: .connection(.chainTooLarge),
                           message: "the server's certificate list is \(size), more than the \(limit) bytes Apple's TLS client accepts; the handshake fails before any certificate is judged",
                           nsurlError: AppleError.URLDomain.secureConnectionFailed, secureTransportError: nil,
                           source: Citation.urlErrors,
                           fix: Fix(exceptionDomain: nil, exceptionKeys: nil, plistSnippet: nil,
                                    serverChange: "serve a smaller chain: fewer subjectAltNames per certificate (split the names over several certificates), no unneeded intermediates or root"))
    }

    /// ATS pinning (docs/ats-rules.md#ats-pinned-domains): the leaf pins must match the leaf,
    /// the CA pins some CA of the built chain. The resolver says whether the entry applies on
    /// the target (no `NSPinnedDomains` before iOS 14); the pins are then checked by the one
    /// matcher every pin source uses (`PinVerifier` over `PinPolicy.fromATS`), as the proxy and
    /// library clients check them.
    private static func pinningReason(_ pinning: PinningRequirement?, policy: AppTransportSecurity, host: String,
                                      trust: TrustEvaluation, input: VerdictInput) -> CheckReason? {
        guard let pinning, let leaf = trust.path.chain.first else { return nil }
        let policies = PinPolicy.fromATS(policy, subdomainDepth: input.options.subdomainDepth).policies
        guard case .mismatch(let expected, let seen) = PinVerifier(policies).evaluate(host: host, chain: trust.path.chain, at: input.time)
        else { return nil }
        return CheckReason(code: .connection(.pinMismatch),
                           message: "NSPinnedDomains '\(pinning.domain)': no certificate of the chain matches where it must (NSPinnedLeafIdentities the leaf, NSPinnedCAIdentities a CA); expected one of [\(expected.map(\.base64).joined(separator: ", "))], chain has [\(seen.map(\.base64).joined(separator: ", "))]",
                           nsurlError: AppleError.URLDomain.secureConnectionFailed, secureTransportError: AppleError.StreamDomain.sslFatalAlert,
                           source: Citation.appleCode("OSX/sec/Security/SecPolicy.c", "parseNSPinnedDomains"),
                           fix: Fix(exceptionDomain: nil, exceptionKeys: nil, plistSnippet: nil,
                                    serverChange: "serve a certificate whose key matches a pin, or add the served key's pin (\(leaf.spkiSHA256)) to NSPinnedDomains with a backup"))
    }
}
