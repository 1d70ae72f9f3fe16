/// The declaration of one named option of a command, such as `--host NAME` or `--verbose`.
///
/// An option is declared once; parsing, validation, error messages and the
/// `OPTIONS` section of the help text are all derived from this declaration.
/// Options are never required: an option that is not given reads as its
/// `defaultValue` (or `nil`, or `false` for a flag).
package struct OptionSpec: Sendable, Equatable {
    /// The long name without leading dashes, for example `"ca-file"` for `--ca-file`.
    package let name: String
    /// The optional single-character short name, for example `"H"` for `-H`.
    package let short: Character?
    /// The value placeholder shown in help and errors, for example `"PEM"`;
    /// `nil` means the option is a boolean flag that takes no value.
    package let valueName: String?
    /// One-line (or longer; it is wrapped) description shown in the help text.
    package let help: String
    /// The values the option accepts, or `nil` to accept any value.
    package let allowed: [String]?
    /// The value reported when the option is not given.
    package let defaultValue: String?
    /// Whether the option may be given several times; its values are collected in order.
    package let repeatable: Bool
    /// Values a shell completion offers when `allowed` is `nil` (common spellings of an open set).
    package let suggested: [String]?

    /// Declares an option.
    ///
    /// - Parameters:
    ///   - name: The long name without dashes, e.g. `"ca-file"`.
    ///   - short: An optional short name, e.g. `"c"` for `-c`. `h` is reserved for help.
    ///   - value: The value placeholder, e.g. `"PEM"`; `nil` declares a boolean flag.
    ///   - help: The description shown in the help text.
    ///   - allowed: The accepted values, e.g. `["text", "json"]`; other values are usage errors.
    ///   - defaultValue: The value reported when the option is absent; shown in the help text.
    ///   - repeatable: Whether the option may be given more than once.
    ///   - suggested: Values to offer in shell completion when any value is accepted.
    package init(
        _ name: String,
        short: Character? = nil,
        value: String? = nil,
        help: String,
        allowed: [String]? = nil,
        defaultValue: String? = nil,
        repeatable: Bool = false,
        suggested: [String]? = nil
    ) {
        precondition(!name.isEmpty && !name.hasPrefix("-"),
                     "OptionSpec: long name '\(name)' must be non-empty and given without dashes")
        precondition(!name.contains(Character("=")) && !name.contains(where: \.isWhitespace),
                     "OptionSpec: long name '\(name)' must not contain '=' or whitespace")
        if let short {
            precondition(short != "-" && short != "=" && !short.isWhitespace,
                         "OptionSpec: '\(short)' cannot be a short option name")
        }
        if value == nil {
            precondition(allowed == nil && defaultValue == nil,
                         "OptionSpec: flag '--\(name)' cannot declare allowed or default values")
        }
        if let allowed, let defaultValue {
            precondition(allowed.contains(defaultValue),
                         "OptionSpec: default '\(defaultValue)' of '--\(name)' is not an allowed value")
        }
        self.name = name
        self.short = short
        self.valueName = value
        self.help = help
        self.allowed = allowed
        self.defaultValue = defaultValue
        self.repeatable = repeatable
        self.suggested = suggested
    }

    /// Whether the option is a boolean flag (takes no value).
    package var isFlag: Bool { valueName == nil }

    /// The long spelling with dashes, e.g. `--ca-file`.
    package var longSpelling: String { "--" + name }
}
