import COpenSSL
import Foundation

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

    static func colonHex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02X", $0) }.joined(separator: ":")
    }
}

extension Array where Element == UInt8 {
    var base64: String { Data(self).base64EncodedString() }
}
