import ArgumentParsing
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Parses the `--at` evaluation instant: full ISO 8601 date-times (`Z` or an offset,
/// optional fractional seconds) or a bare date meaning midnight UTC.
enum TimeArgument {
    static func parse(_ text: String) -> Date? {
        // UTCTimestamp, not Foundation's ISO 8601 styles: those look the machine's time zone up
        // through ICU on first use (~1.5 ms of every run's start-up).
        UTCTimestamp.parse(text.utf8.count == 10 ? text + "T00:00:00Z" : text)
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
