/// What a zip archive's end of central directory declares, read before libzip opens the
/// archive: libzip loads the whole central directory into memory first (2,000,000 entries took
/// 600 MB), so an entry count or directory size over the limits is refused from these few
/// fixed-offset fields instead. Only the records' counts are read here (APPNOTE 4.3.16, the
/// end of central directory; 4.3.15 and 4.3.14, the zip64 locator and record); everything
/// else about the archive is libzip's to read.
struct CentralDirectoryDeclaration: Equatable {
    /// Entries the directory declares.
    let entries: UInt64
    /// Bytes the directory declares it spans.
    let directoryBytes: UInt64

    private static let endSignature: [UInt8] = [0x50, 0x4B, 0x05, 0x06]
    private static let zip64LocatorSignature: [UInt8] = [0x50, 0x4B, 0x06, 0x07]
    private static let zip64EndSignature: [UInt8] = [0x50, 0x4B, 0x06, 0x06]
    private static let endRecordBytes = 22
    private static let longestComment = 65_535

    /// The declaration of an archive of `size` bytes, reading through `bytes(offset, count)`
    /// (nil for a range that cannot be read); nil when no end record is found (libzip then
    /// reports the archive as unreadable, as before).
    static func read(size: UInt64, bytes: (UInt64, Int) -> [UInt8]?) -> CentralDirectoryDeclaration? {
        guard size >= UInt64(endRecordBytes) else { return nil }
        let tailLength = Int(min(size, UInt64(endRecordBytes + longestComment)))
        let tailStart = size - UInt64(tailLength)
        guard let tail = bytes(tailStart, tailLength), tail.count == tailLength else { return nil }
        // The last signature whose record, comment included, fits in the file.
        var position = tail.count - endRecordBytes
        while position >= 0 {
            if tail[position..<(position + 4)].elementsEqual(endSignature),
               position + endRecordBytes + Int(little(tail, position + 20, 2)) <= tail.count {
                break
            }
            position -= 1
        }
        guard position >= 0 else { return nil }
        let entries = little(tail, position + 10, 2)
        let directoryBytes = little(tail, position + 12, 4)
        let directoryOffset = little(tail, position + 16, 4)
        guard entries == 0xFFFF || directoryBytes == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF else {
            return CentralDirectoryDeclaration(entries: entries, directoryBytes: directoryBytes)
        }
        // Zip64: the locator sits just before the end record and points at the zip64 record.
        let locatorStart = tailStart + UInt64(position) - 20
        guard UInt64(position) + tailStart >= 20, let locator = bytes(locatorStart, 20), locator.count == 20,
              locator[0..<4].elementsEqual(zip64LocatorSignature) else {
            return CentralDirectoryDeclaration(entries: entries, directoryBytes: directoryBytes)
        }
        let recordOffset = little(locator, 8, 8)
        guard recordOffset < size, let record = bytes(recordOffset, 56), record.count == 56, record[0..<4].elementsEqual(zip64EndSignature) else {
            return nil
        }
        return CentralDirectoryDeclaration(entries: little(record, 32, 8), directoryBytes: little(record, 40, 8))
    }

    /// The little-endian unsigned number of `count` bytes at `offset`.
    private static func little(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt64 {
        (0..<count).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }

    /// Why the archive is refused under `limits`, nil when it is within them.
    func refusal(_ limits: ArchiveLimits) -> String? {
        if entries > UInt64(limits.entries) {
            return "the archive declares \(entries) entries, more than the \(limits.entries) atscheck reads: not read"
        }
        if directoryBytes > UInt64(limits.directoryBytes) {
            return "the archive declares a central directory of \(directoryBytes) bytes, more than the \(limits.directoryBytes) atscheck reads: not read"
        }
        return nil
    }
}
