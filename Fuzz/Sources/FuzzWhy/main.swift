import ATSVocabulary
import ATSWhy
import Foundation

/// The input as a pasted console through `WhyScanner` twice — fed as one text and line by line,
/// which must decode alike — then the decodings' invariants: spans inside the input, in order
/// and apart; every cause a reason code atscheck has, none twice; every code named or marked
/// unknown; and each decoding round-trips through its JSON form.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWhy(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var whole = WhyScanner()
    whole.feed(text: text)
    var lines = WhyScanner()
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
        lines.feed(line)
    }
    let errors = whole.errors()
    guard errors == lines.errors(), whole.linesRead == lines.linesRead else {
        fatalError("the same text fed whole and line by line decoded differently")
    }
    var previousLast = 0
    for error in errors {
        guard error.firstLine > previousLast, error.firstLine <= error.lastLine, error.lastLine <= whole.linesRead else {
            fatalError("span \(error.firstLine)-\(error.lastLine) out of order or outside \(whole.linesRead) lines")
        }
        previousLast = error.lastLine
        let reasons = error.causes.map(\.reason)
        guard Set(reasons).count == reasons.count, reasons.allSatisfy({ CheckReasonCode(rawValue: $0) != nil }) else {
            fatalError("causes \(reasons) repeat or name no reason code")
        }
        guard error.codes.allSatisfy({ $0.symbol != nil || $0.meaning.hasPrefix("unknown code in ") }) else {
            fatalError("a code neither named nor marked unknown")
        }
        guard let json = try? JSONEncoder().encode(error), let back = try? JSONDecoder().decode(DecodedError.self, from: json), back == error else {
            fatalError("a decoding does not round-trip through JSON")
        }
    }
    return 0
}
