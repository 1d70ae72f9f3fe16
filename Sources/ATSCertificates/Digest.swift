import CATSOpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Message digests computed by OpenSSL's one-shot EVP interface.
enum Digest {
    static func sha256(_ bytes: [UInt8]) -> [UInt8] { compute(bytes, EVP_sha256()) }
    static func sha1(_ bytes: [UInt8]) -> [UInt8] { compute(bytes, EVP_sha1()) }

    private static func compute(_ bytes: [UInt8], _ type: OpaquePointer?) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = bytes.withUnsafeBufferPointer { input in
            EVP_Digest(input.baseAddress, input.count, &output, &length, type, nil)
        }
        return ok == 1 ? Array(output.prefix(Int(length))) : []
    }

    /// `AB:CD:…`, upper-case. Built byte by byte: `String(format:)` per byte made loading a
    /// 150-root store take tens of milliseconds.
    static func colonHex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 3)
        for (index, byte) in bytes.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ":")) }
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension Array where Element == UInt8 {
    var base64: String { Data(self).base64EncodedString() }
}

/// SHA-256 of text, for callers above the OpenSSL wrappers (a Content-Security-Policy hash).
package enum ContentDigest {
    /// The SHA-256 of `text`'s UTF-8 bytes, in base64.
    package static func sha256Base64(_ text: String) -> String { Digest.sha256(Array(text.utf8)).base64 }
}
