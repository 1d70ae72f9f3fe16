import ATSApp
import ATSArchive
import ATSLint
import Foundation

private let linter = Linter()

/// The input as an .ipa held in memory (ArchiveReader over libzip, small limits so a bomb
/// ends fast), every entry through the inventory's readers; then the input as text through the
/// URL scanner, whose every hit must be a substring of the input at its offset.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppArchive(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let inventory = AppInventory.collect(archiveBytes: bytes, limits: ArchiveLimits(entries: 2000, entryBytes: 1 << 20, totalBytes: 4 << 20))
    _ = inventory.bundles.map(\.kind)
    // The same bytes as the project files that are not plists: Cordova's config.xml, Expo's app.json.
    _ = PolicySources.lintConfigurationFile(Data(bytes), path: "config.xml", linter: linter)
    _ = PolicySources.lintConfigurationFile(Data(bytes), path: "app.json", linter: linter)
    var scanner = URLScanner(maximumHits: 1000)
    scanner.scan(bytes[...])
    for hit in scanner.finish() {
        let found = Array(hit.url.utf8)
        guard hit.offset >= 0, hit.offset + found.count <= bytes.count, Array(bytes[hit.offset..<(hit.offset + found.count)]) == found else {
            fatalError("URLScanner hit \(hit) is not in the input at its offset")
        }
    }
    return 0
}
