import ATSCertificates
import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The associated domains an `embedded.mobileprovision` grants: Apple's CMS-signed plist,
/// opened with OpenSSL's CMS decoder (the signature is not checked). Each domain is an
/// endpoint: iOS fetches `https://DOMAIN/.well-known/apple-app-site-association` for it, over
/// HTTPS with a trusted certificate and no redirects.
enum ProvisioningProfile {
    /// The entitlement that lists them.
    static let associatedDomainsKey = "com.apple.developer.associated-domains"

    /// `applinks:example.com` and its kin, split into the entry as written and the host (an
    /// optional `?mode=developer` dropped).
    static func associatedDomains(_ der: Data) -> [(entitlement: String, host: String)] {
        (try? read(der).get()) ?? []
    }

    /// The associated domains, or why the profile could not be read (not CMS-signed content,
    /// or content that is not a property list): a profile that cannot be read is reported,
    /// since the domains it may grant then go unjudged.
    static func read(_ der: Data) -> Result<[(entitlement: String, host: String)], ProfileUnreadable> {
        guard let content = CMSSignedContent.content(of: der) else {
            return .failure(ProfileUnreadable(reason: "not CMS-signed content, as Apple signs a provisioning profile"))
        }
        guard let document = try? PlistReader.read(content) else {
            return .failure(ProfileUnreadable(reason: "its signed content is not a property list"))
        }
        guard case .array(let nodes)? = document.root.value.entry("Entitlements")?.node.value.entry(associatedDomainsKey)?.node.value else {
            return .success([])
        }
        return .success(nodes.compactMap { node in
            guard case .string(let entry) = node.value, let colon = entry.firstIndex(of: ":") else { return nil }
            var host = String(entry[entry.index(after: colon)...])
            if let query = host.firstIndex(of: "?") { host = String(host[..<query]) }
            // A wildcard entry (*.example.com) names the parent domain's file.
            if host.hasPrefix("*.") { host.removeFirst(2) }
            guard !host.isEmpty, !host.contains("/") else { return nil }
            return (entry, host.lowercased())
        })
    }

    /// Why a profile could not be read.
    struct ProfileUnreadable: Error {
        let reason: String
    }
}
