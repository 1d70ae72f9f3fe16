import COpenSSL
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Matches a host against a certificate's subjectAltNames the way Apple does since iOS 13:
/// DNS names and IP addresses in the SAN extension only, never the subject CN; wildcards
/// only as the whole left-most label.
public enum HostnameMatcher {
    /// True when `host` (a DNS name, or an IPv4/IPv6 literal, optionally in brackets) is
    /// covered by the certificate's SANs.
    public static func matches(_ host: String, certificate: Certificate) -> Bool {
        guard let handle = certificate.makeHandle() else { return false }
        let name = normalized(host)
        // X509_check_host reads a leading dot as "any subdomain of" (.example.com would match a
        // certificate for www.example.com); a host name never starts with a dot.
        guard !name.isEmpty, !name.hasPrefix(".") else { return false }
        defer { ERR_clear_error() }
        // Apple compares every host, IP literals included, with the dNSName entries first, and
        // then an IP literal with the iPAddress entries (SecPolicyCheckCertSSLHostname).
        let flags = UInt32(X509_CHECK_FLAG_NEVER_CHECK_SUBJECT | X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS)
        if X509_check_host(handle.pointer, name, name.utf8.count, flags, nil) == 1 { return true }
        return isIPAddress(name) && X509_check_ip_asc(handle.pointer, name, 0) == 1
    }

    /// Lower-cases, strips IPv6 brackets and one trailing dot.
    public static func normalized(_ host: String) -> String {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix("."), name.count > 1 { name.removeLast() }
        return name
    }

    /// True for IPv4 dotted-quad and IPv6 literals.
    public static func isIPAddress(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
}
