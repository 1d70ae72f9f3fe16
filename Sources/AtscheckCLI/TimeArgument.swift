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
