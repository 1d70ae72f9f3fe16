import ATSVocabulary
import AtscheckSystem
import CATSOpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Matches a host against a certificate's subjectAltNames the way Apple does since iOS 13:
/// DNS names and IP addresses in the SAN extension only, never the subject CN; wildcards
/// only as the whole left-most label, and never directly above a public suffix
/// (`SecDNSMatch`, `OSX/sec/Security/SecPolicyLeafCallbacks.c`, Security-61901).
public enum HostnameMatcher {
    /// True when `host` (a DNS name, or an IPv4/IPv6 literal, optionally in brackets) is
    /// covered by the certificate's SANs. `publicSuffixes` (the ICANN section) decides which
    /// wildcards cover a whole public suffix (`*.co.uk`); without a list only OpenSSL's own
    /// rule applies (no wildcard above a single label).
    public static func matches(_ host: String, certificate: Certificate,
                               publicSuffixes: PublicSuffixSource = .snapshot) -> Bool {
        let handle = certificate.decoded
        let name = normalized(host)
        // X509_check_host reads a leading dot as "any subdomain of" (.example.com would match a
        // certificate for www.example.com); a host name never starts with a dot.
        guard !name.isEmpty, !name.hasPrefix(".") else { return false }
        defer { ERR_clear_error() }
        // Apple compares every host, IP literals included, with the dNSName entries first, and
        // then an IP literal with the iPAddress entries (SecPolicyCheckCertSSLHostname).
        let flags = UInt32(X509_CHECK_FLAG_NEVER_CHECK_SUBJECT | X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS)
        var peer: UnsafeMutablePointer<CChar>? = nil
        if X509_check_host(handle.pointer, name, name.utf8.count, flags, &peer) == 1 {
            let matched = peer.map { String(cString: $0) } ?? ""
            CRYPTO_free(peer, #fileID, #line)
            // Only a wildcard over two or more labels can cover a multi-label suffix: read the list only then.
            guard matched.hasPrefix("*."), matched.dropFirst(2).contains(Character(".")), let publicSuffixes = publicSuffixes.list,
                  coversPublicSuffix(matched, publicSuffixes) else { return true }
            // OpenSSL stops at the first SAN that matches; another SAN may still cover the host.
            return certificate.subjectAlternativeNames.dns.contains { san in
                !coversPublicSuffix(san, publicSuffixes) && plainMatch(name, san)
            }
        }
        return isIPAddress(name) && X509_check_ip_asc(handle.pointer, name, 0) == 1
    }

    /// True for a wildcard SAN directly above a public suffix of the ICANN section (`*.co.uk`).
    static func coversPublicSuffix(_ san: String, _ list: PublicSuffixList) -> Bool {
        let lowered = san.lowercased()
        guard lowered.hasPrefix("*.") else { return false }
        let suffix = String(lowered.dropFirst(2))
        return suffix.contains(Character(".")) && list.isPublicSuffix(suffix, icannOnly: true)
    }

    /// Case-insensitive equality, or a whole-left-label wildcard over exactly one label.
    private static func plainMatch(_ host: String, _ san: String) -> Bool {
        let san = san.lowercased()
        if san == host { return true }
        guard san.hasPrefix("*."), let dot = host.firstIndex(of: ".") else { return false }
        return host[host.index(after: dot)...] == san.dropFirst(2) && host.distance(from: host.startIndex, to: dot) > 0
    }

    /// Lower-cases, strips IPv6 brackets and one trailing dot.
    public static func normalized(_ host: String) -> String {
        var name = HostName(host).text
        if name.hasSuffix("."), name.count > 1 { name.removeLast() }
        return name
    }

    /// True for IPv4 dotted-quad and IPv6 literals.
    public static func isIPAddress(_ host: String) -> Bool {
        IPAddress.isLiteral(host, allowingZone: false)
    }
}
