#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PlistBinaryScanner {
    /// Where an ASCII (`utf16` false) or UTF-16 string object's `count` characters start.
    typealias StringLocation = (start: Int, count: Int, utf16: Bool)

    /// The reference rewrites (position in the file, object to refer to) that make a
    /// dictionary's repeated keys read as CoreFoundation read them: the first value wins.
    ///
    /// `PropertyListDecoder` keeps a dictionary's pairs in a Swift dictionary keyed by each key's
    /// object number, then merges them by key text (swift-foundation `BPlistScanner.swift`
    /// `scanDictionary`, `PlistDecoderGeneric.swift` `stringify`), so which of two pairs with
    /// the same text survives depends on hashing order. Each later pair is pointed at the first
    /// pair's key and value objects, which leaves the decoder one pair. Texts are compared as
    /// the decoder compares them: as Swift strings made the way it makes them. A key that is not
    /// a readable string is left for the structural check and the decoder to report.
    ///
    /// Also refuses an ASCII key "$null", which the decoder takes for NSKeyedArchiver's null
    /// marker and cannot read as a key.
    static func referencesKeepingFirstOfRepeatedKeys(
        _ bytes: [UInt8], in dictionary: Collection, trailer: Trailer, location: (Int) -> StringLocation?
    ) throws(PlistReadError) -> [(position: Int, target: Int)] {
        let size = trailer.referenceSize
        func reference(at index: Int) -> (position: Int, target: Int) {
            let position = dictionary.referencesStart + index * size
            var value = 0
            for byte in bytes[position..<(position + size)] { value = value << 8 | Int(byte) }
            return (position, value)
        }
        var firstPair: [String: (key: Int, value: Int)] = [:]
        var rewrites: [(position: Int, target: Int)] = []
        for pair in 0..<dictionary.keyCount {
            let key = reference(at: pair), value = reference(at: dictionary.keyCount + pair)
            guard value.target < trailer.objectCount, let string = location(key.target) else { continue }
            let end = string.start + string.count * (string.utf16 ? 2 : 1)
            guard let text = String(bytes: bytes[string.start..<end], encoding: string.utf16 ? .utf16BigEndian : .ascii) else { continue }
            if !string.utf16, text == "$null" {
                throw PlistReadError("binary property list has a dictionary key \"$null\", which PropertyListDecoder reads as NSKeyedArchiver's null")
            }
            if let first = firstPair[text] {
                rewrites.append((key.position, first.key))
                rewrites.append((value.position, first.value))
            } else {
                firstPair[text] = (key.target, value.target)
            }
        }
        return rewrites
    }
}
