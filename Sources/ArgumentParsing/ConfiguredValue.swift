/// An option's values as a configuration file gives them, and where they were written, for
/// ``ParsedArguments/filling(from:)``.
package struct ConfiguredValue: Sendable, Equatable {
    /// The values, as they would be typed after the option (one, or several for a repeatable option).
    package var values: [String]
    /// Where they were written, for messages: `.atscheck.yml: lint.format`.
    package var origin: String

    /// A configured value.
    package init(values: [String], origin: String) {
        self.values = values
        self.origin = origin
    }
}
