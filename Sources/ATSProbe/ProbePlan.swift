import ATSVocabulary

/// The names of the probes ``ProbePlan`` knows how to build.
public enum ProbeName: String, Sendable, Hashable, Codable, CaseIterable {
    /// Apple-like ClientHello: TLS 1.2–1.3, Apple's suites and groups, OCSP and SCTs requested.
    case appleDefault = "default"
    /// TLS 1.0 only, offering only the release's ATS suites (forward-secret first, then static RSA).
    case tls10 = "tls1.0"
    /// TLS 1.1 only, offering only the release's ATS suites (forward-secret first, then static RSA).
    case tls11 = "tls1.1"
    /// TLS 1.2 only, every suite OpenSSL has.
    case tls12 = "tls1.2"
    /// TLS 1.3 only, the TLS 1.3 suites Apple offers.
    case tls13 = "tls1.3"
    /// TLS 1.2 with exactly the release's `ats` group, in Apple's order (docs/ats-rules.md#ats-cipher-suites).
    case tls12ATSForwardSecret = "tls1.2-ats-fs"
    /// TLS 1.2 with exactly the release's `ats_compatibility` (static-RSA) group (docs/ats-rules.md#ats-cipher-suites).
    case tls12StaticRSA = "tls1.2-static-rsa"
    /// TLS 1.2 with everything except both groups (DHE, CBC-SHA2 on newer releases, ...), to explain failures.
    case tls12Other = "tls1.2-other"

    /// The probe that offers `version` alone.
    public static func only(_ version: TLSVersion) -> ProbeName {
        switch version {
        case .tls10: return .tls10
        case .tls11: return .tls11
        case .tls12: return .tls12
        case .tls13: return .tls13
        }
    }
}

/// What the app puts in its ClientHello under the resolved policy: the version floor and
/// the suite group (docs/ats-rules.md#ats-cipher-suites). The Apple-like probe offers exactly
/// this, so the first handshake is the app's handshake.
public struct AppOffer: Sendable, Hashable, Codable {
    /// The lowest version offered (`NSExceptionMinimumTLSVersion`, TLS 1.2 by default).
    public var minimum: TLSVersion
    /// The suites offered.
    public var suites: CipherSuitePolicy

    /// An offer; the default is full ATS (TLS 1.2 and up, the forward-secret ATS group).
    public init(minimum: TLSVersion = .tls12, suites: CipherSuitePolicy = .ats) {
        self.minimum = minimum
        self.suites = suites
    }

    /// Full ATS: what an app with no ATS keys offers.
    public static let fullATS = AppOffer()
}

/// The handshakes a verdict needs, as plain specs. Pure: builds values, touches no network.
public struct ProbePlan: Sendable, Hashable, Codable {
    /// The specs, in the order results are reported.
    public let specs: [ProbeSpec]

    /// A plan of these specs.
    public init(specs: [ProbeSpec]) {
        self.specs = specs
    }

    /// A plan of the named probes for the release whose suites are `group`, in the order
    /// given (duplicates dropped); the Apple-like probe offers what `offer` says.
    public init(_ names: [ProbeName], group: ATSSuiteGroup = .latest, offer: AppOffer = .fullATS) {
        var seen = Set<ProbeName>()
        specs = names.filter { seen.insert($0).inserted }.map { ProbePlan.spec($0, group: group, offer: offer) }
    }

    /// Everything a full verdict uses for a target whose suites are `group`: the Apple-like
    /// probe, one probe per version, and the three TLS 1.2 suite-group probes (8 handshakes).
    /// Only the Apple-like probe runs its handshake to the end (it collects OCSP and SCTs, and
    /// its failure is the app's); the TLS 1.0 and 1.1 probes stop once the server's
    /// Certificate is processed (a server that accepts them is usually one the Apple-like
    /// probe fails on, and then they supply the chain), every other probe once the ServerHello
    /// is. When no probe brought a chain, ``chainFollowUp(after:)`` adds one handshake for it
    /// (docs/ats-rules.md, "The handshakes").
    public static func standard(_ group: ATSSuiteGroup = .latest, offer: AppOffer = .fullATS) -> ProbePlan {
        ProbePlan(ProbeName.allCases, group: group, offer: offer)
    }

    /// Every follow-up a settled plan may need: the Apple-like probe again when it got no TLS
    /// answer (``retryFollowUp(after:)``), and a handshake for the chain (``chainFollowUp(after:)``).
    public static func followUps(after results: [ProbeResult]) -> [ProbeSpec] {
        retryFollowUp(after: results) + chainFollowUp(after: results) + otherCertificateFollowUps(after: results)
    }

    /// The TLS 1.2 suite-group probes (`tls1.2-ats-fs`, `tls1.2-static-rsa`) again, run to the
    /// server's Certificate with SCTs asked for and named `NAME+chain`, for each that completed
    /// with a kind of certificate (``ServedCertificateKind``) no probe read, when the
    /// diagnostics matrix's rows are made at TLS 1.2 (no probe completed TLS 1.3, or the app
    /// offers none): a server holding an RSA and an ECDSA certificate hands those rows another
    /// leaf than the app got. Empty when no probe read a chain (``chainFollowUp(after:)``).
    public static func otherCertificateFollowUps(after results: [ProbeResult]) -> [ProbeSpec] {
        let read = Set(results.filter { !$0.peerChain.isEmpty }.compactMap(ServedCertificateKind.init))
        guard !read.isEmpty else { return [] }
        let appOffersTLS13 = results.first { $0.spec.name == ProbeName.appleDefault.rawValue }?.spec.maxVersion == .tls13
        guard !appOffersTLS13 || !results.contains(where: { $0.completed && $0.version == .tls13 }) else { return [] }
        return results.filter {
            [ProbeName.tls12ATSForwardSecret.rawValue, ProbeName.tls12StaticRSA.rawValue].contains($0.spec.name)
                && $0.peerChain.isEmpty && ServedCertificateKind($0).map { !read.contains($0) } == true
        }.map { probe in
            probe.spec.again(named: chainFollowUpSuffix, requestSCTs: true, stopAfter: .certificate)
        }
    }

    /// The Apple-like probe once more, with the same offer, named `default+retry`, when it
    /// failed without any TLS answer from the server (a reset or a close after the
    /// ClientHello, not an alert and not a deadline): one reset is not a refusal, and a server
    /// that answers the same offer differently twice is inconsistent. Empty otherwise.
    public static func retryFollowUp(after results: [ProbeResult]) -> [ProbeSpec] {
        guard let app = results.first(where: { $0.spec.name == ProbeName.appleDefault.rawValue }),
              case .failed(let failure) = app.outcome, !app.serverAnsweredTLS else { return [] }
        guard case .handshakeFailed = failure else { return [] }
        return [app.spec.again(named: retrySuffix, requestSCTs: app.spec.requestSCTs, stopAfter: app.spec.stopAfter)]
    }

    /// What ``retryFollowUp(after:)`` appends to the Apple-like probe's name.
    public static let retrySuffix = "+retry"

    /// The handshake to add once a plan's results are in, when none of them brought the
    /// server's chain (the Apple-like probe failed and no TLS 1.0 or 1.1 probe was accepted)
    /// but the server accepted the TLS 1.3 or TLS 1.2 probe, which stop at the ServerHello: the
    /// first of those (in that order) again, named `NAME+chain`, run to the server's Certificate. Empty otherwise.
    /// Decoding a chain costs OpenSSL 3.0 about 1.5 million instructions per certificate, which
    /// every verdict on a healthy server would otherwise pay twice more.
    public static func chainFollowUp(after results: [ProbeResult]) -> [ProbeSpec] {
        guard !results.contains(where: { $0.completed && !$0.peerChain.isEmpty }) else { return [] }
        // TLS 1.3 first: the app and the matrix rows make their handshake at the highest version,
        // and at TLS 1.3 the certificate is chosen by signature algorithms, not by the suite.
        let versionProbes = [ProbeName.tls13.rawValue, ProbeName.tls12.rawValue]
        guard let accepted = versionProbes.lazy.compactMap({ name in
            results.first { $0.spec.name == name && $0.completed && $0.stoppedAfter == .serverHello }
        }).first else { return [] }
        return [accepted.spec.again(named: chainFollowUpSuffix, requestSCTs: accepted.spec.requestSCTs, stopAfter: .certificate)]
    }

    /// What ``chainFollowUp(after:)`` appends to the name of the probe it repeats.
    public static let chainFollowUpSuffix = "+chain"

    /// The spec names in order.
    public var names: [String] { specs.map(\.name) }

    // MARK: - Cipher strings

    /// Every TLS ≤ 1.2 suite OpenSSL has (including NULL and anonymous ones) at security level 0:
    /// what ``TLSProber`` offers when a spec's `cipherList` is nil.
    public static let allTLS12CipherList = "ALL:COMPLEMENTOFALL:@SECLEVEL=0"

    /// The Apple groups, in Apple's order (OpenSSL names).
    public static let appleGroups = "X25519:P-256:P-384:P-521"

    /// The ALPN protocols every probe offers.
    public static let alpnProtocols = ["h2", "http/1.1"]

    /// A cipher string offering exactly `suites`, at security level 0.
    public static func cipherList(_ suites: [CipherSuite]) -> String {
        ATSCipherSuites.cipherString(suites) + ":@SECLEVEL=0"
    }

    /// A cipher string offering every suite OpenSSL has except `excluded` (removed for good with `!`).
    public static func cipherList(excluding excluded: [CipherSuite]) -> String {
        (["ALL", "COMPLEMENTOFALL"] + excluded.map { "!" + $0.openSSLName } + ["@SECLEVEL=0"]).joined(separator: ":")
    }

    // MARK: - Specs

    /// The spec for one named probe under the release whose suites are `group`; the
    /// Apple-like probe offers what `offer` says.
    public static func spec(_ name: ProbeName, group: ATSSuiteGroup = .latest, offer: AppOffer = .fullATS) -> ProbeSpec {
        let tls13 = group.tls13.isEmpty ? ATSCipherSuites.appleTLS13 : group.tls13
        switch name {
        case .appleDefault:
            // What the app offers: the release's ATS group in Apple's order, plus the
            // non-forward-secret group only when the policy lets the app offer it
            // (NSExceptionRequiresForwardSecrecy NO, or ATS off), from the policy's floor up.
            let suites = offer.suites == .ats ? group.tls12 : group.tls12 + group.nonForwardSecret
            return ProbeSpec(name: name.rawValue, minVersion: offer.minimum,
                             maxVersion: group.tls13.isEmpty ? .tls12 : .tls13,
                             cipherList: cipherList(suites),
                             cipherSuites: ATSCipherSuites.cipherString(tls13),
                             groups: appleGroups, requestOCSP: true, requestSCTs: true)
        case .tls10, .tls11:
            // Below TLS 1.2 the verdict needs to know whether an ATS suite is available (an
            // exception can lower the version floor, never widen the suite list), so these offer
            // only the ATS suites, forward-secret ones first: a server without server-side
            // preference picks ECDHE when it has it.
            let version: TLSVersion = name == .tls10 ? .tls10 : .tls11
            return ProbeSpec(name: name.rawValue, minVersion: version, maxVersion: version,
                             cipherList: cipherList(group.tls12 + group.nonForwardSecret), groups: appleGroups,
                             stopAfter: .certificate)
        case .tls12:
            return onlyVersion(.tls12, name: name)
        case .tls13:
            return ProbeSpec(name: name.rawValue, minVersion: .tls13, maxVersion: .tls13, cipherList: nil,
                             cipherSuites: ATSCipherSuites.cipherString(tls13), groups: nil, stopAfter: .serverHello)
        case .tls12ATSForwardSecret:
            return ProbeSpec(name: name.rawValue, minVersion: .tls12, maxVersion: .tls12,
                             cipherList: cipherList(group.tls12), groups: appleGroups, stopAfter: .serverHello)
        case .tls12StaticRSA:
            return ProbeSpec(name: name.rawValue, minVersion: .tls12, maxVersion: .tls12,
                             cipherList: cipherList(group.nonForwardSecret), groups: appleGroups, stopAfter: .serverHello)
        case .tls12Other:
            return ProbeSpec(name: name.rawValue, minVersion: .tls12, maxVersion: .tls12,
                             cipherList: cipherList(excluding: group.tls12 + group.nonForwardSecret), groups: nil,
                             stopAfter: .serverHello)
        }
    }

    private static func onlyVersion(_ version: TLSVersion, name: ProbeName) -> ProbeSpec {
        ProbeSpec(name: name.rawValue, minVersion: version, maxVersion: version, cipherList: nil, cipherSuites: nil, groups: nil,
                  stopAfter: .serverHello)
    }
}

private extension ProbeSpec {
    /// The same offer once more, its name given `suffix`, asking for SCTs or not and run as far as `stopAfter`.
    func again(named suffix: String, requestSCTs: Bool, stopAfter: HandshakeStop?) -> ProbeSpec {
        ProbeSpec(name: name + suffix, minVersion: minVersion, maxVersion: maxVersion, cipherList: cipherList, cipherSuites: cipherSuites,
                  groups: groups, requestOCSP: requestOCSP, requestSCTs: requestSCTs, stopAfter: stopAfter)
    }
}
