/// Finds every error in a pasted log, line by line, keeping only the lines that carry
/// evidence: memory stays bounded by the errors found, not by the paste.
///
/// Lines with evidence that follow each other (up to ``maximumGap`` noise lines apart) form one
/// error; a line that ends a task (`finished with error`, a top-level NSError description)
/// closes it, so two failures printed back to back stay two.
public struct WhyScanner: Sendable {
    /// Noise lines allowed between two lines of one error.
    public static let maximumGap = 2

    private var lineNumber = 0
    private var current: [LineFacts] = []
    private var lastEvidenceLine = 0
    private var closed: [[LineFacts]] = []

    /// Creates an empty scanner.
    public init() {}

    /// Reads the next line (without its line break).
    public mutating func feed(_ line: Substring) {
        lineNumber += 1
        let facts = LineScanner.evidence(in: line)
        guard !facts.isEmpty else { return }
        if !current.isEmpty, lineNumber - lastEvidenceLine > Self.maximumGap + 1 { close() }
        let ends = Self.endsTask(line, facts)
        current.append(LineFacts(number: lineNumber, evidence: facts, eraSignals: LineScanner.eraSignals(in: line)))
        lastEvidenceLine = lineNumber
        if ends { close() }
    }

    /// Reads a whole text, split at line breaks (`\n`, `\r\n`, `\r`).
    public mutating func feed(text: String) {
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            feed(line)
        }
    }

    /// The errors found so far, decoded; the scanner can go on reading afterwards.
    public func errors() -> [DecodedError] {
        (closed + (current.isEmpty ? [] : [current])).map(WhyDecoder.decode)
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
        closed.append(current)
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
    let evidence: [Evidence]
    let eraSignals: Set<EraSignal>
}
