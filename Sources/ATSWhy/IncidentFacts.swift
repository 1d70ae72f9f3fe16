import ATSVocabulary

/// The evidence of one error gathered across its lines: the outermost NSURLError code, the SSL
/// code, the POSIX pair, the trust detail, the alerts. Built once, read by the decoder's parts.
struct IncidentFacts: Sendable {
    var firstLine = 0
    var lastLine = 0
    var urlCodes: [Int] = []
    var cfNetworkCodes: [Int] = []
    var sslCodes: [Int] = []
    var streamPairs: [(domain: Int, code: Int)] = []
    var osStatusCodes: [Int] = []
    var otherErrors: [(domain: String, code: Int)] = []
    var trustEvaluation: (kind: String, code: Int)?
    var atsSystemTrustFailed = false
    var ticTrustError = false
    var atsViolation = false
    var cleartextBlocked = false
    var trustChecks: [String] = []
    var certificateDetails: [(index: Int, name: String, message: String)] = []
    var alerts: [(direction: AlertDirection, number: Int?, description: String)] = []
    var boringReasons: [(packed: Int, name: String)] = []
    var peerDisconnected = false
    var urls: [String] = []
    var messageHosts: [String] = []
    var clientCertificateState: Int?
    var interfaces: [String] = []
    var networkErrors: [Int] = []
    var nwTLSDescription: Int?
    var webKit: [(domain: String, code: Int)] = []
    var timedOut = false
    var eraSignals: Set<EraSignal> = []
    var pinningSentence = false

    init(_ lines: [LineFacts]) {
        firstLine = lines.first?.number ?? 0
        lastLine = lines.last?.lastNumber ?? 0
        var domainKey: Int?
        var codeKeys: [Int] = []
        for line in lines {
            eraSignals.formUnion(line.eraSignals)
            for fact in line.evidence { take(fact, domainKey: &domainKey, codeKeys: &codeKeys) }
        }
        if let domain = domainKey {
            for code in codeKeys { addPair(domain: domain, code: code) }
        }
        if peerDisconnected { Self.append(-9816, to: &sslCodes) }
        if cleartextBlocked, urlCodes.isEmpty { urlCodes.append(-1022) }
    }

    private mutating func take(_ fact: Evidence, domainKey: inout Int?, codeKeys: inout [Int]) {
        switch fact {
        case let .nsError(domain, code):
            switch AppleError.Family(domain: domain) {
            case .nsurl: Self.append(code, to: &urlCodes)
            case .cfNetwork: Self.append(code, to: &cfNetworkCodes)
            case .osStatus:
                // SecureTransport's errSSL* codes are OSStatus values: a socket library that
                // reports them as NSOSStatusErrorDomain (SocketRocket, MQTT clients) names the SSL code.
                if (-9899 ... -9800).contains(code) { Self.append(code, to: &sslCodes) } else { Self.append(code, to: &osStatusCodes) }
            default: if otherErrors.count < Self.maximumValues { otherErrors.append((domain, code)) }
            }
        case let .urlCode(code): Self.append(code, to: &urlCodes)
        case let .streamPair(domain, code): addPair(domain: domain, code: code)
        case let .streamDomainKey(domain): domainKey = domainKey ?? domain
        case let .streamCodeKey(code): Self.append(code, to: &codeKeys)
        case let .sslCode(code): Self.append(code, to: &sslCodes)
        case let .nwTLSDescription(code):
            nwTLSDescription = code
            Self.append(code, to: &sslCodes)
        case let .trustEvaluation(kind, code):
            trustEvaluation = trustEvaluation ?? (kind, code)
            Self.append(code, to: &sslCodes)
        case .atsSystemTrustFailed: atsSystemTrustFailed = true
        case .ticTrustError: ticTrustError = true
        case .atsViolation: atsViolation = true
        case .cleartextBlocked: cleartextBlocked = true
        case let .trustChecks(names): for name in names { Self.append(name, to: &trustChecks) }
        case let .certificateDetail(index, name, message): if certificateDetails.count < Self.maximumValues { certificateDetails.append((index, name, message)) }
        case let .alert(direction, description):
            if alerts.count < Self.maximumValues { alerts.append((direction, AppleError.tlsAlert(described: description), description)) }
        case let .alertName(name):
            let description = name.lowercased().replacingUnderscores()
            if alerts.count < Self.maximumValues, !alerts.contains(where: { $0.description.lowercased() == description }) {
                alerts.append((.unknown, AppleError.tlsAlert(described: description), description))
            }
        case let .boringReason(packed, name): if boringReasons.count < Self.maximumValues { boringReasons.append((packed, name)) }
        case .peerDisconnected: peerDisconnected = true
        case let .url(url): Self.append(url, to: &urls)
        case let .messageHost(host): Self.append(host, to: &messageHosts)
        case let .clientCertificateState(state): clientCertificateState = state
        case let .pathInterface(name): Self.append(name, to: &interfaces)
        case let .networkError(index): Self.append(index, to: &networkErrors)
        case let .webKit(domain, code):
            if webKit.count < Self.maximumValues { webKit.append((domain, code)) }
            if AppleError.Family(domain: domain) == .nsurl { Self.append(code, to: &urlCodes) }
        case .timedOut: timedOut = true
        case .pinningSentence: pinningSentence = true
        }
    }

    private mutating func addPair(domain: Int, code: Int) {
        if domain == 3 {
            if code != 0 { Self.append(code, to: &sslCodes) }
        } else if streamPairs.count < Self.maximumValues, !streamPairs.contains(where: { $0 == (domain, code) }) {
            streamPairs.append((domain, code))
        }
    }

    /// The most values of one kind an error keeps: a real one names a handful, and a flood of
    /// distinct codes or URLs (one line can hold thousands) costs no more than a look at each.
    static let maximumValues = 64

    private static func append<Value: Equatable>(_ value: Value, to list: inout [Value]) {
        if list.count < maximumValues, !list.contains(value) { list.append(value) }
    }

    /// The NSURLError code the app got: the outermost one, or CFNetwork's mirror of it.
    var urlCode: Int? { urlCodes.first ?? cfNetworkCodes.first { $0 < 0 && $0 >= -3007 } }

    /// The SSL code, when one was reported.
    var sslCode: Int? { sslCodes.first }

    /// The BoringSSL reason names.
    var boringNames: [String] { boringReasons.map(\.name) }

    /// Whether an alert with `description` went in `direction`.
    func hasAlert(_ direction: AlertDirection, _ descriptions: Set<String>) -> Bool {
        alerts.contains { $0.direction == direction && descriptions.contains($0.description) }
    }

    /// The era: the most recent shape seen wins, since older shapes (L7) linger into later eras.
    var era: LogEra {
        if eraSignals.contains(.network) { return .network }
        if eraSignals.contains(.tic) { return .tic }
        if eraSignals.contains(.secureTransport) { return .secureTransport }
        return .unknown
    }
}

extension String {
    /// `CERTIFICATE_UNKNOWN` lower-cased → `certificate unknown`, BoringSSL's printed form.
    func replacingUnderscores() -> String {
        String(map { $0 == "_" ? " " : $0 })
    }
}
