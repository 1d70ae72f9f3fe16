import Foundation

/// Deadlines the tests give atscheck, scaled for slow builds: `ATSCHECK_TEST_TIME_SCALE`
/// (default 1; `.ci/run` sets 4 for the ThreadSanitizer run, where every handshake takes
/// several times longer). Only deadlines scale; what a test expects never does.
public enum TestTiming {
    /// The multiplier, at least 1.
    public static let scale: Double = {
        let text = ProcessInfo.processInfo.environment["ATSCHECK_TEST_TIME_SCALE"] ?? ""
        return max(1, Double(text) ?? 1)
    }()

    /// `seconds` scaled.
    public static func seconds(_ seconds: Double) -> Double { seconds * scale }

    /// A suite's or test's time limit in whole minutes (`.timeLimit(.minutes(TestTiming.minutes(2)))`),
    /// scaled and rounded up. Unscaled limits failed under ThreadSanitizer: on a two-core
    /// machine its 4x slower suite took 130 s to finish tests that start at once and share
    /// the lab, past a 2-minute limit that only exists to catch hangs.
    public static func minutes(_ minutes: Int) -> Int { Int((Double(minutes) * scale).rounded(.up)) }

    /// `seconds` scaled, as a command-line value (`--timeout`).
    public static func argument(_ seconds: Double) -> String {
        let value = Self.seconds(seconds)
        return value == value.rounded() ? String(Int(value)) : String(value)
    }
}
