import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ATSPinning
import ATSPinningLoaders

/// `host --pins FILE`: a TrustKit configuration (property list with `TSKConfiguration` or
/// `TSKPinnedDomains`) or an Android `network_security_config.xml`, told apart by content.
enum HostPinsFile {
    /// Reads the file; throws `InputError` when it is unreadable, of neither kind, or yields no policy.
    static func load(_ path: String) throws -> PinLoadResult {
        let data = try InputFile.read(path, limit: PlistReader.Limits.default.maximumBytes)
        let result: PinLoadResult
        if String(decoding: data.prefix(65_536), as: UTF8.self).contains("<network-security-config") {
            result = PinPolicy.fromAndroidNSC(xml: data)
        } else if let document = try? PlistReader.read(data),
                  document.root.value.entry(TrustKitKeys.configuration) != nil
                    || document.root.value.entry(TrustKitKeys.pinnedDomains) != nil {
            result = PinPolicy.fromTrustKit(document.root.value)
        } else {
            throw InputError(description: "\(path): not a TrustKit configuration (TSKConfiguration / TSKPinnedDomains) or an Android network_security_config.xml")
        }
        guard !result.policies.isEmpty else {
            let detail = result.problems.isEmpty ? "no pinned domain" : result.problems.joined(separator: "; ")
            throw InputError(description: "\(path): no usable pin policy (\(detail))")
        }
        return result
    }
}
