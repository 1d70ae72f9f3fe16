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
        guard let content = CMSSignedContent.content(of: der), let document = try? PlistReader.read(content),
              case .array(let nodes)? = document.root.value.entry("Entitlements")?.node.value.entry(associatedDomainsKey)?.node.value else {
            return []
        }
        return nodes.compactMap { node in
            guard case .string(let entry) = node.value, let colon = entry.firstIndex(of: ":") else { return nil }
            var host = String(entry[entry.index(after: colon)...])
            if let query = host.firstIndex(of: "?") { host = String(host[..<query]) }
            // A wildcard entry (*.example.com) names the parent domain's file.
            if host.hasPrefix("*.") { host.removeFirst(2) }
            guard !host.isEmpty, !host.contains("/") else { return nil }
            return (entry, host.lowercased())
        }
    }
}
