import ArgumentParsing
import Foundation

/// Parses the `--at` evaluation instant: full ISO 8601 date-times (`Z` or an offset,
/// optional fractional seconds) or a bare date meaning midnight UTC.
enum TimeArgument {
    static func parse(_ text: String) -> Date? {
        let full = ISO8601DateFormatter()
        full.formatOptions = [.withInternetDateTime]
        if let date = full.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = fractional.date(from: text) { return date }
        let dateOnly = ISO8601DateFormatter()
        dateOnly.formatOptions = [.withFullDate]
        dateOnly.timeZone = TimeZone(identifier: "UTC")
        if text.count == 10, let date = dateOnly.date(from: text) { return date }
        return nil
    }

    /// `--at` if given (a usage error, exit 2, when malformed), otherwise now.
    static func evaluationTime(_ value: String?, command: String) throws -> Date {
        guard let value else { return Date() }
        guard let date = parse(value) else {
            throw UsageError(command: command, message: "invalid value '\(value)' for '--at' (expected ISO 8601, e.g. 2025-06-01T00:00:00Z or 2025-06-01)")
        }
        return date
    }
}
