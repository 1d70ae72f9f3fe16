import ArgumentParsing
import ATSApp
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--include`, `--exclude` and `--no-default-skips`: what `app` and `lint` read of a project.
enum ScopeOptions {
    static let include = Option<[String]>("include", value: "GLOB", help: "Read files and folders matching GLOB even where a default skip or .atscheckignore leaves them out (docs/app-audit.md#what-is-read).")
    static let exclude = Option<[String]>("exclude", value: "GLOB", help: "Do not read files and folders matching GLOB (wins over --include).")
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

    /// `scope` with `ownFiles` (files the command itself reads or writes, such as its baseline)
    /// excluded where they lie inside `input`: their URLs are atscheck's, not the app's.
    static func excludingOwnFiles(_ scope: ScanScope, _ ownFiles: [String], input: String) -> ScanScope {
        let root = absolute(input)
        let inside = ownFiles.map(absolute).compactMap { file in file.hasPrefix(root + "/") ? String(file.dropFirst(root.count + 1)) : nil }
        guard !inside.isEmpty else { return scope }
        return ScanScope(include: scope.include.map(\.pattern), exclude: scope.exclude.map(\.pattern) + inside.map { "/" + $0 }, useDefaultSkips: scope.useDefaultSkips)
    }

    /// `path` from the root, `.` and `..` resolved by name (no link followed).
    private static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }
}
