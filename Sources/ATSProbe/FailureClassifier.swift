#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the socket saw during a failed handshake (from the probe BIO).
struct HandshakeIO: Sendable, Hashable {
    /// The first bytes the peer sent (up to 32).
    var firstBytes: [UInt8] = []
    /// The peer closed its side.
    var eof = false
    /// errno of the last failed send/recv (0 when none failed).
    var lastErrno: Int32 = 0
    var bytesRead: UInt64 = 0
    var bytesWritten: UInt64 = 0
    /// A well-formed TLS alert arrived.
    var alertReceived = false
    /// A complete ServerHello message arrived.
    var serverHelloReceived = false
    /// Body length of the Certificate message, when one arrived.
    var certificateMessageBytes: Int?
    /// The handshake stopped where the spec asked (``ProbeSpec/stopAfter``).
    var stopped = false

    /// The peer's first record is a well-formed alert (type 21, version 3.x, length 2, level
    /// warning or fatal), even in a record version the client then rejected ("wrong version
    /// number"): a real TLS server refusing the offer.
    var startsWithAlertRecord: Bool {
        firstBytes.count >= 6 && firstBytes[0] == 0x15 && firstBytes[1] == 0x03 && firstBytes[2] <= 0x04
            && firstBytes[3] == 0x00 && firstBytes[4] == 0x02 && (firstBytes[5] == 1 || firstBytes[5] == 2)
    }

    /// Whether the peer answered in TLS before the handshake failed: an alert, or a ServerHello
    /// that the client itself then refused (no reset, no close from the peer).
    var peerAnsweredTLS: Bool { alertReceived || startsWithAlertRecord || (serverHelloReceived && !eof && lastErrno == 0) }
}

/// Turns a failed handshake into a ``ProbeOutcome``. Pure, so it is tested without sockets.
enum FailureClassifier {
    /// OpenSSL reasons that mean "the bytes that came back are not TLS records" when the first
    /// byte did not already settle it.
    static let notTLSReasons: Set<String> = ["wrong version number", "packet length too long", "unknown protocol",
                                             "record length too long", "http request", "https proxy request"]

    /// Classifies a handshake that did not complete.
    /// - Parameters:
    ///   - reasons: OpenSSL's error-queue reasons, in order.
    ///   - io: what the socket saw.
    static func classify(reasons: [String], io: HandshakeIO) -> ProbeOutcome {
        let reasonText = reasons.joined(separator: "; ")
        // A TLS server's first record is a handshake (0x16) or an alert (0x15). Anything else,
        // such as an SSH banner or an HTTP response, means the port does not speak TLS.
        if let first = io.firstBytes.first, first != 0x15, first != 0x16 {
            return .failed(.notTLS("the server answered with non-TLS data: \(describe(io.firstBytes))"))
        }
        if io.firstBytes.isEmpty, let reason = reasons.first(where: notTLSReasons.contains) {
            return .failed(.notTLS(reason))
        }
        if io.serverHelloReceived, reasons.contains("excessive message size") {
            return .failed(.certificateListTooLarge(
                "the server's certificate list is larger than \(ProbeLimits.maximumCertificateMessageBytes) bytes"))
        }
        // Bytes arrived that look like TLS records, OpenSSL rejected them, and they held no
        // alert and no ServerHello: a peer that does not speak TLS (random bytes behind a
        // 0x16 header, say). A peer that reset or closed after a partial record is below.
        if !io.firstBytes.isEmpty, !io.serverHelloReceived, !io.peerAnsweredTLS, io.lastErrno == 0, !io.eof {
            return .failed(.notTLS("the server answered with bytes that are not TLS messages: \(describe(Array(io.firstBytes.prefix(16))))"
                                   + (reasonText.isEmpty ? "" : " (\(reasonText))")))
        }
        if io.lastErrno != 0 {
            let text = errnoText(io.lastErrno)
            if io.lastErrno == ECONNRESET || io.lastErrno == EPIPE {
                return .failed(.handshakeFailed("the server reset the connection during the handshake (\(text))"))
            }
            return .failed(.handshakeFailed("socket error during the handshake: \(text)"))
        }
        if io.bytesWritten == 0 {
            // Nothing left this machine: OpenSSL refused to build a ClientHello from the spec
            // ("no ciphers available", "no protocols available"). Says nothing about the server.
            return .notRun("the probe could not build a ClientHello: \(reasonText.isEmpty ? "unknown OpenSSL error" : reasonText)")
        }
        if io.eof, io.bytesRead == 0 {
            return .failed(.handshakeFailed("the server closed the connection without answering the ClientHello"))
        }
        if io.eof, reasons.isEmpty || reasons == ["unexpected eof while reading"] {
            return .failed(.handshakeFailed("the server closed the connection during the handshake"))
        }
        return .failed(.handshakeFailed(reasonText.isEmpty ? "the handshake failed" : reasonText))
    }

    /// Shows the peer's first bytes: quoted text when printable, hex otherwise.
    static func describe(_ bytes: [UInt8]) -> String {
        let printable = bytes.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x0D || $0 == 0x0A || $0 == 0x09 }
        if printable {
            let text = String(decoding: bytes, as: UTF8.self)
                .replacingEvery("\r", with: "\\r").replacingEvery("\n", with: "\\n")
            return "\"\(text)\""
        }
        return bytes.map { NumberText.hexByte($0) }.joined(separator: " ")
    }

    static func errnoText(_ code: Int32) -> String {
        systemMessage(code)
    }
}
