import Foundation
import Testing

/// `atscheck completions bash|zsh|fish`: each script completes subcommands, options and the
/// values of closed-set options, checked in the real shells; and none leaves an option out.
@Suite("completions: shell completion scripts from the declarations")
struct CompletionScriptTests {
    static let bash = DeclaredCommands.tool("/bin/bash", "/usr/bin/bash")
    static let zsh = DeclaredCommands.tool("/usr/bin/zsh", "/bin/zsh")
    static let fish = DeclaredCommands.tool("/usr/bin/fish", "/bin/fish")

    /// The script for `shell`, written to a scratch file.
    static func script(_ shell: String, in scratch: LintFixtures.Scratch) throws -> String {
        let result = try ProcessRunner.atscheck(["completions", shell])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.command): \(result.stderr)")
        return try scratch.file("atscheck.\(shell)", result.stdout)
    }

    /// What bash's completion function offers for `words`, the last being the one completed.
    static func bashCompletes(_ words: [String], script: String) throws -> [String] {
        let bash = try #require(Self.bash)
        let program = """
        source "$1"; shift
        COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
        _atscheck
        printf '%s\\n' "${COMPREPLY[@]}"
        """
        let result = try DeclaredCommands.run(bash, ["--norc", "-c", program, "bash", script] + words)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(words): \(result.stderr)")
        return result.stdoutLines.filter { !$0.isEmpty }
    }

    @Test("bash: subcommands, a subcommand's options, enum values, files; sourced in a real bash",
          .enabled(if: DeclaredCommands.runs(with: bash)))
    func bashCompletion() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let script = try Self.script("bash", in: scratch)
        func completes(_ words: String...) throws -> [String] { try Self.bashCompletes(words, script: script) }
        #expect(try completes("atscheck", "ho") == ["host"])
        #expect(try Set(completes("atscheck", "")).isSuperset(of: ["host", "lint", "app", "completions", "manual", "help"]))
        #expect(try completes("atscheck", "--ver") == ["--version"])
        #expect(try completes("atscheck", "--version", "--") == ["--verbose"])
        #expect(try completes("atscheck", "help", "li") == ["lint"])
        let hostOptions = try completes("atscheck", "host", "--")
        #expect(Set(hostOptions).isSuperset(of: ["--policy", "--context", "--target", "--format", "--fail-on", "--timeout", "--help"]))
        #expect(!hostOptions.contains("--list-rules"), "lint's option offered for host")
        #expect(try completes("atscheck", "host", "--format", "") == ["text", "json"])
        #expect(try completes("atscheck", "lint", "--format", "") == ["text", "json", "sarif", "github", "markdown"])
        #expect(try completes("atscheck", "explain", "--context", "") == ["urlsession", "webview", "media"])
        #expect(try completes("atscheck", "host", "--target", "ios1") == ["ios10", "ios12", "ios14", "ios17", "ios18"])
        #expect(try completes("atscheck", "host", "--fail-on", "") == ["unknown", "blocked", "never"])
        // --option=value, as bash splits it at '=' and as it does not.
        #expect(try completes("atscheck", "host", "--format", "=", "j") == ["json"])
        #expect(try completes("atscheck", "host", "--format=j") == ["json"])
        #expect(try completes("atscheck", "completions", "") == ["bash", "zsh", "fish"])
        #expect(try completes("atscheck", "completions", "bash", "") == [])
        #expect(try completes("atscheck", "config", "") == ["init", "show"])
        // FILE, PEM and DIR placeholders complete paths (run in the package root).
        #expect(try completes("atscheck", "lint", "--format", "json", "Polic") == ["Policies"])
        #expect(try completes("atscheck", "host", "--ca-file", "TestCerts/root.p") == ["TestCerts/root.pem"])
        #expect(try completes("atscheck", "manual", "--output-directory", "Sourc") == ["Sources"])
        #expect(try completes("atscheck", "host", "--timeout", "") == [], "a number: nothing to offer")
    }

    @Test("zsh: the script parses (zsh -n) and registers itself when sourced after compinit",
          .enabled(if: DeclaredCommands.runs(with: zsh)))
    func zshScript() throws {
        let zsh = try #require(Self.zsh, "CI installs zsh (.ci/run)")
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let script = try Self.script("zsh", in: scratch)
        let text = try String(contentsOfFile: script, encoding: .utf8)
        #expect(text.hasPrefix("#compdef atscheck\n"))
        let syntax = try DeclaredCommands.run(zsh, ["-n", script])
        #expect(syntax.status == 0 && syntax.stderr.isEmpty, "zsh -n: \(syntax.stderr)")
        let sourced = try DeclaredCommands.run(zsh, ["-f", "-c", "autoload -U compinit; compinit -u -D; source \"$1\"; print -r -- ${_comps[atscheck]}", "zsh", script])
        #expect(sourced.stdoutLines == ["_atscheck"], "\(sourced.stdout) \(sourced.stderr)")
        #expect(text.contains("--format=[Output format.]:FORMAT:(text json)"))
        #expect(text.contains(":CONTEXT:(urlsession webview media)"))
    }

    @Test("fish: the script parses (fish --no-execute) and `complete -C` offers what bash offers",
          .enabled(if: DeclaredCommands.runs(with: fish)))
    func fishCompletion() throws {
        let fish = try #require(Self.fish, "CI installs fish (.ci/run)")
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let script = try Self.script("fish", in: scratch)
        let syntax = try DeclaredCommands.run(fish, ["--no-execute", script])
        #expect(syntax.status == 0 && syntax.stderr.isEmpty, "fish --no-execute: \(syntax.stderr)")
        func completes(_ line: String) throws -> [String] {
            let result = try DeclaredCommands.run(fish, ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script, line])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(line): \(result.stderr)")
            return result.stdoutLines.map { String($0.split(separator: "\t", maxSplits: 1)[0]) }
        }
        #expect(try completes("atscheck ho") == ["host"])
        #expect(try Set(completes("atscheck host --")).isSuperset(of: ["--policy", "--context", "--format", "--help"]))
        #expect(try Set(completes("atscheck host --format ")) == ["text", "json"])
        #expect(try Set(completes("atscheck explain --context ")) == ["urlsession", "webview", "media"])
        #expect(try completes("atscheck host --target ios1").sorted() == ["ios10", "ios12", "ios14", "ios17", "ios18"])
        #expect(try Set(completes("atscheck completions ")) == ["bash", "zsh", "fish"])
        #expect(try completes("atscheck completions bash ") == [])
        #expect(try completes("atscheck lint --format json Polic") == ["Policies/"])
        #expect(try completes("atscheck --version --") == ["--verbose"])
    }

    @Test("drift: every subcommand and every option its --help lists is in each script")
    func everyOption() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let scripts = try ["bash", "zsh", "fish"].map { shell in (shell, try String(contentsOfFile: Self.script(shell, in: scratch), encoding: .utf8)) }
        let subcommands = try DeclaredCommands.subcommands()
        #expect(subcommands.count >= 15, "\(subcommands)")
        for command in subcommands {
            let options = try DeclaredCommands.options(of: command)
            #expect(options.contains("--format") || options.count > 2, "\(command): \(options)")
            for (shell, text) in scripts {
                // Each script scopes a command's options to it: bash and zsh in a function, fish by a condition.
                let section: String
                switch shell {
                case "fish": section = text.components(separatedBy: "\n").filter { $0.contains("'__atscheck_using \(command)'") }.joined(separator: "\n")
                default: section = text.components(separatedBy: "_atscheck_\(command)() {").dropFirst().first?.components(separatedBy: "\n}").first ?? ""
                }
                #expect(!section.isEmpty, "\(shell): no completion for \(command)")
                for option in options {
                    let spelled = shell == "fish" ? "-l \(option.dropFirst(2)) " : option
                    #expect(section.contains(spelled), "\(shell): atscheck \(command) \(option) is not completed")
                }
            }
        }
    }
}
