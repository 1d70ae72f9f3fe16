/// Reads the evidence on one line of a pasted log: every code, key, URL and console shape of
/// docs/ats-rules.md#error-codes. Pure: one line in, facts out.
///
/// Linear in the line's length: the words patterns begin with are found in one pass (a table
/// of their first two bytes), and each pattern is tried anchored at them on pieces that never
/// overlap (``LineRule``); nothing searches a pattern from every position.
struct LineScanner: Sendable {
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

    /// Every anchor of every rule, then every message, as one byte table.
    private static let anchors: AnchorTable = {
        var texts: [(text: String, foldsCase: Bool)] = []
        for rule in LineRule.all { texts += rule.anchors.map { ($0, rule.foldsCase) } }
        texts += messages.map { ($0.0, false) }
        return AnchorTable(texts)
    }()

    /// The anchor numbers of each rule (the table lists them in rule order).
    private static let ruleAnchors: [Range<Int>] = {
        var ranges: [Range<Int>] = []
        var next = 0
        for rule in LineRule.all {
            ranges.append(next..<(next + rule.anchors.count))
            next += rule.anchors.count
        }
        return ranges
    }()

    /// Cheap test run before the patterns: a line without any of these words holds no error.
    private static let triggers = AnchorTable([
        "rror", "ail", "ATS", "lert", "rust", "Optional(", "conform", "cleartext", "ode", "SSL", "Fault",
        "URLKey", "interface", "timed out", "[-", "[1:", "[3:", "[4:", "[12:", "offline", "could not", "Could not", "certificate",
    ].map { ($0, false) })

    /// Whether the line can hold evidence at all: one pass over its bytes, so a huge paste of
    /// noise costs little.
    static func mayHoldEvidence(_ line: Substring) -> Bool {
        withBytes(line) { triggers.containsAny($0) }
    }

    private static func withBytes<Result>(_ line: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = line.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(line.utf8).withUnsafeBufferPointer(body)
    }

    /// The facts on `line`, in the order their rules are listed (the line's order within a rule).
    static func evidence(in line: Substring) -> [Evidence] {
        guard mayHoldEvidence(line) else { return [] }
        return withBytes(line) { bytes in
            let found = anchors.occurrences(bytes)
            var facts: [Evidence] = []
            var seen: Set<Evidence> = []
            for (number, rule) in LineRule.all.enumerated() {
                for captures in matches(of: rule, at: ruleAnchors[number].flatMap { found[$0] }, in: line, bytes) {
                    if let fact = rule.read(captures), seen.insert(fact).inserted { facts.append(fact) }
                }
            }
            let firstMessage = ruleAnchors.last?.upperBound ?? 0
            if !facts.contains(where: { if case .nsError = $0 { true } else if case .urlCode = $0 { true } else { false } }),
               let code = messages.indices.first(where: { !found[firstMessage + $0].isEmpty }).map({ messages[$0].1 }) {
                facts.append(.urlCode(code))
            }
            return facts
        }
    }

    /// The most matches of one rule read on one line: a real line has a few; a line of thousands
    /// of distinct codes stays a bounded number of facts.
    static let maximumMatches = 64

    /// The captures of each match of `rule` on `line` (the first ``maximumMatches``), given the byte offsets of its anchors.
    private static func matches(of rule: LineRule, at offsets: [Int], in line: Substring, _ bytes: UnsafeBufferPointer<UInt8>) -> [[Substring?]] {
        var starts = offsets.compactMap { rule.start?(bytes, $0) ?? $0 }
        if rule.anchors.count > 1 || rule.start != nil { starts = Array(Set(starts)).sorted() }
        if rule.toEnd { starts = starts.last.map { bytes.count - $0 <= rule.span ? [$0] : [] } ?? [] }
        var found: [[Substring?]] = []
        var matchedUpTo = 0
        for (index, start) in starts.enumerated() where start >= matchedUpTo && found.count < maximumMatches {
            var end = rule.toEnd ? bytes.count : min(bytes.count, start + rule.span, index + 1 < starts.count ? starts[index + 1] : bytes.count)
            // Never in the middle of a character.
            while end > start, end < bytes.count, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            let utf8 = line.utf8
            let window = line[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
            guard let match = try? rule.regex.prefixMatch(in: window) else { continue }
            found.append(match.output.map { $0.substring })
            matchedUpTo = start + utf8.distance(from: window.startIndex, to: match.range.upperBound)
        }
        return found
    }

    /// What the line's shape says of the era, if anything.
    static func eraSignals(in line: Substring) -> Set<EraSignal> {
        withBytes(line) { bytes in
            var signals: Set<EraSignal> = []
            let has = { (text: String) in AnchorTable.contains(bytes, text) }
            if has("Connection "), has("TLS Trust") || has("encountered error") || has("failed to connect") {
                signals.insert(.network)
            }
            if has("finished with error [") || has("HTTP load failed, ") || has("handle_fatal_alert") {
                signals.insert(.network)
            }
            if has("TIC ") || has("finished with error - code") || has("alert_callback_handler")
                || has("HTTP load failed (error code:") || has("System Trust failed for") {
                signals.insert(.tic)
            }
            if has("SSLHandshake failed") || has("tls_handshake_process") || has("UserInfo=0x")
                || has("HTTP load failed (kCFStreamErrorDomainSSL") {
                signals.insert(.secureTransport)
            }
            return signals
        }
    }
}

/// Fixed texts found in bytes by one pass: a 64 Ki table of their first two bytes skips most
/// positions with one look-up.
struct AnchorTable: Sendable {
    /// The texts laid end to end, with where each starts (and the end), for a loop without retains.
    private let bytes: [UInt8]
    private let starts: [Int]
    private let foldsCase: [Bool]
    /// For each pair of first bytes, the range of `pairTexts` listing the texts that begin so.
    private let pairStarts: [Int]
    private let pairTexts: [Int]

    /// A table of `texts`; a text that folds case is compared without regard to ASCII case.
    init(_ texts: [(text: String, foldsCase: Bool)]) {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        var byPair = [[Int]](repeating: [], count: 1 << 16)
        for (number, text) in texts.enumerated() {
            let utf8 = Array((text.foldsCase ? text.text.lowercased() : text.text).utf8)
            starts.append(bytes.count)
            bytes += utf8
            let firsts = text.foldsCase ? Self.cases(utf8[0]) : [utf8[0]]
            // A one-byte text begins at every pair that starts with its byte.
            let seconds = utf8.count > 1 ? (text.foldsCase ? Self.cases(utf8[1]) : [utf8[1]]) : (0...255).map(UInt8.init)
            for first in firsts { for second in seconds { byPair[Int(first) << 8 | Int(second)].append(number) } }
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
        foldsCase = texts.map(\.foldsCase)
        pairStarts = byPair.reduce(into: [0]) { $0.append($0.last! + $1.count) }
        pairTexts = byPair.flatMap { $0 }
    }

    private static func cases(_ byte: UInt8) -> [UInt8] {
        byte >= 0x61 && byte <= 0x7A ? [byte, byte - 0x20] : [byte]
    }

    private static func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }

    /// The byte offsets of each text in `haystack`, by text number.
    func occurrences(_ haystack: UnsafeBufferPointer<UInt8>) -> [[Int]] {
        var found = [[Int]](repeating: [], count: starts.count - 1)
        scan(haystack) { found[$0].append($1); return false }
        return found
    }

    /// Whether any text occurs in `haystack`.
    func containsAny(_ haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        var any = false
        scan(haystack) { _, _ in any = true; return true }
        return any
    }

    /// Calls `body` with each text number and offset found, in the haystack's order, until it returns true.
    private func scan(_ haystack: UnsafeBufferPointer<UInt8>, _ body: (Int, Int) -> Bool) {
        guard let base = haystack.baseAddress, haystack.count > 1 else { return }
        let count = haystack.count
        bytes.withUnsafeBufferPointer { needles in
            starts.withUnsafeBufferPointer { starts in
                pairStarts.withUnsafeBufferPointer { pairStarts in
                    pairTexts.withUnsafeBufferPointer { pairTexts in
                        foldsCase.withUnsafeBufferPointer { foldsCase in
                            var index = 0
                            while index + 1 < count {
                                let pair = Int(base[index]) << 8 | Int(base[index + 1])
                                var entry = pairStarts[pair]
                                let last = pairStarts[pair + 1]
                                while entry < last {
                                    let text = pairTexts[entry]
                                    let start = starts[text], length = starts[text + 1] - start
                                    if index + length <= count {
                                        var offset = 0
                                        if foldsCase[text] {
                                            while offset < length && Self.folded(base[index + offset]) == needles[start + offset] { offset += 1 }
                                        } else {
                                            while offset < length && base[index + offset] == needles[start + offset] { offset += 1 }
                                        }
                                        if offset == length, body(text, index) { return }
                                    }
                                    entry += 1
                                }
                                index += 1
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether `text` occurs in `haystack`: a plain byte search.
    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard let base = haystack.baseAddress, !needle.isEmpty, needle.count <= haystack.count else { return false }
        return needle.withUnsafeBufferPointer { needle in
            let first = needle[0]
            var index = 0
            while index + needle.count <= haystack.count {
                if base[index] == first {
                    var offset = 1
                    while offset < needle.count && base[index + offset] == needle[offset] { offset += 1 }
                    if offset == needle.count { return true }
                }
                index += 1
            }
            return false
        }
    }
}
