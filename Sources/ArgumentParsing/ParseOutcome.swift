/// The result of parsing a command's arguments.
package enum ParseOutcome: Sendable {
    /// The arguments were valid; read them through `ParsedArguments`.
    case arguments(ParsedArguments)
    /// `--help` or `-h` was given; the payload is the complete help text to print.
    case help(String)
}
