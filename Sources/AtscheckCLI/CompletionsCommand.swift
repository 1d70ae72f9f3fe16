import ArgumentParsing

/// `atscheck completions SHELL`: a completion script for bash, zsh or fish, generated from the
/// same declarations as `--help`.
enum CompletionsCommand: AtscheckCommand {
    static let name = "completions"

    static let abstract = "Print a shell completion script (bash, zsh or fish) for atscheck."
    static let spec = CommandSpec(
        name: "atscheck completions",
        abstract: abstract,
        discussion: """
        The script completes subcommands, each subcommand's options, the values of options \
        that take one of a fixed set (--format, --target, --context, ...) and file or \
        directory names where an option takes a path. It is generated from the same \
        declarations as --help, so it names every option the installed atscheck has.

        bash: a `complete -F` function that needs only bash (no bash-completion package). zsh: \
        a #compdef function for a directory in $fpath, or to source after compinit. fish: \
        `complete` lines for ~/.config/fish/completions.

        Exit status: 0 the script was printed, 2 bad usage.
        """,
        options: [],
        positionals: [shell],
        examples: [
            "atscheck completions bash > /etc/bash_completion.d/atscheck",
            "source <(atscheck completions bash)",
            "atscheck completions zsh > \"${fpath[1]}/_atscheck\"",
            "atscheck completions fish > ~/.config/fish/completions/atscheck.fish",
        ]
    )

    static let shell = PositionalSpec("SHELL", help: "The shell the script is for.", allowed: ["bash", "zsh", "fish"])

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let declaration = AtscheckCommands.declaration()
        switch arguments[shell].first {
        case "zsh": print(ZshCompletion.script(for: declaration), terminator: "")
        case "fish": print(FishCompletion.script(for: declaration), terminator: "")
        default: print(BashCompletion.script(for: declaration), terminator: "")
        }
        return .success
    }
}
