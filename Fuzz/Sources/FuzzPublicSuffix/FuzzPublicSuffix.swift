import AtscheckSystem
import ATSCertificates
import Foundation

/// A leaf with a wildcard over a public suffix and an ordinary one (TestCerts), read once as
/// bytes; decoded per input (as FuzzCertificates does with its root), so that the end-of-run
/// leak check sees no long-lived certificate. Kept as an array: LeakSanitizer does not see the
/// tagged pointer inside a global `Data` and would report its storage as leaked.
private let leafPEM: [UInt8] = {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("TestCerts/leaf-wildcard-co-uk.pem")
    return [UInt8]((try? Data(contentsOf: file)) ?? Data())
}()

/// The Public Suffix List reader (`--public-suffix-list FILE` through libpsl: the input after
/// the ICANN section marker, so that libpsl reads it rather than the marker check refusing it;
/// the snapshot compiled in when libpsl finds no rule), both lookups for every word of the input, and the hostname matcher's public-suffix wildcard rule
/// with the parsed list and the input's words as hosts. Each word is also read as an ISO 8601
/// instant (`UTCTimestamp`, AtscheckSystem's other text parser): one it accepts must read back
/// to the same second when written out again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPublicSuffix(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let list = PublicSuffixList(bytes: Array("// ===BEGIN ICANN DOMAINS===\n".utf8) + bytes) ?? PublicSuffixList.snapshot
    _ = PublicSuffixList(bytes: bytes)
    _ = list.count
    let leaf = (try? CertificateLoader.parse(Data(leafPEM)))?.first
    let words = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0.isWhitespace }).prefix(64).map(String.init)
    for word in words {
        _ = list.isPublicSuffix(word)
        _ = list.isPublicSuffix(word, icannOnly: true)
        if let leaf { _ = HostnameMatcher.matches(word, certificate: leaf, publicSuffixes: .list(list)) }
        // An offset can move 0000 or 9999 out of four digits, which the text form cannot hold.
        if let instant = UTCTimestamp.parse(word), case let text = UTCTimestamp.format(instant), text.utf8.count == 20 {
            let whole = Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down))
            guard UTCTimestamp.parse(text) == whole else { fatalError("UTCTimestamp round trip: \(word) → \(text)") }
        }
    }
    return 0
}
