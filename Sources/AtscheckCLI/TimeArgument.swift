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

    /// `--at ISO8601` (read as a `Date`; now, at the CLI edge, when absent).
    static func option(help: String) -> Option<Date?> {
        Option("at", value: "ISO8601", help: help)
    }
}

/// An evaluation instant (`--at`): an ISO 8601 date-time (`Z` or an offset, optional fractional
/// seconds) or a bare date meaning midnight UTC.
extension Date: ExpressibleByArgument {
    /// Parses an ISO 8601 date-time, or a bare date as midnight UTC; nil for anything else.
    package init?(argument: String) {
        guard let date = TimeArgument.parse(argument) else { return nil }
        self = date
    }

    /// The forms shown after "expected" in an error.
    package static var argumentExpectation: String { "ISO 8601, e.g. 2025-06-01T00:00:00Z or 2025-06-01" }

    /// The instant in UTC ISO 8601 (`2025-06-01T00:00:00Z`).
    package var argumentDescription: String { UTCTimestamp.format(self) }
}
