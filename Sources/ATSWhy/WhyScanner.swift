/// Finds every error in a pasted log, line by line, keeping only the lines that carry
/// evidence: memory stays bounded by the errors found, not by the paste.
///
/// Lines with evidence that follow each other (up to ``maximumGap`` noise lines apart) form one
/// error; a line that ends a task (`finished with error`, a top-level NSError description)
/// closes it, so two failures printed back to back stay two. An NSError description that goes
/// on past its line (Xcode prints certificate chains and nested `UserInfo` dictionaries over
/// several lines) is read as one line, up to ``maximumJoinedLines`` lines.
public struct WhyScanner: Sendable {
    /// Noise lines allowed between two lines of one error.
    public static let maximumGap = 2

    private var lineNumber = 0
    private var current: [LineFacts] = []
    private var lastEvidenceLine = 0
    private var closed: [[LineFacts]] = []
    /// An NSError description whose brackets are still open: its lines so far, joined.
    private var pending: (text: String, firstLine: Int, depth: Int, lines: Int)? = nil

    /// The most lines one NSError description is joined over (and 1 MiB of text).
    public static let maximumJoinedLines = 200

    /// The most errors kept: a paste of nothing but error lines (a retry loop's log) stays
    /// bounded; errors past it are counted in ``errorsNotKept`` and not decoded.
    public static let maximumErrors = 10_000
    /// The most evidence lines one error gathers before it is closed, so a run of error lines
    /// that never ends a task stays bounded too.
    public static let maximumLinesPerError = 1_000

    private var errorsDropped = 0

    /// Errors found after ``maximumErrors`` were kept: counted, not decoded.
    public var errorsNotKept: Int {
        errorsDropped + (closed.count >= Self.maximumErrors && (!current.isEmpty || pending != nil) ? 1 : 0)
    }

    /// Creates an empty scanner.
    public init() {}

    /// Reads the next line (without its line break).
    public mutating func feed(_ line: Substring) {
        lineNumber += 1
        if var open = pending {
            open.text += " " + line
            open.depth += Self.depthChange(line)
            open.lines += 1
            if open.depth > 0, open.lines < Self.maximumJoinedLines, open.text.utf8.count < 1 << 20 {
                pending = open
                return
            }
            pending = nil
            take(Substring(open.text), firstLine: open.firstLine)
            return
        }
        if line.contains("Error Domain="), case let depth = Self.depthChange(line), depth > 0 {
            pending = (String(line), lineNumber, depth, 1)
            return
        }
        take(line, firstLine: lineNumber)
    }

    /// Reads one logical line that began at `firstLine` and ends at the current line.
    private mutating func take(_ line: Substring, firstLine: Int) {
        let facts = LineScanner.evidence(in: line)
        guard !facts.isEmpty else { return }
        if !current.isEmpty, firstLine - lastEvidenceLine > Self.maximumGap + 1 { close() }
        let ends = Self.endsTask(line, facts)
        current.append(LineFacts(number: firstLine, lastNumber: lineNumber, evidence: facts, eraSignals: LineScanner.eraSignals(in: line),
                                 task: Self.taskID(in: line)))
        lastEvidenceLine = lineNumber
        if ends || current.count >= Self.maximumLinesPerError { close() }
    }

    /// The URLSession task a line names (`Task <UUID>.<n>`), if any.
    static func taskID(in line: Substring) -> String? {
        guard let start = line.firstRange(of: "Task <"), let end = line[start.upperBound...].firstRange(of: ">.<"),
              let close = line[end.upperBound...].firstIndex(of: ">") else { return nil }
        return String(line[start.upperBound..<close])
    }

    /// How many `{`/`(` a line opens minus those it closes, outside double-quoted text.
    static func depthChange(_ line: Substring) -> Int {
        var depth = 0, quoted = false, escaped = false
        for byte in line.utf8 {
            if escaped { escaped = false; continue }
            switch byte {
            case UInt8(ascii: "\\"): escaped = quoted
            case UInt8(ascii: "\""): quoted.toggle()
            case UInt8(ascii: "{"), UInt8(ascii: "("): if !quoted { depth += 1 }
            case UInt8(ascii: "}"), UInt8(ascii: ")"): if !quoted { depth -= 1 }
            default: break
            }
        }
        return depth
    }

    /// Reads a whole text, split at line breaks (`\n`, `\r\n`, `\r`).
    public mutating func feed(text: String) {
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            feed(line)
        }
    }

    /// The errors found so far, decoded; the scanner can go on reading afterwards. `context`
    /// fills in what the text may not say (the URL, the app's policy file) for the commands.
    public func errors(_ context: WhyContext = WhyContext()) -> [DecodedError] {
        var scanner = self
        // A description still open when the text ends (a truncated paste) is read as it is.
        if let open = scanner.pending {
            scanner.pending = nil
            scanner.take(Substring(open.text), firstLine: open.firstLine)
        }
        let trailing = scanner.current.isEmpty || scanner.closed.count >= Self.maximumErrors ? [] : [scanner.current]
        return Self.foldingRepeats(scanner.closed + trailing, context)
    }

    /// The domains whose codes say what failed; a repeat of a failure names no new one of them.
    static let failureDomains: Set<String> = ["NSURLErrorDomain", "kCFErrorDomainCFNetwork", "kCFStreamErrorDomainSSL"]

    /// Decodes the groups, folding a group into the one just before it when it comes within
    /// ``maximumGap`` lines, names no failure code the earlier one lacks, no other URL and no
    /// other task: the same failure printed again (the system's line, then the app's or a library's own log of
    /// it), read as one error with the facts of both.
    static func foldingRepeats(_ groups: [[LineFacts]], _ context: WhyContext = WhyContext()) -> [DecodedError] {
        var context = context
        // A host the paste names anywhere stands in for an error that names none, when it is
        // the only one: the suggested command then never carries a placeholder.
        let hosts = Set(groups.prefix(1_000).compactMap { NextCommand.Target(facts: IncidentFacts($0)).host })
        if hosts.count == 1 { context.pasteHost = hosts.first }
        // What the folding looks at in the error folded so far, kept as groups are added: decoding
        // the growing error again for each repeat made a paste of one failure repeated quadratic.
        struct Folded {
            var lines: [LineFacts]
            var decoded: DecodedError?
            var lastLine: Int
            var failureCodes: Set<Int>
            var url: String?
            var tasks: Set<String>
        }
        var folded: [Folded] = []
        for group in groups {
            let error = WhyDecoder.decode(group, context)
            let codes = Set(error.codes.filter { failureDomains.contains($0.domain) }.map(\.code))
            let tasks = Set(group.compactMap(\.task))
            // The URL the group's own lines name (`--url` is what every group falls back to).
            let ownURL = error.url == context.url ? nil : error.url
            if let previous = folded.last, error.firstLine - previous.lastLine <= maximumGap + 1, !codes.isEmpty,
               codes.isSubset(of: previous.failureCodes),
               error.url == nil || previous.url == nil || error.url == previous.url
                   || error.url == context.url || previous.url == context.url,
               tasks.isEmpty || previous.tasks.isEmpty || !tasks.isDisjoint(with: previous.tasks) {
                folded[folded.count - 1].lines += group
                folded[folded.count - 1].decoded = nil
                folded[folded.count - 1].lastLine = max(previous.lastLine, error.lastLine)
                folded[folded.count - 1].failureCodes.formUnion(codes)
                if previous.url == nil || previous.url == context.url, let ownURL { folded[folded.count - 1].url = ownURL }
                folded[folded.count - 1].tasks.formUnion(tasks)
            } else {
                folded.append(Folded(lines: group, decoded: error, lastLine: error.lastLine, failureCodes: codes,
                                     url: ownURL ?? context.url, tasks: tasks))
            }
        }
        return folded.map { $0.decoded ?? WhyDecoder.decode($0.lines, context) }
    }

    /// The number of lines read.
    public var linesRead: Int { lineNumber }

    /// Decodes every error in `text`.
    public static func decode(_ text: String) -> [DecodedError] {
        var scanner = WhyScanner()
        scanner.feed(text: text)
        return scanner.errors()
    }

    private mutating func close() {
        if closed.count < Self.maximumErrors { closed.append(current) } else { errorsDropped += 1 }
        current = []
    }

    private static func endsTask(_ line: Substring, _ facts: [Evidence]) -> Bool {
        if line.contains("finished with error") { return true }
        // A top-level NSError description that is not a dictionary value inside a larger dump.
        guard let first = facts.first, case .nsError = first else { return false }
        return !line.contains("\"NSUnderlyingError\"") && line.contains("Error Domain=") && !line.contains("TLS Trust")
    }
}

/// The evidence read from one line, with its number.
struct LineFacts: Sendable {
    let number: Int
    /// The last physical line, when the line was joined over several.
    let lastNumber: Int
    let evidence: [Evidence]
    let eraSignals: Set<EraSignal>
    /// The URLSession task the line names (`Task <UUID>.<n>`), if any.
    var task: String? = nil
}
