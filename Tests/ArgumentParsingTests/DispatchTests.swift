import Testing
@testable import ArgumentParsing

@Suite("Tool dispatch")
struct DispatchTests {
    @Test("No arguments, --help, -h and help alone show the tool help",
          arguments: [[], ["--help"], ["-h"], ["help"], ["help", "help"], ["--help", "cert"]])
    func toolHelp(_ arguments: [String]) throws {
        guard case .success(.help(let text)) = dispatched(arguments) else {
            Issue.record("expected tool help for \(arguments)")
            return
        }
        #expect(text == ArgumentParser.help(for: Fixtures.tool))
    }

    @Test("Tool help lists every subcommand and the built-ins")
    func toolHelpContent() {
        let text = ArgumentParser.help(for: Fixtures.tool)
        #expect(text.hasPrefix("OVERVIEW: Check TLS certificates"))
        #expect(text.contains("USAGE: atscheck <subcommand> [options]"))
        #expect(text.contains("SUBCOMMANDS:"))
        for subcommand in Fixtures.tool.subcommands {
            #expect(text.contains("  \(subcommand.name) "))
            #expect(text.contains(subcommand.abstract))
        }
        #expect(text.contains("Show help for a subcommand."))
        #expect(text.contains("-h, --help"))
        #expect(text.contains("--version"))
        #expect(text.contains("See 'atscheck help <subcommand>' for detailed help."))
        for line in text.split(separator: "\n") {
            #expect(line.count <= 80)
        }
    }

    @Test("help NAME asks the subcommand for its help")
    func helpName() {
        guard case .success(.subcommand(let name, let rest)) = dispatched(["help", "cert"]) else {
            Issue.record("expected subcommand")
            return
        }
        #expect(name == "cert")
        #expect(rest == ["--help"])
    }

    @Test("--version reports the declared version")
    func version() {
        guard case .success(.version(let version)) = dispatched(["--version"]) else {
            Issue.record("expected version")
            return
        }
        #expect(version == "1.2.3")
    }

    @Test("--version --verbose, in either order, asks for the details; anything else after --version is refused")
    func verboseVersion() {
        for arguments in [["--version", "--verbose"], ["--verbose", "--version"]] {
            guard case .success(.verboseVersion(let version)) = dispatched(arguments) else {
                Issue.record("expected the verbose version for \(arguments)")
                continue
            }
            #expect(version == "1.2.3")
        }
        for arguments in [["--version", "cert"], ["--version", "--verbose", "--verbose"]] {
            guard case .failure(let error) = dispatched(arguments) else {
                Issue.record("expected an error for \(arguments)")
                continue
            }
            #expect(error.message.hasPrefix("unexpected argument"))
        }
    }

    @Test("A subcommand receives the remaining arguments untouched")
    func subcommand() {
        guard case .success(.subcommand(let name, let rest)) = dispatched(["server", "--host", "a", "--help", "--version"]) else {
            Issue.record("expected subcommand")
            return
        }
        #expect(name == "server")
        #expect(rest == ["--host", "a", "--help", "--version"])
    }

    @Test("Dispatch errors", arguments: [
        (["crt"], "atscheck: unknown subcommand 'crt' (did you mean 'cert'?)"),
        (["serve"], "atscheck: unknown subcommand 'serve' (did you mean 'server'?)"),
        (["hepl"], "atscheck: unknown subcommand 'hepl' (did you mean 'help'?)"),
        (["frobnicate"], "atscheck: unknown subcommand 'frobnicate'"),
        (["help", "crt"], "atscheck: unknown subcommand 'crt' (did you mean 'cert'?)"),
        (["help", "cert", "extra"], "atscheck: unexpected argument 'extra'"),
        (["--verison"], "atscheck: unknown option '--verison' (did you mean '--version'?)"),
        (["--vers=1"], "atscheck: unknown option '--vers' (did you mean '--version'?)"),
        (["--host", "cert"], "atscheck: unknown option '--host'"),
    ])
    func errors(_ arguments: [String], _ description: String) {
        guard case .failure(let error) = dispatched(arguments) else {
            Issue.record("expected an error for \(arguments)")
            return
        }
        #expect(error.description == description)
        #expect(error.command == "atscheck")
    }

    @Test("Dispatch composes with parse: help NAME yields that command's help")
    func composes() throws {
        guard case .success(.subcommand(_, let rest)) = dispatched(["help", "cert"]) else {
            Issue.record("expected subcommand")
            return
        }
        #expect(helpText(rest) == ArgumentParser.help(for: Fixtures.cert))
    }
}
