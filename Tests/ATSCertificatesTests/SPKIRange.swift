import Foundation

/// Byte range of the subjectPublicKeyInfo inside a DER certificate: the 7th element of
/// tbsCertificate (6th when the optional [0] version is absent), found by walking the
/// tag-length-value headers (X.690 8.1) in the test itself, not by the library. Nil when the
/// SPKI uses BER indefinite length. BER indefinite lengths elsewhere (048's tbsCertificate)
/// are walked through.
func subjectPublicKeyInfoRange(_ der: Data) throws -> Range<Int>? {
    let bytes = [UInt8](der)
    let certificate = try derHeader(bytes, at: 0)
    let tbs = try derHeader(bytes, at: certificate.header)
    var offset = certificate.header + tbs.header
    var fields: [(offset: Int, header: DERHeader)] = []
    while fields.count < 7, offset < bytes.count {
        let header = try derHeader(bytes, at: offset)
        fields.append((offset, header))
        offset = try derEnd(bytes, at: offset)
    }
    if fields.first?.header.tag == 0xA0 { fields.removeFirst() }
    guard fields.count >= 6 else { throw FixtureError(description: "tbsCertificate has \(fields.count) fields") }
    let spki = fields[5]
    guard let length = spki.header.length else { return nil }
    return spki.offset..<(spki.offset + spki.header.header + length)
}

/// One TLV header: tag byte, header size, content length (nil: indefinite).
struct DERHeader {
    let tag: UInt8
    let header: Int
    let length: Int?
}

func derHeader(_ bytes: [UInt8], at offset: Int) throws -> DERHeader {
    guard offset + 1 < bytes.count else { throw FixtureError(description: "TLV header past the end at \(offset)") }
    let tag = bytes[offset], first = bytes[offset + 1]
    guard tag & 0x1F != 0x1F else { throw FixtureError(description: "high tag number at \(offset)") }
    if first < 0x80 { return DERHeader(tag: tag, header: 2, length: Int(first)) }
    if first == 0x80 { return DERHeader(tag: tag, header: 2, length: nil) }
    let count = Int(first & 0x7F)
    guard count <= 4, offset + 2 + count <= bytes.count else { throw FixtureError(description: "bad length at \(offset)") }
    let length = bytes[(offset + 2)..<(offset + 2 + count)].reduce(0) { $0 << 8 | Int($1) }
    return DERHeader(tag: tag, header: 2 + count, length: length)
}

/// The offset just past the TLV at `offset` (after the end-of-contents octets when indefinite).
func derEnd(_ bytes: [UInt8], at offset: Int) throws -> Int {
    let header = try derHeader(bytes, at: offset)
    if let length = header.length { return offset + header.header + length }
    var child = offset + header.header
    while child + 1 < bytes.count, !(bytes[child] == 0 && bytes[child + 1] == 0) {
        child = try derEnd(bytes, at: child)
    }
    guard child + 1 < bytes.count else { throw FixtureError(description: "unterminated indefinite length at \(offset)") }
    return child + 2
}
