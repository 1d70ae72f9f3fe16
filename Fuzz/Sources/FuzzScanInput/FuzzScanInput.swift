import ATSScan
import Foundation

/// Both `atscheck scan` input readers over the same bytes: as a URL list and as a HAR capture.
/// Every line or entry must come back as an entry or a problem, in order, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScanInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let list = ScanListReader.read(bytes, file: "fuzz.txt")
    let lines = list.entries.compactMap(\.origin.line) + list.problems.compactMap(\.origin.line)
    let lineCount = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    precondition(lines.allSatisfy { (1...lineCount).contains($0) }, "a list origin outside the input")
    precondition(Set(lines).count == lines.count, "a list line given twice")
    for problem in list.problems { _ = problem.description }
    // The compact list parses each text again when read: it must read back, at the endpoint
    // it was grouped under when appended.
    for (position, entry) in list.entries.enumerated() {
        precondition(list.entries.endpoints[list.entries.endpointIndex(at: position)] == ScanEndpoint(entry.target), "an entry read back elsewhere")
    }
    if let har = try? HARReader.read(bytes, file: "fuzz.har") {
        let indices = har.entries.compactMap(\.origin.harEntry) + har.problems.compactMap(\.origin.harEntry)
        precondition(Set(indices).count == indices.count, "a HAR entry given twice")
        for entry in har.entries { precondition(entry.target.port != 0, "port 0") }
        for problem in har.problems { _ = problem.description }
    }
    return 0
}
