import AtscheckSystem
import ATSReport
import ATSVocabulary
import ATSCertificates
import ATSVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The text form of `atscheck pins`: every pin with its role, subject and expiry, at most 80
/// columns wide (only subjects without spaces can be longer).
public enum PinsTextRenderer {
    /// The pins of `report` for a terminal: the source, then a block per certificate.
    public static func render(_ report: PinsReport) -> String {
        var out = ""
        let count = report.certificates.count
        let what: String
        switch report.source.kind {
        case .file: what = "file"
        case .server: what = "served chain"
        }
        out += TerminalText.wrap("Pins for \(TerminalText.safe(report.sourceDescription)) (\(what): \(count) certificate\(count == 1 ? "" : "s"))",
                                     firstPrefix: "", restPrefix: "  ")
        if let host = report.host { out += TerminalText.wrap(TerminalText.safe(host), firstPrefix: "Host:  ", restPrefix: "       ") }
        if let anchor = report.anchor {
            let state = report.trusted ? "trusted" : "anchor found, but the path has errors"
            out += "Path:  \(state); anchor is \(anchor.origin.map(\.label) ?? "an anchor")"
                + (anchor.index == nil ? " (not sent)" : "") + "\n"
        } else {
            out += "Path:  no trusted anchor found (no pin for a root)\n"
        }
        for url in report.fetchedFrom {
            out += TerminalText.wrap(TerminalText.safe("the server sent its chain incomplete; completed from its caIssuers URL, as iOS does: \(url)"),
                                         firstPrefix: "  ! ", restPrefix: "    ")
        }
        for problem in report.problems {
            out += TerminalText.wrap(TerminalText.safe(problem), firstPrefix: "  ! ", restPrefix: "    ")
        }
        for entry in report.certificates { out += "\n" + block(entry) }
        if let extra = report.extraAnchor { out += "\n" + block(extra) }
        out += "\n"
        let ca = report.caEntries
        let advice = ca.isEmpty
            ? "No CA key to pin: only the leaf's key is known. Add a backup pin for a second key you control."
            : "Pin the CA keys (\(ca.map { $0.role.rawValue }.joined(separator: " + "))) and add a backup pin for a second key you control. --format plist or trustkit prints a ready-to-paste snippet."
        out += TerminalText.wrap(advice, firstPrefix: "", restPrefix: "")
        return out
    }

    static func block(_ entry: PinsReport.Entry) -> String {
        var heading = (entry.index.map { "#\($0)" } ?? "--") + " " + entry.role.rawValue
        if let origin = entry.origin { heading += " (anchor, \(origin.rawValue)" + (entry.index == nil ? ", not sent)" : ")") }
        var out = heading + "\n"
        out += TerminalText.wrap(TerminalText.safe(entry.subject), firstPrefix: "   subject    ", restPrefix: "              ")
        out += "   not after  \(UTCTimestamp.format(entry.notAfter))\n"
        out += "   sha256     \(entry.spkiSHA256)\n"
        out += "   okhttp     \(entry.okHttp)\n"
        out += "   hpkp       \(entry.hpkp)\n"
        return out
    }
}

extension PinsReport {
    /// The file, or `host:port` of the server.
    var sourceDescription: String {
        if let file = source.file { return file }
        return HostPort.format(host: host ?? "", port: UInt16(source.port ?? 443))
    }
}
