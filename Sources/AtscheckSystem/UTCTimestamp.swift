#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Instants as ISO 8601 text in UTC (`2025-06-01T00:00:00Z`), read and written with plain
/// arithmetic on the proleptic Gregorian calendar. Foundation's ISO 8601 formatters build a
/// `Calendar` and look up the machine's time zone through ICU the first time they run, which
/// cost every start of `atscheck` about 1.5 ms; an instant in UTC needs neither.
public enum UTCTimestamp {
    /// `2025-06-01T00:00:00Z`: whole seconds (a fraction is dropped), as `.iso8601` writes them.
    /// Years outside 0000–9999 (which no certificate and no `--at` can hold) get more digits or
    /// a sign and do not parse back.
    public static func format(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS`, optional fractional seconds, then `Z` or an offset
    /// (`+02:00`, `-0530`); nil for anything else, including dates that do not exist.
    public static func parse(_ text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(4), scanner.skip("-"), let month = scanner.number(2), scanner.skip("-"),
              let day = scanner.number(2), scanner.skip("T") || scanner.skip("t"),
              let hour = scanner.number(2), scanner.skip(":"), let minute = scanner.number(2), scanner.skip(":"),
              let second = scanner.number(2) else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60 else { return nil }
        var fraction = 0.0
        if scanner.skip(".") || scanner.skip(",") {
            var scale = 0.1
            var digits = 0
            while let digit = scanner.digit() {
                fraction += Double(digit) * scale
                scale /= 10
                digits += 1
            }
            guard digits > 0 else { return nil }
        }
        var offset = 0
        if scanner.skip("Z") || scanner.skip("z") {
            offset = 0
        } else if let sign = scanner.sign() {
            guard let hours = scanner.number(2) else { return nil }
            _ = scanner.skip(":")
            guard let minutes = scanner.number(2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard scanner.atEnd else { return nil }
        let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `2025-06-01`: the UTC day of `date`.
    public static func day(_ date: Date) -> String {
        String(format(date).prefix(10))
    }

    /// Midnight UTC at the start of a strict `yyyy-MM-dd` day (TrustKit `TSKExpirationDate`,
    /// Android `expiration`); nil for any other text or a day that does not exist.
    public static func parseDay(_ text: String) -> Date? {
        text.utf8.count == 10 ? parse(text + "T00:00:00Z") : nil
    }

    /// Exactly `YYYY-MM-DDTHH:MM:SSZ`, the one form property lists write; nil for any other text.
    public static func parseWholeSecondsZ(_ text: some StringProtocol) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[10] == UInt8(ascii: "T"), bytes[19] == UInt8(ascii: "Z") else { return nil }
        return parse(String(text))
    }

    // MARK: - Civil calendar arithmetic (days since 1970-01-01)

    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// Reads fixed-width decimal fields and separators from ASCII bytes.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position == bytes.count }

    mutating func digit() -> Int? {
        guard position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) else { return nil }
        defer { position += 1 }
        return Int(bytes[position] - UInt8(ascii: "0"))
    }

    /// Exactly `width` digits.
    mutating func number(_ width: Int) -> Int? {
        var value = 0
        for _ in 0..<width {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    /// `+` as 1, `-` as -1.
    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
