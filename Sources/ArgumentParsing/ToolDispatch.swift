/// The result of dispatching a multi-command tool's arguments.
package enum ToolDispatch: Sendable {
    /// Run the named subcommand with the remaining arguments (the subcommand name removed).
    case subcommand(String, [String])
    /// Print this tool-level help text.
    case help(String)
    /// Print this version string (exactly as declared in `ToolSpec.version`).
    case version(String)
    /// `--version --verbose`: print this version string and the details behind it (what they
    /// are is the tool's to say).
    case verboseVersion(String)
}
