/// Anything a command lists among its options: a typed `Option`, a `Flag`, or a bare `OptionSpec`.
package protocol OptionDeclaration: Sendable {
    /// The declaration parsing, errors and help text come from.
    var spec: OptionSpec { get }
}

extension OptionSpec: OptionDeclaration {
    /// The declaration itself.
    package var spec: OptionSpec { self }
}

/// A boolean flag such as `--json`: given or not. Read as `arguments[flag]`.
package struct Flag: OptionDeclaration {
    /// The flag's declaration (no value).
    package let spec: OptionSpec

    /// Declares a flag.
    ///
    /// - Parameters:
    ///   - name: The long name without dashes, e.g. `"no-fetch"`.
    ///   - short: An optional short name; `h` is reserved for help.
    ///   - help: The description shown in the help text.
    package init(_ name: String, short: Character? = nil, help: String) {
        spec = OptionSpec(name, short: short, help: help)
    }
}
