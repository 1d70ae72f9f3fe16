import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A structural check of a `bplist00` file made before `PropertyListDecoder` sees it.
///
/// Binary property lists refer to objects by index, so one array can be referenced many times:
/// forty levels of "an array holding the next array twice" is a 600-byte file that expands to
/// 2^40 values, and a decoder expands it (CoreFoundation hung on one, tried on Linux;
/// `PropertyListDecoder` decodes a referenced object again at every reference). This scan reads
/// the trailer, the offset table and the headers and references of every reachable array and
/// dictionary, rejects reference cycles, and computes with memoisation how many values the
/// expanded tree would have and how deep it nests, all in time linear in the file. Every
/// reachable object's type marker and length are checked too: nulls, sets and UIDs are refused
/// here (they are not property-list values; sets once crashed Foundation's `NSSet` bridging on
/// Linux, found by fuzzing), and dictionary keys must be strings. A dictionary's repeated keys
/// are resolved in the bytes, first value wins (`PlistBinaryScanner+RepeatedKeys.swift`).
/// Decoding the scalars themselves is left to `PropertyListDecoder`.
enum PlistBinaryScanner {
    struct Trailer {
        let offsetSize: Int
        let referenceSize: Int
        let objectCount: Int
        let topObject: Int
        let offsetTableStart: Int
    }

    /// Where one collection's references are.
    struct Collection {
        let referencesStart: Int
        let referenceCount: Int
        /// For a dictionary, its first `keyCount` references are the keys.
        let keyCount: Int
    }

    /// What `inspect` learned of one object.
    enum Shape {
        case collection(Collection)
        /// `count` characters from `start`: bytes of ASCII, or UTF-16 big-endian units.
        case string(start: Int, count: Int, utf16: Bool)
        case scalar

        var collection: Collection? {
            if case .collection(let collection) = self { return collection }
            return nil
        }
    }

    /// Checks `bytes` and rewrites the references of repeated dictionary keys (see
    /// `referencesKeepingFirstOfRepeatedKeys`); what passes is safe to hand to `PropertyListDecoder`.
    static func check(_ bytes: inout [UInt8], limits: PlistReader.Limits) throws(PlistReadError) {
        let trailer = try readTrailer(bytes)
        let objectCount = trailer.objectCount

        func readUnsigned(_ start: Int, _ size: Int) -> Int {
            var value = 0
            for index in start..<(start + size) { value = value << 8 | Int(bytes[index]) }
            return value
        }
        func objectOffset(_ object: Int) throws(PlistReadError) -> Int {
            let offset = readUnsigned(trailer.offsetTableStart + object * trailer.offsetSize, trailer.offsetSize)
            guard offset >= 8, offset < trailer.offsetTableStart else {
                throw PlistReadError("malformed binary property list: object \(object) has offset \(offset), outside the object area")
            }
            return offset
        }
        /// Checks the object's marker and that its bytes lie inside the object area; returns
        /// where its references are if it is an array or dictionary, its characters if a string.
        func inspect(_ object: Int) throws(PlistReadError) -> Shape {
            let offset = try objectOffset(object)
            let limit = trailer.offsetTableStart
            let marker = bytes[offset]
            let type = marker >> 4, low = Int(marker & 0x0F)
            /// The length in the marker's low nibble, or in the integer that follows 0xF.
            func lengthAndStart() throws(PlistReadError) -> (Int, Int) {
                guard low == 0x0F else { return (low, offset + 1) }
                let start = offset + 1
                guard start < limit else { throw truncated(object) }
                let intMarker = bytes[start]
                let exponent = Int(intMarker & 0x0F)
                guard intMarker >> 4 == 0x1, exponent <= 3 else {
                    throw PlistReadError("malformed binary property list: bad length in object \(object)")
                }
                let size = 1 << exponent
                guard start + 1 + size <= limit else { throw truncated(object) }
                let length = readUnsigned(start + 1, size)
                guard length >= 0 else { throw truncated(object) }
                return (length, start + 1 + size)
            }
            func requireBytes(_ start: Int, _ count: Int, unit: Int = 1) throws(PlistReadError) {
                guard count <= (limit - start) / unit else { throw truncated(object) }
            }
            switch type {
            case 0x0:
                // 0x08 false, 0x09 true. (0x00 null and 0x0F fill are not property-list values.)
                guard marker == 0x08 || marker == 0x09 else { throw unsupported(marker, object) }
                return .scalar
            case 0x1: // integer of 2^low bytes (CoreFoundation writes up to 16)
                guard low <= 4 else { throw unsupported(marker, object) }
                try requireBytes(offset + 1, 1 << low)
                // 16-byte integers are how UInt64 values above Int64.max are written (upper
                // half zero). Foundation on Linux turns any other 128-bit value into a wrong
                // 64-bit one (-1 became 18446744073709551615, 2^120 became 0), so refuse them.
                if low == 4, bytes[(offset + 1)...(offset + 8)].contains(where: { $0 != 0 }) {
                    throw PlistReadError("binary property list has an integer outside the 64-bit range (object \(object))")
                }
                return .scalar
            case 0x2: // real of 4 or 8 bytes
                guard low == 2 || low == 3 else { throw unsupported(marker, object) }
                try requireBytes(offset + 1, 1 << low)
                return .scalar
            case 0x3: // date: 8-byte real
                guard marker == 0x33 else { throw unsupported(marker, object) }
                try requireBytes(offset + 1, 8)
                return .scalar
            case 0x4, 0x5: // data, ASCII string
                let (length, start) = try lengthAndStart()
                try requireBytes(start, length)
                return type == 0x5 ? .string(start: start, count: length, utf16: false) : .scalar
            case 0x6: // UTF-16 string
                let (length, start) = try lengthAndStart()
                try requireBytes(start, length, unit: 2)
                return .string(start: start, count: length, utf16: true)
            case 0xA, 0xD: // array, dictionary
                let (count, start) = try lengthAndStart()
                let references = type == 0xD ? count.multipliedReportingOverflow(by: 2) : (partialValue: count, overflow: false)
                guard !references.overflow else { throw truncated(object) }
                try requireBytes(start, references.partialValue, unit: trailer.referenceSize)
                return .collection(Collection(referencesStart: start, referenceCount: references.partialValue,
                                              keyCount: type == 0xD ? count : 0))
            case 0x8:
                throw PlistReadError("binary property list contains a UID (an NSKeyedArchiver archive), which is not a plain property-list value")
            case 0xB, 0xC:
                throw PlistReadError("binary property list contains a set, which is not a property-list value")
            default:
                throw unsupported(marker, object)
            }
        }
        func isString(_ object: Int) throws(PlistReadError) -> Bool {
            let type = bytes[try objectOffset(object)] >> 4
            return type == 0x5 || type == 0x6
        }
        func reference(_ collection: Collection, _ index: Int, of object: Int) throws(PlistReadError) -> Int {
            let target = readUnsigned(collection.referencesStart + index * trailer.referenceSize, trailer.referenceSize)
            guard target >= 0, target < objectCount else {
                throw PlistReadError("malformed binary property list: object \(object) refers to object \(target) of \(objectCount)")
            }
            return target
        }

        // 0 unvisited, 1 on the current path, 2 done.
        var state = [UInt8](repeating: 0, count: objectCount)
        var depth = [Int32](repeating: 0, count: objectCount)
        var size = [Int32](repeating: 0, count: objectCount)
        let sizeCap = Int32(clamping: limits.maximumValues + 1)
        let depthLimit = limits.maximumDepth

        /// Inspects an object met for the first time; a dictionary's repeated keys are resolved
        /// before its references are followed.
        func enter(_ object: Int) throws(PlistReadError) -> Collection? {
            let collection = try inspect(object).collection
            if let collection, collection.keyCount > 0 {
                let rewrites = try referencesKeepingFirstOfRepeatedKeys(bytes, in: collection, trailer: trailer) { key in
                    guard key < objectCount, case .string(let start, let count, let utf16)? = try? inspect(key) else { return nil }
                    return (start, count, utf16)
                }
                for (position, target) in rewrites {
                    for index in 0..<trailer.referenceSize {
                        bytes[position + index] = UInt8(truncatingIfNeeded: target >> (8 * (trailer.referenceSize - 1 - index)))
                    }
                }
            }
            return collection
        }

        var path: [(object: Int, collection: Collection?, next: Int)] = []
        state[trailer.topObject] = 1
        path.append((trailer.topObject, try enter(trailer.topObject), 0))
        while let top = path.last {
            if let items = top.collection, top.next < items.referenceCount {
                path[path.count - 1].next += 1
                let child = try reference(items, top.next, of: top.object)
                if top.next < items.keyCount, try !isString(child) {
                    throw PlistReadError("malformed binary property list: a dictionary key (object \(child)) is not a string")
                }
                switch state[child] {
                case 0:
                    state[child] = 1
                    path.append((child, try enter(child), 0))
                    if path.count > depthLimit + 1 {
                        throw PlistReadError("dictionaries and arrays nested more than \(depthLimit) deep")
                    }
                case 1:
                    throw PlistReadError("malformed binary property list: object \(child) contains itself")
                default:
                    break
                }
                continue
            }
            // All children done: combine their sizes and depths.
            var total = 1
            var deepest: Int32 = 0
            if let items = top.collection {
                for index in 0..<items.referenceCount {
                    let child = try reference(items, index, of: top.object)
                    total = min(Int(sizeCap), total + Int(size[child]))
                    deepest = max(deepest, depth[child])
                }
                deepest += 1
            }
            if deepest > depthLimit {
                throw PlistReadError("dictionaries and arrays nested more than \(depthLimit) deep")
            }
            if total >= Int(sizeCap) {
                throw PlistReadError("more than \(limits.maximumValues) values (binary property list objects referenced many times)")
            }
            size[top.object] = Int32(total)
            depth[top.object] = deepest
            state[top.object] = 2
            path.removeLast()
        }
    }

    private static func unsupported(_ marker: UInt8, _ object: Int) -> PlistReadError {
        PlistReadError("malformed binary property list: object \(object) has unknown type 0x\(NumberText.hex(marker, digits: 2))")
    }

    private static func truncated(_ object: Int) -> PlistReadError {
        PlistReadError("malformed binary property list: object \(object) runs past the object area")
    }

    private static func readTrailer(_ bytes: [UInt8]) throws(PlistReadError) -> Trailer {
        // "bplist00", at least one object byte, the 32-byte trailer.
        guard bytes.count >= 8 + 1 + 32 else {
            throw PlistReadError("truncated binary property list (\(bytes.count) bytes)")
        }
        let t = bytes.count - 32
        func read64(_ start: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in start..<(start + 8) { value = value << 8 | UInt64(bytes[index]) }
            return value
        }
        let offsetSize = Int(bytes[t + 6])
        let referenceSize = Int(bytes[t + 7])
        let objectCount = read64(t + 8)
        let topObject = read64(t + 16)
        let offsetTableStart = read64(t + 24)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw PlistReadError("malformed binary property list: bad trailer (offset size \(offsetSize), reference size \(referenceSize))")
        }
        guard objectCount >= 1, topObject < objectCount, offsetTableStart >= 9, offsetTableStart <= UInt64(t) else {
            throw PlistReadError("malformed binary property list: bad trailer (\(objectCount) objects, top \(topObject), table at \(offsetTableStart))")
        }
        let tableBytes = (UInt64(t) - offsetTableStart) / UInt64(offsetSize)
        guard objectCount <= tableBytes else {
            throw PlistReadError("malformed binary property list: the offset table is too short for \(objectCount) objects")
        }
        if referenceSize < 8 && objectCount > (UInt64(1) << (8 * UInt64(referenceSize))) {
            throw PlistReadError("malformed binary property list: \(objectCount) objects cannot be referenced with \(referenceSize)-byte references")
        }
        return Trailer(offsetSize: offsetSize, referenceSize: referenceSize, objectCount: Int(objectCount),
                       topObject: Int(topObject), offsetTableStart: Int(offsetTableStart))
    }
}
