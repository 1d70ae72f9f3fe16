/// Why a ``TLSLab`` could not start: a certificate or key that would not load, an address
/// that would not bind, a thread that would not start. The description is one line and
/// names the file or address involved.
public struct LabError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The one-line explanation.
    public let message: String

    /// Creates an error with a one-line message.
    public init(_ message: String) {
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// The one-line explanation, prefixed with `lab:`.
    public var description: String { "lab: \(message)" }
}
