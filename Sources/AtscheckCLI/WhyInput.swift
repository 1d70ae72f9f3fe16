import ATSWhy
import AtscheckSystem

/// The text `atscheck why` decodes: its arguments, or standard input read line by line with a
/// cap, so a huge console dump is scanned in bounded memory. Bytes that are not UTF-8 are read
/// as U+FFFD and scanning goes on.
enum WhyInput {
    /// Standard input read beyond this is left unread, and the output says so.
    static let standardInputLimit = 64 * 1024 * 1024
    /// A line longer than this is scanned in pieces of this size (a paste with no line breaks).
    static let lineLimit = 1024 * 1024

    /// What was read: the scanner over it and whether the cap cut it short.
    struct Outcome {
        var scanner = WhyScanner()
        var truncatedAtBytes: Int?
    }

    static func arguments(_ texts: [String]) -> Outcome {
        var outcome = Outcome()
        outcome.scanner.feed(text: texts.joined(separator: "\n"))
        return outcome
    }

    static func standardInput(limit: Int = standardInputLimit) -> Outcome {
        var outcome = Outcome()
        var pending: [UInt8] = []
        let cut = StandardInput.readChunks(limit: limit) { chunk in
            chunk.withUnsafeBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return }
                var start = 0
                var index = 0
                while index < bytes.count {
                    if base[index] == 0x0A {
                        pending.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
                        feed(&pending, into: &outcome.scanner)
                        start = index + 1
                    }
                    index += 1
                }
                pending.append(contentsOf: UnsafeBufferPointer(start: base + start, count: bytes.count - start))
            }
            while pending.count > lineLimit {
                var head = Array(pending.prefix(lineLimit))
                pending.removeFirst(lineLimit)
                feed(&head, into: &outcome.scanner)
            }
        }
        if !pending.isEmpty { feed(&pending, into: &outcome.scanner) }
        if cut { outcome.truncatedAtBytes = limit }
        return outcome
    }

    private static func feed(_ bytes: inout [UInt8], into scanner: inout WhyScanner) {
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        scanner.feed(Substring(String(decoding: bytes, as: UTF8.self)))
        bytes.removeAll(keepingCapacity: true)
    }
}
