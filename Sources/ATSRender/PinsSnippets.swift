import ATSReport
import ATSVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem
import ATSCertificates

/// Ready-to-paste Info.plist fragments for `atscheck pins --format plist|trustkit`. Each is
/// a key and its dictionary, to paste inside the top-level `<dict>` of an Info.plist.
public enum PinsSnippets {
    static let backupReminder = "Add a backup pin: the SPKI-SHA256 of a second key you control (kept offline), so a key change cannot lock your app out. Apple advises more than one pin."
    static let hostPlaceholder = "example.com"

    /// The domain key and whether subdomains are included (a wildcard leaf name `*.d` → `d`, YES).
    static func domain(_ report: PinsReport) -> (name: String, includeSubdomains: Bool, placeholder: Bool) {
        guard let host = report.host, !host.isEmpty else { return (hostPlaceholder, false, true) }
        if host.hasPrefix("*.") { return (String(host.dropFirst(2)), true, false) }
        return (host, false, false)
    }

    /// `NSAppTransportSecurity` → `NSPinnedDomains` → host → `NSPinnedCAIdentities` (the
    /// intermediates' and anchor's keys), or `NSPinnedLeafIdentities` when the chain has no CA.
    public static func nsPinnedDomains(_ report: PinsReport) -> String {
        let domain = domain(report)
        var lines: [String] = []
        lines.append("<!-- atscheck pins \(comment(report.sourceDescription)): ATS pinned-domain identities (iOS 14+, macOS 11+) -->")
        if domain.placeholder { lines.append("<!-- The leaf names no host: replace \(hostPlaceholder) with your domain. -->") }
        lines.append("<key>NSAppTransportSecurity</key>")
        lines.append("<dict>")
        lines.append("    <key>NSPinnedDomains</key>")
        lines.append("    <dict>")
        lines.append("        <key>\(xml(domain.name))</key>")
        lines.append("        <dict>")
        lines.append("            <key>NSIncludesSubdomains</key>")
        lines.append("            <\(domain.includeSubdomains)/>")
        let ca = report.caEntries
        let pinned = ca.isEmpty ? Array(report.certificates.prefix(1)) : ca
        if ca.isEmpty {
            lines.append("            <!-- No CA certificate was sent or found: pinning the leaf key, which changes when the certificate is renewed with a new key. -->")
        }
        lines.append("            <key>\(ca.isEmpty ? "NSPinnedLeafIdentities" : "NSPinnedCAIdentities")</key>")
        lines.append("            <array>")
        for entry in pinned {
            lines.append("                <!-- \(label(entry)) -->")
            lines.append("                <dict>")
            lines.append("                    <key>SPKI-SHA256-BASE64</key>")
            lines.append("                    <string>\(entry.spkiSHA256)</string>")
            lines.append("                </dict>")
        }
        lines.append("                <!-- \(backupReminder) -->")
        lines.append("            </array>")
        lines.append("        </dict>")
        lines.append("    </dict>")
        lines.append("</dict>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `TSKConfiguration` → `TSKPinnedDomains` → host with `TSKPublicKeyHashes` (intermediates
    /// and anchor; the leaf too when that makes fewer than two, as TrustKit requires two).
    public static func trustKit(_ report: PinsReport) -> String {
        let domain = domain(report)
        var pinned = report.caEntries
        if pinned.count < 2, let leaf = report.certificates.first, !pinned.contains(where: { $0.spkiSHA256 == leaf.spkiSHA256 }) {
            pinned.insert(leaf, at: 0)
        }
        var lines: [String] = []
        lines.append("<!-- atscheck pins \(comment(report.sourceDescription)): TrustKit configuration (Info.plist) -->")
        if domain.placeholder { lines.append("<!-- The leaf names no host: replace \(hostPlaceholder) with your domain. -->") }
        lines.append("<key>TSKConfiguration</key>")
        lines.append("<dict>")
        lines.append("    <key>TSKSwizzleNetworkDelegates</key>")
        lines.append("    <false/>")
        lines.append("    <key>TSKPinnedDomains</key>")
        lines.append("    <dict>")
        lines.append("        <key>\(xml(domain.name))</key>")
        lines.append("        <dict>")
        lines.append("            <!-- TrustKit refuses to enforce fewer than two hashes. -->")
        lines.append("            <key>TSKPublicKeyHashes</key>")
        lines.append("            <array>")
        for entry in pinned {
            lines.append("                <!-- \(label(entry)) -->")
            lines.append("                <string>\(entry.spkiSHA256)</string>")
        }
        lines.append("                <!-- \(backupReminder) -->")
        if pinned.count < 2 {
            lines.append("                <!-- Only one key is known: TrustKit will not start with this until the backup pin is added. -->")
        }
        lines.append("            </array>")
        lines.append("            <key>TSKIncludeSubdomains</key>")
        lines.append("            <\(domain.includeSubdomains ? "true" : "false")/>")
        lines.append("            <key>TSKEnforcePinning</key>")
        lines.append("            <true/>")
        lines.append("        </dict>")
        lines.append("    </dict>")
        lines.append("</dict>")
        return lines.joined(separator: "\n") + "\n"
    }

    static func label(_ entry: PinsReport.Entry) -> String {
        var role = entry.role.rawValue
        if let origin = entry.origin { role += " (anchor, \(origin.rawValue))" }
        if entry.index == nil { role += ", not sent" }
        return comment("\(role): \(entry.subject)")
    }

    /// Text safe inside an XML comment (no `--`, no trailing `-`).
    static func comment(_ text: String) -> String {
        var out = xml(text)
        while out.contains("--") { out = out.replacingEvery("--", with: "- -") }
        if out.hasSuffix("-") { out += " " }
        return out
    }

    static func xml(_ text: String) -> String { MarkupText.escaped(text) }
}
