import ATSVocabulary
import ATSCertificates
import ATSCheck
import ATSPolicy
import ATSReport
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// Human-readable `atscheck cert` output: one block per certificate, then the verdict.
public enum CertTextRenderer {
    /// Each certificate's block, then, with an evaluation and its store, the verdict section
    /// (each reason's errors ranked for `target`).
    public static func render(_ certificates: [LoadedCertificate], evaluation: TrustEvaluation?, store: TrustStore?, target: TargetOS) -> String {
        var out = ""
        for (index, loaded) in certificates.enumerated() {
            out += certificateBlock(loaded, index: index, count: certificates.count)
            out += "\n"
        }
        if let evaluation, let store {
            out += verdict(evaluation, store: store, presented: certificates.map(\.certificate), target: target)
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
        add("Valid", "\(iso8601(c.notBefore)) to \(iso8601(c.notAfter)) (\(c.validityText))")
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
        add("EKU", c.extendedKeyUsage.map { $0.isEmpty ? "(empty)" : $0.map(\.rawValue).joined(separator: ", ") } ?? "none")
        if let constraints = c.basicConstraints {
            add("CA", constraints.isCA ? "yes" + (constraints.pathLength.map { ", path length \($0)" } ?? "") : "no")
        } else {
            add("CA", "no basicConstraints")
        }
        add("SHA-256", c.sha256Fingerprint.replacingEvery(":", with: ""))
        add("SHA-1", c.sha1Fingerprint.replacingEvery(":", with: ""))
        add("SPKI SHA-256", c.spkiSHA256)
        add("SCTs", "\(c.embeddedSCTs.count)" + (c.embeddedSCTs.isEmpty ? "" : " from \(Set(c.embeddedSCTs.map(\.logID)).count) log(s)"))
        for url in c.authorityInformationAccess.ocsp { add("OCSP", url) }
        for url in c.authorityInformationAccess.caIssuers { add("CA issuers", url) }
        if c.mustStaple { add("Must-staple", "yes") }
        if c.isPrecertificate { add("Precert", "yes (CT poison extension)") }

        let header = "Certificate \(index) (\(role(c, index: index, count: count)))\n"
        lines.insert(("From", loaded.file + (loaded.position > 0 ? " (certificate \(loaded.position + 1) in the file)" : "")), at: 0)
        // Labels fit 14 columns, so a 64-digit fingerprint ends exactly at column 80.
        let continuation = String(repeating: " ", count: 16)
        return header + lines.map { label, value in
            TerminalText.wrap(TerminalText.safe(value), firstPrefix: "  " + (label + ":").padded(toLength: 14),
                 restPrefix: continuation)
        }.joined()
    }

    /// The verdict section; each reason's errors are ranked for `target`.
    static func verdict(_ evaluation: TrustEvaluation, store: TrustStore, presented: [Certificate], target: TargetOS) -> String {
        var out = ""
        let host = evaluation.host ?? ""
        if evaluation.isTrusted {
            out += "TRUSTED for \(host) at \(iso8601(evaluation.time))\n"
        } else if evaluation.isUndetermined {
            out += "TRUST UNKNOWN for \(host) at \(iso8601(evaluation.time))\n"
        } else {
            let count = evaluation.reasons.count
            out += "NOT TRUSTED for \(host) at \(iso8601(evaluation.time)): \(count) reason\(count == 1 ? "" : "s")\n"
        }
        let summary = TrustStoreSummary(store)
        out += TerminalText.wrap("trust store: " + summary.text, firstPrefix: "  ", restPrefix: "    ")
        if let list = summary.ctLogListLine(at: evaluation.time) {
            out += TerminalText.wrap("CT log list: " + TerminalText.safe(list), firstPrefix: "  ", restPrefix: "    ")
        }
        if let top = evaluation.path.chain.last, let origin = store.origin(of: top) {
            let kind = origin == .system ? "preinstalled (public) root" : origin == .user ? "user-installed root" : "app-supplied anchor"
            out += TerminalText.wrap("anchor: \(TerminalText.safe(top.subject.rfc4514)) (\(kind))", firstPrefix: "  ", restPrefix: "          ")
        }
        let chain = evaluation.path.chain.enumerated().map { index, certificate in
            "\(index): \(TerminalText.safe(certificate.subject.commonName ?? certificate.subject.rfc4514))"
                + (presented.contains(certificate) ? "" : " [from trust store]")
        }
        // One link per line once the chain no longer fits: "  chain: 0: a <- 1: b" / "         <- 2: c".
        var chainLine = "  chain:"
        for (index, link) in chain.enumerated() {
            let piece = index == 0 ? link : "<- " + link
            if index > 0 && chainLine.count + 1 + piece.count > TerminalText.lineWidth {
                out += chainLine + "\n"
                chainLine = "        "
            }
            chainLine += " " + piece
        }
        out += chainLine + "\n"
        for reason in evaluation.reasons {
            let certificate = reason.certificateIndex.map { " [certificate \($0)]" } ?? ""
            out += "\n  \(reason.code.isUndetermined ? "?" : "✗") \(reason.code.rawValue)\(certificate)\n"
            out += TerminalText.wrap(TerminalText.safe(reason.message), firstPrefix: "    ", restPrefix: "    ")
            // No Info.plist is given to `cert`: ATS enforces trust, as without an Info.plist.
            out += LikelyErrorText.line(LikelyAppErrors.list(for: reason, target: target, atsEnforcesTrust: true),
                                        undetermined: reason.code.isUndetermined)
            out += TerminalText.wrap("source: \(reason.source)", firstPrefix: "    ", restPrefix: "      ")
        }
        let transparency = TransparencyReport.text(for: evaluation)
        if !transparency.isEmpty { out += "\n" + transparency }
        if let ocsp = evaluation.ocsp {
            let signature = ocsp.status == .unusable ? "" : ocsp.signatureVerified ? " (signature verified)" : " (signature not verified)"
            out += "\n  OCSP: \(ocsp.status.rawValue)\(signature)\n"
        }
        for note in evaluation.notes { out += "\n" + TerminalText.wrap("note: \(TerminalText.safe(note))", firstPrefix: "  ", restPrefix: "        ") }
        return out
    }
}
