/// The validated arguments of one command, read through the command's declarations:
/// `arguments[timeout]` for an `Option`, `arguments[json]` for a `Flag`,
/// `arguments[files]` for a `PositionalSpec`. (The lookups by name below are internal: the
/// parser's own tests read through them; a client cannot look an option up by a string.)
///
/// A declaration is a value, so a misspelt one does not compile. Reading one the
/// command did not declare is a programmer error and stops the program on first use
/// instead of silently reading as absent.
package struct ParsedArguments: Sendable {
    /// The command these arguments belong to.
    package let spec: CommandSpec
    /// Values given for each value-taking option, in command-line order.
    private var givenValues: [String: [String]]
    /// How many times each option (flag or value-taking) was given.
    private var counts: [String: Int]
    /// Values bound to each positional, in command-line order.
    private let boundPositionals: [String: [String]]
    /// Where the values of options that did not come from the command line were written
    /// (`.atscheck.yml: lint.format`), by option name.
    private var origins: [String: String] = [:]

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

    /// These arguments with `configured` (option name → its values and where they were
    /// written) standing in for every option the command line did not give: the command line
    /// wins, then the configuration, then the declared default. A flag takes `true` or `false`
    /// (`yes`/`no`, `on`/`off`); an option that is not repeatable takes one value. Throws a
    /// usage error naming the origin for an option the command does not declare or a value of
    /// the wrong shape; a value that does not parse is reported, with its origin, when read.
    package func filling(from configured: [String: ConfiguredValue]) throws(UsageError) -> ParsedArguments {
        var filled = self
        for (name, value) in configured.sorted(by: { $0.key < $1.key }) {
            guard let option = spec.option(named: name) else {
                throw UsageError(command: spec.name, message: "'\(name)' (\(value.origin)) is not an option of '\(spec.name)'")
            }
            guard counts[name, default: 0] == 0 else { continue }
            if option.valueName == nil {
                guard value.values.count == 1, let on = Self.boolean(value.values[0]) else {
                    throw UsageError(command: spec.name, message: "\(value.origin): '\(option.longSpelling)' is a flag: give true or false")
                }
                if on { filled.counts[name] = 1 }
            } else {
                guard option.repeatable || value.values.count == 1 else {
                    throw UsageError(command: spec.name, message: "\(value.origin): '\(option.longSpelling)' takes one value, not a list")
                }
                if let allowed = option.allowed, let wrong = value.values.first(where: { !allowed.contains($0) }) {
                    throw UsageError(command: spec.name,
                                     message: UsageMessage.invalidValue(wrong, for: option, allowed: allowed) + " (\(value.origin))")
                }
                filled.givenValues[name] = value.values
                filled.counts[name] = value.values.count
            }
            filled.origins[name] = value.origin
        }
        return filled
    }

    /// Where the option's value was written when it came from a configuration, else nil (the
    /// command line gave it, or it is the default).
    package func origin(of option: OptionSpec) -> String? { origins[option.name] }

    private static func boolean(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on": true
        case "false", "no", "off": false
        default: nil
        }
    }

    /// The typed value of the option: what was given, else its default (or `nil`, or `[]`).
    ///
    /// - Throws: `UsageError` when the value given does not parse, e.g.
    ///   `invalid value 'x' for '--timeout' (expected seconds, 0 < t ≤ 600)`.
    package subscript<Value>(option: Option<Value>) -> Value {
        get throws(UsageError) { try option.value(in: self) }
    }

    /// Whether the flag was given.
    package subscript(flag: Flag) -> Bool {
        isGiven(flag)
    }

    /// The arguments bound to the positional, in order; empty if an optional one was omitted.
    package subscript(positional: PositionalSpec) -> [String] {
        precondition(spec.positional(named: positional.name) != nil,
                     "ParsedArguments: '\(positional.name)' is not a positional of '\(spec.name)'")
        return boundPositionals[positional.name, default: []]
    }

    /// Whether the option was given on the command line (a default does not count).
    package func isGiven(_ option: some OptionDeclaration) -> Bool {
        _ = given(option.spec)
        return counts[option.spec.name, default: 0] > 0
    }

    /// The values given for a declared option, in order, without its default.
    func given(_ option: OptionSpec) -> [String] {
        precondition(spec.option(named: option.name) == option,
                     "ParsedArguments: '--\(option.name)' is not declared so by '\(spec.name)'")
        return givenValues[option.name, default: []]
    }

    /// Parses one value of an option, or throws a usage error saying what the option expects.
    func convert<T>(_ text: String, for option: OptionSpec, expecting expectation: String,
                    _ parse: (String) -> T?) throws(UsageError) -> T {
        guard let value = parse(text) else {
            throw UsageError(command: spec.name, message: UsageMessage.invalidValue(text, for: option, expected: expectation)
                                 + (origins[option.name].map { " (\($0))" } ?? ""))
        }
        return value
    }

    /// Whether the option was given at least once. For a boolean flag this is its value.
    func flag(_ name: String) -> Bool {
        occurrences(name) > 0
    }

    /// How many times the option was given, e.g. 3 for `-v -v -v` on a repeatable flag.
    func occurrences(_ name: String) -> Int {
        _ = declaredOption(name)
        return counts[name, default: 0]
    }

    /// The last value given for the option, or its default, or `nil`. Always `nil` for a flag.
    func value(_ name: String) -> String? {
        let option = declaredOption(name)
        return givenValues[name]?.last ?? option.defaultValue
    }

    /// All values given for the option in order; if none was given, the default
    /// as a single value, or an empty array without a default.
    func values(_ name: String) -> [String] {
        let option = declaredOption(name)
        if let given = givenValues[name], !given.isEmpty { return given }
        return option.defaultValue.map { [$0] } ?? []
    }

    /// The arguments bound to the positional, in order; empty if an optional one was omitted.
    func positional(_ name: String) -> [String] {
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
