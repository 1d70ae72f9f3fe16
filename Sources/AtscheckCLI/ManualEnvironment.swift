import ArgumentParsing
import ATSRunPolicy
import ATSApp
import ATSCertificates

/// The FILES and ENVIRONMENT sections of the manual pages: each file atscheck reads or writes
/// by itself and each variable it reads, with the commands they concern, told from their
/// declarations where an option says it (`--config`, `--ct-log-list`, `--github-summary`).
enum ManualEnvironment {
    /// One file or variable: its name, what it does, and which commands it concerns.
    struct Entry: Sendable {
        /// The file or variable, as the page prints it.
        let name: String
        /// What it is for.
        let text: String
        /// Whether a command (its name and declaration) reads or writes it.
        let concerns: @Sendable (String, CommandSpec) -> Bool
    }

    /// Commands with an option named `option`.
    private static func declaring(_ option: String) -> @Sendable (String, CommandSpec) -> Bool {
        { _, spec in spec.option(named: option) != nil }
    }

    /// Commands that judge certificates (they take `--ct-log-list`) and `update`, which writes the cache.
    private static let usesCache: @Sendable (String, CommandSpec) -> Bool = { name, spec in
        name == UpdateCommand.name || spec.option(named: "ct-log-list") != nil
    }

    /// Where `atscheck update` keeps Apple's CT log list (``CTLogListCache/directory(environment:)``).
    static let cacheLocations = "$ATSCHECK_CACHE_DIR, else $XDG_CACHE_HOME/atscheck, else ~/.cache/atscheck (~/Library/Caches/atscheck on macOS)"

    /// The files.
    static let files: [Entry] = [
        Entry(name: ConfigFile.fileName,
              text: "Option defaults for each command: the nearest one from the working directory up to the repository root (the nearest directory holding .git; outside a repository, the working directory only), named on stderr, refused when owned by another user or writable by group or others (--config FILE reads another, --no-config none). The command line wins over it. `atscheck config init` writes a starter; `atscheck config show COMMAND` shows what a command will use.",
              concerns: declaring(ConfigOptions.config.spec.name)),
        Entry(name: "~/.cache/atscheck/" + CTLogListCache.fileName,
              text: "Apple's Certificate Transparency log list as `atscheck update` stored it, in \(cacheLocations). Every command that judges certificates uses the newest list it has: this one or the snapshot compiled in.",
              concerns: usesCache),
        Entry(name: ScanScope.ignoreFileName,
              text: "In a project directory given to `atscheck app`: the paths not to read, one glob a line as .gitignore writes them.",
              concerns: { name, _ in name == AppCommand.name }),
        Entry(name: "$TMPDIR/atscheck-lab-UID/root.pem",
              text: "The lab's root CA, written by `atscheck lab` for clients to trust (/tmp without TMPDIR).",
              concerns: { name, _ in name == LabCommand.name }),
    ]

    /// The environment variables.
    static let variables: [Entry] = [
        Entry(name: GitHubSummary.variable,
              text: "The job summary file GitHub Actions names in every step: --github-summary appends the Markdown report to it (bad usage when it is not set), and --format github does whenever it is set.",
              concerns: declaring("github-summary")),
        Entry(name: "NO_COLOR", text: "When not empty, no colour in lint's text output (no-color.org). Colour is only ever used on a terminal.",
              concerns: { name, _ in name == LintCommand.name }),
        Entry(name: "TERM", text: "When dumb, no colour in lint's text output.",
              concerns: { name, _ in name == LintCommand.name }),
        Entry(name: "ATSCHECK_CACHE_DIR", text: "The directory of the CT log list cache (see FILES).", concerns: usesCache),
        Entry(name: "XDG_CACHE_HOME", text: "Without ATSCHECK_CACHE_DIR, the cache is in its atscheck directory (when it is an absolute path).", concerns: usesCache),
        Entry(name: "HOME", text: "Without either, the cache is in ~/.cache/atscheck.", concerns: usesCache),
        Entry(name: "TMPDIR", text: "Where `atscheck lab` writes its root CA (/tmp when unset).",
              concerns: { name, _ in name == LabCommand.name }),
    ]

    /// ENVIRONMENT and FILES for one command, or for atscheck(1) (every entry) when `name` is nil;
    /// a section with nothing in it is left out.
    static func sections(for name: String?, spec: CommandSpec?) -> [ManualSection] {
        func concerned(_ entries: [Entry]) -> [ManualBlock] {
            entries.filter { entry in name.flatMap { name in spec.map { entry.concerns(name, $0) } } ?? true }
                .map { .item(term: ManualPage.term($0.name), text: $0.text) }
        }
        return [ManualSection("ENVIRONMENT", concerned(variables)), ManualSection("FILES", concerned(files))]
            .filter { !$0.blocks.isEmpty }
    }
}
