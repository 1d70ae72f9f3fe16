/// Why a file or blob could not be read as certificates. `description` is one line,
/// suitable after "FILE: ".
public enum CertificateLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Zero bytes (or only whitespace).
    case empty
    /// Valid PEM, but no CERTIFICATE block; carries the block labels that were found.
    case noCertificateInPEM(foundLabels: [String])
    /// A PEM block that OpenSSL could not decode (truncated, bad base64, no END line).
    case malformedPEM(blockIndex: Int, reason: String)
    /// A CERTIFICATE PEM block whose contents are not an X.509 certificate.
    case invalidCertificateInPEM(blockIndex: Int, reason: String)
    /// Bytes that are neither PEM nor a DER certificate.
    case notACertificate(String)
    /// The file could not be read at all.
    case unreadable(String)
    /// The file is larger than the loader reads; nothing was loaded.
    case tooLarge(size: Int64, limit: Int)

    /// One line, lower-case, suitable after "FILE: " (`file is empty`).
    public var description: String {
        switch self {
        case .empty:
            return "file is empty"
        case .noCertificateInPEM(let labels):
            return "no CERTIFICATE block in PEM (found \(labels.joined(separator: ", ")))"
        case .malformedPEM(let index, let reason):
            return "PEM block \(index + 1) is malformed (\(reason)); truncated or corrupted file?"
        case .invalidCertificateInPEM(let index, let reason):
            return "PEM block \(index + 1) is not a valid X.509 certificate (\(reason))"
        case .notACertificate(let reason):
            return "neither PEM (no -----BEGIN line) nor a DER X.509 certificate (\(reason))"
        case .unreadable(let reason):
            return "cannot read file (\(reason))"
        case .tooLarge(let size, let limit):
            return "file is \(size) bytes, more than the limit of \(limit) bytes"
        }
    }
}
