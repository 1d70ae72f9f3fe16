/// The declaration of a positional argument of a command, such as `FILE...`.
///
/// Positionals are bound in declaration order. A variadic positional takes
/// all remaining arguments and must therefore be the last one declared.
package struct PositionalSpec: Sendable {
    /// The name shown in usage, help and errors, conventionally upper case, e.g. `"FILE"`.
    package let name: String
    /// The description shown in the `ARGUMENTS` section of the help text.
    package let help: String
    /// Whether this positional takes all remaining arguments.
    package let variadic: Bool
    /// Whether this positional may be absent (a variadic optional may bind zero values).
    package let optional: Bool
    /// The values it accepts, or `nil` for any; another value is a usage error.
    package let allowed: [String]?

    /// Declares a positional argument.
    ///
    /// - Parameters:
    ///   - name: The name used in usage, help and errors, e.g. `"FILE"`.
    ///   - help: The description shown in the help text.
    ///   - variadic: Whether it takes all remaining arguments (at least one unless `optional`).
    ///   - optional: Whether it may be omitted.
    ///   - allowed: The accepted values in help order, when they are a closed set.
    package init(_ name: String, help: String, variadic: Bool = false, optional: Bool = false, allowed: [String]? = nil) {
        precondition(!name.isEmpty, "PositionalSpec: name must not be empty")
        self.name = name
        self.help = help
        self.variadic = variadic
        self.optional = optional
        self.allowed = allowed
    }

    /// How the positional appears in the usage line: `FILE`, `[FILE]`, `FILE...` or `[FILE...]`.
    package var usageSpelling: String {
        let base = variadic ? name + "..." : name
        return optional ? "[" + base + "]" : base
    }
}
