import ArgumentParsing

/// Every command the tool offers, in the order `atscheck --help` lists them.
enum AtscheckCommands {
    static var all: [any AtscheckCommand.Type] {
        [HostCommand.self, LabCommand.self, CertCommand.self, PinsCommand.self, LintCommand.self, ExplainCommand.self, ProxyCommand.self,
         ScanCommand.self, ReportCommand.self, AppCommand.self, WhyCommand.self, UpdateCommand.self, ConfigCommand.self]
    }

    /// Each command's declaration as it is parsed (its own options and the configuration's),
    /// by command name: what a configuration file is checked against.
    static func specs() -> [String: CommandSpec] {
        Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0.spec.adding(ConfigOptions.declarations)) })
    }
}
