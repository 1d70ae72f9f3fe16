import Testing
@testable import ArgumentParsing

/// Command and tool declarations shared by the tests.
enum Fixtures {
    /// A command exercising every kind of option and a variadic positional.
    static let cert = CommandSpec(
        name: "atscheck cert",
        abstract: "Check certificate files against App Transport Security rules.",
        discussion: """
            Each FILE may hold one certificate or a whole chain, in PEM or DER form.

            Exit status is 0 when every check passes, 1 when a check fails and 2 for usage errors.
            """,
        options: [
            OptionSpec("host", short: "H", value: "NAME", help: "Host name the leaf certificate must match.",
                       defaultValue: "localhost"),
            OptionSpec("format", short: "f", value: "FORMAT", help: "Output format.",
                       allowed: ["text", "json"], defaultValue: "text"),
            OptionSpec("ca-file", value: "PEM", help: "Extra trusted root certificates.", repeatable: true),
            OptionSpec("at", value: "SECONDS", help: "Evaluate validity this many seconds from now."),
            OptionSpec("verbose", short: "v", help: "Print every check, not only failures.", repeatable: true),
            OptionSpec("quiet", short: "q", help: "Print nothing; report through the exit status."),
            OptionSpec("strict", help: "Treat warnings as failures."),
        ],
        positionals: [
            PositionalSpec("FILE", help: "Certificate files to check.", variadic: true),
        ],
        examples: [
            "atscheck cert leaf.pem",
            "atscheck cert --host example.com --format json chain.pem",
        ]
    )

    /// A command with fixed, optional and no variadic positionals.
    static let copy = CommandSpec(
        name: "tool copy",
        abstract: "Copy a thing.",
        options: [OptionSpec("force", help: "Overwrite.")],
        positionals: [
            PositionalSpec("SOURCE", help: "What to copy."),
            PositionalSpec("DEST", help: "Where to put it."),
            PositionalSpec("NOTE", help: "A note.", optional: true),
        ]
    )

    /// A command whose only positional is optional and variadic.
    static let list = CommandSpec(
        name: "tool list",
        abstract: "List things.",
        options: [],
        positionals: [PositionalSpec("PATTERN", help: "Filters.", variadic: true, optional: true)]
    )

    /// A multi-command tool.
    static let tool = ToolSpec(
        name: "atscheck",
        abstract: "Check TLS certificates and servers against App Transport Security requirements.",
        version: "1.2.3",
        subcommands: [
            SubcommandSpec(name: "cert", abstract: "Check certificate files."),
            SubcommandSpec(name: "server", abstract: "Connect to a server and check what it presents."),
            SubcommandSpec(name: "plist", abstract: "Explain an Info.plist ATS dictionary."),
        ]
    )
}

/// Parses `arguments` expecting success; records an issue and returns `nil` otherwise.
func parsed(_ arguments: [String], as spec: CommandSpec = Fixtures.cert,
            sourceLocation: SourceLocation = #_sourceLocation) -> ParsedArguments? {
    do {
        switch try ArgumentParser.parse(arguments, as: spec) {
        case .arguments(let result):
            return result
        case .help:
            Issue.record("expected arguments, got help", sourceLocation: sourceLocation)
            return nil
        }
    } catch {
        Issue.record("unexpected usage error: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Parses `arguments` expecting a usage error and returns it, or `nil` (recording an issue).
func usageError(_ arguments: [String], as spec: CommandSpec = Fixtures.cert,
                sourceLocation: SourceLocation = #_sourceLocation) -> UsageError? {
    do {
        let outcome = try ArgumentParser.parse(arguments, as: spec)
        Issue.record("expected a usage error, got \(outcome)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// Parses `arguments` expecting a help request and returns the text, or `nil` (recording an issue).
func helpText(_ arguments: [String], as spec: CommandSpec = Fixtures.cert,
              sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    do {
        if case .help(let text) = try ArgumentParser.parse(arguments, as: spec) {
            return text
        }
        Issue.record("expected help", sourceLocation: sourceLocation)
    } catch {
        Issue.record("unexpected usage error: \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Dispatches `arguments` for `Fixtures.tool`, returning the result or the error.
func dispatched(_ arguments: [String]) -> Result<ToolDispatch, UsageError> {
    do {
        return .success(try ArgumentParser.dispatch(arguments, tool: Fixtures.tool))
    } catch {
        return .failure(error)
    }
}

extension CommandSpec: CustomTestStringConvertible {
    /// Short label for parameterized test output.
    public var testDescription: String { name }
}

extension OptionSpec: CustomTestStringConvertible {
    /// Short label for parameterized test output.
    public var testDescription: String { longSpelling }
}
