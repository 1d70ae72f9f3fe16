/// A value an option reads from one command-line argument, such as `10` for `--timeout 10`.
///
/// A type parses itself and says what a valid argument looks like, so every
/// option of that type reports a bad value the same way:
/// `invalid value 'x' for '--timeout' (expected seconds, 0 < t ≤ 600)`.
package protocol ExpressibleByArgument: Sendable {
    /// Parses one argument; `nil` when it is not a valid spelling of a value.
    init?(argument: String)
    /// What a valid argument looks like, shown after "expected" in errors, e.g. `an IPv4 or IPv6 address`.
    static var argumentExpectation: String { get }
    /// Every accepted spelling when the values are a closed set (checked while the
    /// command line is scanned and listed in the help text); `nil` for an open set.
    static var allValueStrings: [String]? { get }
    /// Spellings a shell completion offers for an open set of values (common ones); `nil` for
    /// none. A closed set offers ``allValueStrings`` instead.
    static var completionValueStrings: [String]? { get }
    /// How this value is spelt on the command line, e.g. as the help text shows a default.
    var argumentDescription: String { get }
}

extension ExpressibleByArgument {
    /// An open set of values by default.
    package static var allValueStrings: [String]? { nil }

    /// Nothing to suggest by default.
    package static var completionValueStrings: [String]? { nil }
}

extension ExpressibleByArgument where Self: CaseIterable & RawRepresentable, RawValue == String {
    /// A case is spelt as its raw value.
    package init?(argument: String) {
        self.init(rawValue: argument)
    }

    /// Every case's raw value, in declaration order.
    package static var allValueStrings: [String]? { allCases.map(\.rawValue) }

    /// The raw values, comma-separated.
    package static var argumentExpectation: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The raw value.
    package var argumentDescription: String { rawValue }
}

/// A value that an option may restrict to a range, as `--concurrency` to 1–1024.
package protocol BoundedArgument: ExpressibleByArgument, Comparable {
    /// What a valid argument within `range` looks like, e.g. `1-1024`.
    static func argumentExpectation(in range: ClosedRange<Self>) -> String
}

extension BoundedArgument where Self: FixedWidthInteger {
    /// `lower-upper`, e.g. `1-65535`.
    package static func argumentExpectation(in range: ClosedRange<Self>) -> String {
        "\(range.lowerBound)-\(range.upperBound)"
    }
}

extension String: ExpressibleByArgument {
    /// Any argument, as typed.
    package init?(argument: String) {
        self = argument
    }

    /// Any text.
    package static var argumentExpectation: String { "text" }

    /// The text itself.
    package var argumentDescription: String { self }
}

extension Int: BoundedArgument {
    /// A decimal integer.
    package init?(argument: String) {
        self.init(argument)
    }

    /// An integer.
    package static var argumentExpectation: String { "an integer" }

    /// The decimal spelling.
    package var argumentDescription: String { String(self) }
}

extension UInt16: BoundedArgument {
    /// A decimal integer from 0 to 65535.
    package init?(argument: String) {
        self.init(argument)
    }

    /// An integer 0-65535.
    package static var argumentExpectation: String { "0-65535" }

    /// The decimal spelling.
    package var argumentDescription: String { String(self) }
}
