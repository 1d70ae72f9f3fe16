/// The validated arguments of one command, read by declared name.
///
/// Asking for a name the command did not declare is a programmer error and
/// stops the program, so a misspelled name fails on first use instead of
/// silently reading as absent.
public struct ParsedArguments: Sendable {
    /// The command these arguments belong to.
    public let spec: CommandSpec
    /// Values given for each value-taking option, in command-line order.
    private let givenValues: [String: [String]]
    /// How many times each option (flag or value-taking) was given.
    private let counts: [String: Int]
    /// Values bound to each positional, in command-line order.
    private let boundPositionals: [String: [String]]

    /// Creates parsed arguments; the parser is the only producer.
    init(spec: CommandSpec,
         givenValues: [String: [String]],
         counts: [String: Int],
         boundPositionals: [String: [String]]) {
        self.spec = spec
        self.givenValues = givenValues
        self.counts = counts
        self.boundPositionals = boundPositionals
    }

    /// Whether the option was given at least once. For a boolean flag this is its value.
    public func flag(_ name: String) -> Bool {
        occurrences(name) > 0
    }

    /// How many times the option was given, e.g. 3 for `-v -v -v` on a repeatable flag.
    public func occurrences(_ name: String) -> Int {
        _ = declaredOption(name)
        return counts[name, default: 0]
    }

    /// The last value given for the option, or its default, or `nil`. Always `nil` for a flag.
    public func value(_ name: String) -> String? {
        let option = declaredOption(name)
        return givenValues[name]?.last ?? option.defaultValue
    }

    /// All values given for the option in order; if none was given, the default
    /// as a single value, or an empty array without a default.
    public func values(_ name: String) -> [String] {
        let option = declaredOption(name)
        if let given = givenValues[name], !given.isEmpty { return given }
        return option.defaultValue.map { [$0] } ?? []
    }

    /// The arguments bound to the positional, in order; empty if an optional one was omitted.
    public func positional(_ name: String) -> [String] {
        precondition(spec.positional(named: name) != nil,
                     "ParsedArguments: '\(name)' is not a positional of '\(spec.name)'")
        return boundPositionals[name, default: []]
    }

    /// The declaration of the named option, stopping the program if there is none.
    private func declaredOption(_ name: String) -> OptionSpec {
        guard let option = spec.option(named: name) else {
            preconditionFailure("ParsedArguments: '\(name)' is not an option of '\(spec.name)'")
        }
        return option
    }
}
