import ArgumentParsing

/// Every command the tool offers, in the order `atscheck --help` lists them.
enum AtscheckCommands {
    static var all: [any AtscheckCommand.Type] {
        [HostCommand.self, LabCommand.self, CertCommand.self, PinsCommand.self, LintCommand.self, ExplainCommand.self, ProxyCommand.self,
         ScanCommand.self, ReportCommand.self, AppCommand.self, WhyCommand.self, UpdateCommand.self, ConfigCommand.self,
         CompletionsCommand.self, ManualCommand.self]
    }

    /// The tool as `atscheck --help` declares it.
    static let tool = ToolSpec(
        name: "atscheck",
        abstract: "Would Apple's App Transport Security block this request, and exactly why?",
        version: AtscheckVersion.current,
        subcommands: all.map { SubcommandSpec(name: $0.name, abstract: $0.abstract) }
    )

    /// The tool with every command's declaration as it is parsed: what completion scripts
    /// and manual pages are generated from.
    static func declaration() -> ToolDeclaration {
        ToolDeclaration(tool: tool, specs: specs())
    }

    /// Each command's declaration as it is parsed (its own options and the configuration's),
    /// by command name: what a configuration file is checked against.
    static func specs() -> [String: CommandSpec] {
        Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0.spec.adding(ConfigOptions.declarations)) })
    }
}
