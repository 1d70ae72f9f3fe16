import AtscheckSystem
import Foundation
import Testing

// UTCTimestamp against Foundation's own ISO 8601 style (which the tool no longer calls at run
// time because it loads ICU's time-zone data), on instants spread over the certificate range.

@Suite("UTCTimestamp")
struct UTCTimestampTests {
    /// Deterministic instants from 1950 to 2150, plus the edges that matter.
    static let instants: [Date] = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var dates = [-631_152_000.0, 0, 951_782_400, 1_709_164_800, 1_748_736_000, 4_102_444_799, 5_680_281_599]
            .map { Date(timeIntervalSince1970: $0) }
        for _ in 0..<2000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let seconds = Double(state >> 33) .truncatingRemainder(dividingBy: 6_311_390_400) - 631_152_000
            dates.append(Date(timeIntervalSince1970: seconds.rounded(.down)))
        }
        return dates
    }()

    @Test("format writes what Date.ISO8601FormatStyle writes")
    func formatMatchesFoundation() {
        for date in Self.instants {
            #expect(UTCTimestamp.format(date) == Date.ISO8601FormatStyle().format(date), "\(date.timeIntervalSince1970)")
        }
        #expect(UTCTimestamp.format(Date(timeIntervalSince1970: 1_748_736_000.75)) == "2025-06-01T00:00:00Z")
    }

    @Test("parse reads back what format wrote, and what Foundation reads")
    func parseRoundTrips() throws {
        for date in Self.instants {
            let text = UTCTimestamp.format(date)
            #expect(UTCTimestamp.parse(text) == date, "\(text)")
            #expect(UTCTimestamp.parse(text) == (try Date.ISO8601FormatStyle().parse(text)), "\(text)")
        }
    }

    @Test("offsets, fractions and lower-case separators")
    func offsetsAndFractions() {
        let june = Date(timeIntervalSince1970: 1_748_736_000)
        #expect(UTCTimestamp.parse("2025-06-01T02:00:00+02:00") == june)
        #expect(UTCTimestamp.parse("2025-05-31T18:30:00-0530") == june)
        #expect(UTCTimestamp.parse("2025-06-01t00:00:00z") == june)
        #expect(UTCTimestamp.parse("2025-06-01T00:00:00.250Z") == june.addingTimeInterval(0.25))
    }

    @Test("malformed text and dates that do not exist are refused", arguments: [
        "", "2025-06-01", "2025-06-01T00:00:00", "2025-06-01 00:00:00Z", "2025-6-01T00:00:00Z", "2025-02-29T00:00:00Z",
        "2024-02-30T00:00:00Z", "2025-04-31T00:00:00Z", "2025-13-01T00:00:00Z", "2025-00-10T00:00:00Z",
        "2025-06-01T24:00:00Z", "2025-06-01T00:60:00Z", "2025-06-01T00:00:60Z", "2025-06-01T00:00:00.Z",
        "2025-06-01T00:00:00+25:00", "2025-06-01T00:00:00Zjunk", "２０２５-06-01T00:00:00Z",
    ])
    func refused(_ text: String) {
        #expect(UTCTimestamp.parse(text) == nil)
    }

    @Test("leap days exist where the Gregorian calendar has them")
    func leapDays() {
        #expect(UTCTimestamp.parse("2024-02-29T00:00:00Z") != nil)
        #expect(UTCTimestamp.parse("2000-02-29T00:00:00Z") != nil)
        #expect(UTCTimestamp.parse("1900-02-29T00:00:00Z") == nil)
        #expect(UTCTimestamp.parse("2100-02-29T00:00:00Z") == nil)
    }
}
