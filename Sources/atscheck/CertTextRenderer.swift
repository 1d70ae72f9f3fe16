import Certificates
import Foundation

/// Human-readable `atscheck cert` output: one block per certificate, then the verdict.
enum CertTextRenderer {
    static func render(_ report: CertReport) -> String {
        var out = ""
        for (index, loaded) in report.certificates.enumerated() {
            out += certificateBlock(loaded, index: index, count: report.certificates.count)
            out += "\n"
        }
        if let evaluation = report.evaluation, let store = report.store {
            out += verdict(evaluation, store: store, presented: report.certificates.map(\.certificate))
        }
        return out
    }

    private static func role(_ certificate: Certificate, index: Int, count: Int) -> String {
        if index == 0 { return "leaf" }
        if certificate.isSelfSigned && certificate.isCA { return "root" }
        return certificate.isCA ? "intermediate" : "not a CA"
    }

    static func certificateBlock(_ loaded: LoadedCertificate, index: Int, count: Int) -> String {
        let c = loaded.certificate
        var lines: [(String, String)] = []
        func add(_ label: String, _ value: String) { lines.append((label, value)) }
        add("Subject", c.subject.rfc4514)
        add("Issuer", c.issuer.rfc4514)
        add("Serial", c.serialNumber)
        add("Valid", "\(iso8601(c.notBefore)) to \(iso8601(c.notAfter)) (\(c.validityDays) days)")
        let sans = c.subjectAlternativeNames
        if sans.isPresent {
            let names = sans.dns.map { "DNS:\($0)" } + sans.ip.map { "IP:\($0)" } + sans.email.map { "email:\($0)" }
                + sans.uri.map { "URI:\($0)" } + (sans.otherCount > 0 ? ["\(sans.otherCount) other"] : [])
            add("SANs", names.isEmpty ? "(empty)" : names.joined(separator: ", "))
        } else {
            add("SANs", "none (no subjectAltName extension)")
        }
        var key = "\(c.publicKey.type) \(c.publicKey.bits) bits"
        if let curve = c.publicKey.curve { key += " (\(curve))" }
        add("Public key", key)
        add("Signature", c.signature.algorithm + (c.signature.hash.map { " (\($0))" } ?? ""))
        if let usage = c.keyUsage { add("Key usage", usage.joined(separator: ", ")) }
        add("Extended usage", c.extendedKeyUsage.map { $0.isEmpty ? "(empty)" : $0.joined(separator: ", ") } ?? "none")
        if let constraints = c.basicConstraints {
            add("CA", constraints.isCA ? "yes" + (constraints.pathLength.map { ", path length \($0)" } ?? "") : "no")
        } else {
            add("CA", "no basicConstraints")
        }
        add("SHA-256", c.sha256Fingerprint.replacingOccurrences(of: ":", with: ""))
        add("SHA-1", c.sha1Fingerprint.replacingOccurrences(of: ":", with: ""))
        add("SPKI SHA-256", c.spkiSHA256)
        add("Embedded SCTs", "\(c.embeddedSCTs.count)" + (c.embeddedSCTs.isEmpty ? "" : " from \(Set(c.embeddedSCTs.map(\.logID)).count) log(s)"))
        for url in c.authorityInformationAccess.ocsp { add("OCSP", url) }
        for url in c.authorityInformationAccess.caIssuers { add("CA issuers", url) }
        if c.mustStaple { add("Must-staple", "yes") }
        if c.isPrecertificate { add("Precertificate", "yes (CT poison extension)") }

        let header = "Certificate \(index) (\(role(c, index: index, count: count))) from \(loaded.file)"
            + (loaded.position > 0 ? " #\(loaded.position + 1)" : "") + "\n"
        return header + lines.map { "  " + ($0.0 + ":").padding(toLength: 16, withPad: " ", startingAt: 0) + printable($0.1) + "\n" }.joined()
    }

    static func verdict(_ evaluation: TrustEvaluation, store: TrustStore, presented: [Certificate]) -> String {
        var out = ""
        let host = evaluation.host ?? ""
        if evaluation.isTrusted {
            out += "TRUSTED for \(host) at \(iso8601(evaluation.time))\n"
        } else {
            let count = evaluation.reasons.count
            out += "NOT TRUSTED for \(host) at \(iso8601(evaluation.time)): \(count) reason\(count == 1 ? "" : "s")\n"
        }
        if let top = evaluation.path.chain.last, let origin = store.origin(of: top) {
            let kind = origin == .system ? "preinstalled (public) root" : "user-installed root"
            out += "  anchor: \(top.subject.rfc4514) (\(kind))\n"
        }
        let chain = evaluation.path.chain.enumerated().map { index, certificate in
            "\(index): \(certificate.subject.commonName ?? certificate.subject.rfc4514)"
                + (presented.contains(certificate) ? "" : " [from trust store]")
        }
        out += "  chain: " + chain.joined(separator: " <- ") + "\n"
        for reason in evaluation.reasons {
            let certificate = reason.certificateIndex.map { " [certificate \($0)]" } ?? ""
            out += "\n  ✗ \(reason.code.rawValue)\(certificate)\n"
            out += "    \(printable(reason.message))\n"
            let transport = reason.secureTransportError.map { ", SecureTransport \($0)" } ?? ""
            out += "    app sees: NSURLErrorDomain \(reason.appleError)\(transport)\n"
            out += "    source: \(reason.source)\n"
        }
        if let ocsp = evaluation.ocsp {
            out += "\n  OCSP: \(ocsp.status.rawValue)" + (ocsp.signatureVerified ? " (signature verified)" : " (signature not verified)") + "\n"
        }
        for note in evaluation.notes { out += "\n  note: \(note)\n" }
        return out
    }

    /// Shows control characters (a NUL inside a CN, for instance) as escapes.
    static func printable(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                out += String(format: "\\x%02X", scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
