import ArgumentParsing

/// A positive duration given in seconds on the command line (`--timeout 2.5`).
struct Seconds: BoundedArgument, ExpressibleByIntegerLiteral {
    /// The duration.
    let seconds: Double

    init(_ seconds: Double) {
        self.seconds = seconds
    }

    init(integerLiteral value: Int) {
        self.init(Double(value))
    }

    /// A decimal number of seconds above zero.
    init?(argument: String) {
        guard let value = Double(argument), value > 0 else { return nil }
        self.init(value)
    }

    static let argumentExpectation = "seconds, 0 < t"

    /// `seconds, 0 < t ≤ 600`: above zero (the parser refuses zero), at most the upper bound.
    static func argumentExpectation(in range: ClosedRange<Seconds>) -> String {
        "seconds, 0 < t ≤ \(range.upperBound.argumentDescription)"
    }

    /// `10`, or `2.5`.
    var argumentDescription: String {
        seconds.rounded() == seconds && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }

    static func < (lhs: Seconds, rhs: Seconds) -> Bool {
        lhs.seconds < rhs.seconds
    }
}
