#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Apple's way of measuring a certificate's lifetime (support.apple.com/102028):
/// notBefore through notAfter inclusive, in 86,400-second days, any remainder rounded up.
public enum AppleValidity {
    /// Inclusive day count between two instants; 0 or less when `end` precedes `start`.
    public static func days(from start: Date, to end: Date) -> Int {
        let seconds = Int64(end.timeIntervalSince1970.rounded()) - Int64(start.timeIntervalSince1970.rounded()) + 1
        guard seconds > 0 else { return Int(seconds / 86_400) }
        return Int((seconds + 86_399) / 86_400)
    }
}
