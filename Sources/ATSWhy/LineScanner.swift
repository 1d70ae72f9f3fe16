/// Reads the evidence on one line of a pasted log: every code, key, URL and console shape of
/// docs/ats-rules.md#error-codes. Pure: one line in, facts out.
struct LineScanner: Sendable {
    /// One pattern and what its captures mean.
    private struct Rule: @unchecked Sendable {
        let regex: Regex<AnyRegexOutput>
        let read: @Sendable ([Substring?]) -> Evidence?
        init(_ pattern: String, _ read: @escaping @Sendable ([Substring?]) -> Evidence?) {
            // The patterns are literals of this file; a bad one is a programming error.
            regex = try! Regex(pattern)
            self.read = read
        }
    }

    private static func int(_ text: Substring?) -> Int? { text.flatMap { Int($0) } }

    /// A quoted name that is a host (a dot in it, or `localhost`), not a CA's name (`“R3”`);
    /// only host characters, so the command `why` prints with it needs no quoting.
    private static func namedHost(_ text: Substring) -> Evidence? {
        let name = String(text)
        return NextCommand.Target.looksLikeHost(name) || name == "localhost" ? .messageHost(name) : nil
    }

    private static let rules: [Rule] = [
        Rule(#"Error Domain=([A-Za-z0-9_.]+) Code=(-?\d+)"#) { c in int(c[2]).map { .nsError(domain: String(c[1] ?? ""), code: $0) } },
        Rule(#"finished with error \[(-?\d+)\]"#) { c in int(c[1]).map(Evidence.urlCode) },
        Rule(#"finished with error - code: (-?\d+)"#) { c in int(c[1]).map(Evidence.urlCode) },
        Rule(#"(?:error code: )?(-\d{1,4}) \[(\d{1,2}):(-?\d+)\]"#) { c in int(c[1]).map(Evidence.urlCode) },
        Rule(#"(?:error code: )?-\d{1,4} \[(\d{1,2}):(-?\d+)\]"#) { c in
            guard let d = int(c[1]), let n = int(c[2]) else { return nil }
            return .streamPair(domain: d, code: n)
        },
        Rule(#"\}\s*\[(-\d{1,4})\]\s*$"#) { c in int(c[1]).map(Evidence.urlCode) },
        Rule(#"(?:TLS Trust encountered error |encountered error\(|failed to connect |TIC TCP Conn Failed \[[^\]]+\]: )(-?\d+):(-?\d+)"#) { c in
            guard let d = int(c[1]), let n = int(c[2]) else { return nil }
            return .streamPair(domain: d, code: n)
        },
        Rule(#"TIC SSL Trust Error \[[^\]]+\]: (-?\d+):(-?\d+)"#) { _ in .ticTrustError },
        Rule(#"_kCFStreamErrorDomainKey"?\s*[=:]\s*(-?\d+)"#) { c in int(c[1]).map(Evidence.streamDomainKey) },
        Rule(#"(?:_kCFStreamErrorCodeKey|_kCFNetworkCFStreamSSLErrorOriginalValue)"?\s*[=:]\s*(-?\d+)"#) { c in int(c[1]).map(Evidence.streamCodeKey) },
        Rule(#"\(kCFStreamErrorDomainSSL, (-?\d+)\)"#) { c in int(c[1]).map(Evidence.sslCode) },
        Rule(#"SSLHandshake failed \((-?\d+)\)"#) { c in int(c[1]).map(Evidence.sslCode) },
        // Foundation's description of an NSOSStatusErrorDomain error (`The operation couldn’t be completed. (OSStatus error -9836.)`).
        Rule(#"\(OSStatus error (-?\d+)\.?\)"#) { c in int(c[1]).map { .nsError(domain: "NSOSStatusErrorDomain", code: $0) } },
        Rule(#"tls_handshake_process: \[(-?\d+)\]"#) { c in int(c[1]).map(Evidence.sslCode) },
        Rule(#"(-98\d\d): Optional\("#) { c in int(c[1]).map(Evidence.nwTLSDescription) },
        Rule(#"(default|strict|system) TLS Trust evaluation failed\((-?\d+)\)"#) { c in
            int(c[2]).map { .trustEvaluation(kind: String(c[1] ?? ""), code: $0) }
        },
        Rule(#"ATS failed system trust|System Trust failed for"#) { _ in .atsSystemTrustFailed },
        Rule(#"ATS [Vv]iolation"#) { _ in .atsViolation },
        Rule(#"App Transport Security has blocked a cleartext HTTP|does not conform to ATS policy"#) { _ in .cleartextBlocked },
        Rule(#"Trust evaluate failure:((?: \[(?:leaf|root|ca\d+)[^\]]*\])+)"#) { c in
            let names = (c[1] ?? "").split(whereSeparator: { " []".contains($0) }).map(String.init)
                .filter { !($0 == "leaf" || $0 == "root" || ($0.hasPrefix("ca") && $0.dropFirst(2).allSatisfy(\.isNumber))) }
            return .trustChecks(names)
        },
        Rule(#"Certificate (\d+) “([^”]*)” has errors: ([^;]+);"#) { c in
            int(c[1]).map { .certificateDetail(index: $0, name: String(c[2] ?? ""), message: String(c[3] ?? "")) }
        },
        Rule(#"(read|write) alert, level: \w+, description: ([^\[\]]+?)\s*$"#) { c in
            .alert(direction: c[1] == "read" ? .read : .write, description: String(c[2] ?? ""))
        },
        Rule(#"Alert level: \w+, description: ([^\[\]]+?)\s*$"#) { c in .alert(direction: .unknown, description: String(c[1] ?? "")) },
        Rule(#"SSL_AD_([A-Z_]+)"#) { c in .alertName(String(c[1] ?? "")) },
        Rule(#"error:([0-9a-fA-F]{8}):SSL routines:[^:]*:([A-Z0-9_]+)"#) { c in
            Int(c[1] ?? "", radix: 16).map { .boringReason(packed: $0, name: String(c[2] ?? "")) }
        },
        Rule(#"Peer disconnected during the middle of a handshake"#) { _ in .peerDisconnected },
        Rule(#"(?:NSErrorFailingURLStringKey|NSErrorFailingURLKey|networkTaskDescription)"?\s*[=:]\s*"?([A-Za-z][A-Za-z0-9+.-]*://[^\s,}"]+)"#) { c in
            c[1].map { .url(String($0)) }
        },
        Rule(#"The server “([^”]+)”"#) { c in c[1].map { .messageHost(String($0)) } },
        // Safari's Web Inspector: "Failed to load resource: … (https://host:port/path, line 0)".
        Rule(#"Failed to load resource: .*\(([A-Za-z][A-Za-z0-9+.-]*://[^\s,()]+), line \d+\)"#) { c in c[1].map { .url(String($0)) } },
        // Security framework messages name the host in typographic quotes ("“pos.example.net”
        // certificate is expired", "… pretending to be “pos.example.net”"), or, printed inside
        // an NSError description, in escaped straight quotes.
        Rule(#"(?:“([^”\s]+)”|\\"([^"\\\s]+)\\"|"([^"\s]+)")\s+certificate\b"#) { c in (c[1] ?? c[2] ?? c[3]).flatMap(namedHost) },
        Rule(#"pretending to be (?:“([^”\s]+)”|\\"([^"\\\s]+)\\"|"([^"\s]+)")"#) { c in (c[1] ?? c[2] ?? c[3]).flatMap(namedHost) },
        Rule(#"(?:_kCFStreamPropertySSLClientCertificateState|NSErrorClientCertificateStateKey)"?\s*[=:]\s*(\d+)"#) { c in
            int(c[1]).map(Evidence.clientCertificateState)
        },
        Rule(#"interface: ([a-z_]+\d*)"#) { c in c[1].map { .pathInterface(String($0)) } },
        Rule(#"(?i)NWError error (\d)"#) { c in int(c[1]).map(Evidence.networkError) },
        Rule(#"didFail(?:Provisional)?LoadForFrame: .*?domain=([^,\s]+), code=(-?\d+)"#) { c in
            int(c[2]).map { .webKit(domain: String(c[1] ?? ""), code: $0) }
        },
        Rule(#"Operation timed out|The request timed out"#) { _ in .timedOut },
        Rule(#"do not meet pinning requirements"#) { _ in .pinningSentence },
    ]

    /// Cheap test run before the patterns: a line without any of these words holds no error.
    private static let triggers: [[UInt8]] = [
        "rror", "ail", "ATS", "lert", "rust", "Optional(", "conform", "cleartext", "ode", "SSL", "Fault",
        "URLKey", "interface", "timed out", "[-", "[1:", "[3:", "[4:", "[12:", "offline", "could not", "Could not", "certificate",
    ].map { Array($0.utf8) }

    /// The triggers' first two bytes, as a 64 Ki table: most positions are skipped with one look-up.
    private static let pairs: [Bool] = {
        var table = [Bool](repeating: false, count: 1 << 16)
        for trigger in triggers { table[Int(trigger[0]) << 8 | Int(trigger[1])] = true }
        return table
    }()

    /// The triggers laid end to end, with where each starts (and the end), for a loop without retains.
    private static let flat: (bytes: [UInt8], starts: [Int]) = {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        for trigger in triggers {
            starts.append(bytes.count)
            bytes += trigger
        }
        starts.append(bytes.count)
        return (bytes, starts)
    }()

    /// Whether the line can hold evidence at all: one pass over its bytes, so a huge paste of
    /// noise costs little.
    static func mayHoldEvidence(_ line: Substring) -> Bool {
        if let found = line.utf8.withContiguousStorageIfAvailable(containsTrigger) { return found }
        return Array(line.utf8).withUnsafeBufferPointer(containsTrigger)
    }

    private static func containsTrigger(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress, bytes.count > 1 else { return false }
        // Copied out of the statics: in a debug build each static access is a call.
        let (table, flat) = (pairs, flat)
        return table.withUnsafeBufferPointer { table in
            flat.bytes.withUnsafeBufferPointer { needles in
                flat.starts.withUnsafeBufferPointer { starts in
                    var index = 0
                    while index + 1 < bytes.count {
                        if table[Int(base[index]) << 8 | Int(base[index + 1])] {
                            var trigger = 0
                            while trigger + 1 < starts.count {
                                let start = starts[trigger], length = starts[trigger + 1] - start
                                if index + length <= bytes.count {
                                    var offset = 0
                                    while offset < length && base[index + offset] == needles[start + offset] { offset += 1 }
                                    if offset == length { return true }
                                }
                                trigger += 1
                            }
                        }
                        index += 1
                    }
                    return false
                }
            }
        }
    }

    /// The facts on `line`, in the order their patterns are listed (nesting order kept within a pattern).
    static func evidence(in line: Substring) -> [Evidence] {
        guard mayHoldEvidence(line) else { return [] }
        var found: [Evidence] = []
        for rule in rules {
            for match in line.matches(of: rule.regex) {
                let captures = match.output.map { $0.substring }
                if let fact = rule.read(Array(captures)), !found.contains(fact) { found.append(fact) }
            }
        }
        if !found.contains(where: { if case .nsError = $0 { true } else if case .urlCode = $0 { true } else { false } }),
           let code = messages.first(where: { line.contains($0.0) })?.1 {
            found.append(.urlCode(code))
        }
        return found
    }

    /// NSURLError messages, for apps that log only `localizedDescription` and for Safari's
    /// `Failed to load resource:` lines; read only when the line carries no code of its own.
    private static let messages: [(String, Int)] = [
        ("An SSL error has occurred and a secure connection to the server cannot be made", -1200),
        ("App Transport Security policy requires the use of a secure connection", -1022),
        ("The certificate for this server is invalid", -1202),
        ("The certificate for this server has expired", -1201),
        ("Could not connect to the server", -1004),
        ("The request timed out", -1001),
        ("The Internet connection appears to be offline", -1009),
        ("A server with the specified hostname could not be found", -1003),
    ]

    /// What the line's shape says of the era, if anything.
    static func eraSignals(in line: Substring) -> Set<EraSignal> {
        var signals: Set<EraSignal> = []
        if line.contains("Connection "), line.contains("TLS Trust") || line.contains("encountered error") || line.contains("failed to connect") {
            signals.insert(.network)
        }
        if line.contains("finished with error [") || line.contains("HTTP load failed, ") || line.contains("handle_fatal_alert") {
            signals.insert(.network)
        }
        if line.contains("TIC ") || line.contains("finished with error - code") || line.contains("alert_callback_handler")
            || line.contains("HTTP load failed (error code:") || line.contains("System Trust failed for") {
            signals.insert(.tic)
        }
        if line.contains("SSLHandshake failed") || line.contains("tls_handshake_process") || line.contains("UserInfo=0x")
            || line.contains("HTTP load failed (kCFStreamErrorDomainSSL") {
            signals.insert(.secureTransport)
        }
        return signals
    }
}
