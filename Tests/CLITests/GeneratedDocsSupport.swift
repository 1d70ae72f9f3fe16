import AtscheckTestSupport
import Foundation
import Testing

/// What the completion and manual tests compare against: the subcommands and options
/// `atscheck --help` and `atscheck COMMAND --help` list, and the programs that check the output.
enum DeclaredCommands {
    /// The subcommands `atscheck --help` lists (without the built-in `help`).
    static func subcommands() throws -> [String] {
        let help = try ProcessRunner.atscheck(["--help"]).stdoutLines
        let rows = help.drop { $0 != "SUBCOMMANDS:" }.dropFirst().prefix { !$0.isEmpty }
        return rows.compactMap { row in
            let name = row.split(separator: " ").first.map(String.init)
            return row.hasPrefix("  ") && !row.hasPrefix("   ") ? name : nil
        }.filter { $0 != "help" }
    }

    /// The long options `atscheck COMMAND --help` lists, `--help` included.
    static func options(of command: String) throws -> [String] {
        let help = try ProcessRunner.atscheck([command, "--help"]).stdoutLines
        let rows = help.drop { $0 != "OPTIONS:" }.dropFirst().prefix { !$0.isEmpty }
        // A label starts at column 2 (`-h, --help`) or 6 (`--format <FORMAT>`); deeper lines continue a description.
        return rows.compactMap { row in
            let indent = row.prefix { $0 == " " }.count
            guard indent <= 6, row.dropFirst(indent).hasPrefix("-") else { return nil }
            return row.split(separator: " ").first { $0.hasPrefix("--") }.map { String($0.split(separator: "<")[0]) }
        }
    }

    /// The first of `paths` that is an executable file.
    static func tool(_ paths: String...) -> String? {
        paths.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether a test that needs a program should run: where the program is, or on CI
    /// (`.ci/run` installs them, so a missing one fails there).
    static func runs(with path: String?) -> Bool {
        path != nil || ProcessInfo.processInfo.environment["CI"] != nil
    }

    /// Runs `program arguments` (feeding `stdin`), in the package root.
    static func run(_ program: String, _ arguments: [String], stdin: Data? = nil) throws -> RunResult {
        try ProcessRunner.run(URL(fileURLWithPath: program), arguments, stdin: stdin,
                              displayName: URL(fileURLWithPath: program).lastPathComponent)
    }
}
