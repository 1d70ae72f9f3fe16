import ArgumentParsing
import ATSApp
import AtscheckSystem

/// `--include`, `--exclude` and `--no-default-skips`: what `app` and `lint` read of a project.
enum ScopeOptions {
    static let include = Option<[String]>("include", value: "GLOB", help: "Read files and folders matching GLOB even where a default skip or .atscheckignore leaves them out (repeatable; docs/app-audit.md#what-is-read).")
    static let exclude = Option<[String]>("exclude", value: "GLOB", help: "Do not read files and folders matching GLOB (repeatable; wins over --include).")
    static let noDefaultSkips = Flag("no-default-skips", help: "Read a project's android/, tests, tooling, docs and licence notices too.")
    static let specs: [any OptionDeclaration] = [include, exclude, noDefaultSkips]

    /// The scope the options give; a glob that matches nothing (an empty one) is a usage error.
    static func scope(_ arguments: ParsedArguments, command: String) throws -> ScanScope {
        for option in [include, exclude] {
            for glob in try arguments[option] where PathGlob(glob) == nil {
                throw UsageError(command: command, message: "invalid value '\(glob)' for '\(option.spec.longSpelling)': a glob naming files or folders, such as 'Sources/**' or '*.js'")
            }
        }
        return ScanScope(include: try arguments[include], exclude: try arguments[exclude],
                         useDefaultSkips: !arguments[noDefaultSkips])
    }
}
