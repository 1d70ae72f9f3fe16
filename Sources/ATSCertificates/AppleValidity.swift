#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one way atscheck counts a certificate's lifetime (docs/ats-rules.md#apple-validity-period):
/// notAfter − notBefore in seconds, as trustd measures it (`check_validity_period_maximums`,
/// the CT lifetime table of `verify_tls_ct_policy`), shown as whole 86,400-second days plus
/// any remainder. Apple's prose (support.apple.com/102028) counts inclusively instead, so a
/// leaf that runs from 00:00:00 to 23:59:59 is a day longer there than here.
public enum AppleValidity {
    /// Whole 86,400-second days from `start` to `end` (the remainder dropped); negative when
    /// `end` precedes `start`.
    public static func days(from start: Date, to end: Date) -> Int {
        Int(seconds(from: start, to: end) / 86_400)
    }

    /// The lifetime as days and remainder: "730 days", "397 days 23 h 59 min 59 s".
    public static func describe(from start: Date, to end: Date) -> String {
        let whole = seconds(from: start, to: end)
        guard whole >= 0 else { return "\(whole / 86_400) days (notAfter precedes notBefore)" }
        let days = whole / 86_400, rest = whole % 86_400
        guard rest > 0 else { return "\(days) days" }
        let hours = rest / 3_600, minutes = rest % 3_600 / 60, secs = rest % 60
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours) h") }
        if minutes > 0 { parts.append("\(minutes) min") }
        if secs > 0 { parts.append("\(secs) s") }
        return "\(days) days \(parts.joined(separator: " "))"
    }

    /// notAfter − notBefore in whole seconds (certificate times have no fraction).
    private static func seconds(from start: Date, to end: Date) -> Int64 {
        Int64(end.timeIntervalSince1970.rounded()) - Int64(start.timeIntervalSince1970.rounded())
    }
}
