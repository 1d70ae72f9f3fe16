import AtscheckTestSupport
import Foundation
import Testing

// Fixtures and process helpers for the `atscheck lint` tests (on top of Support.swift).

extension Fixtures {
    /// `Policies/` in the package: example policies and lint fixtures.
    static let policiesDirectory = RepositoryLayout.policies
}

enum LintFixtures {
    /// File names of every `*.plist` in the corpus, sorted (empty if the corpus is missing).
    static let corpusFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: RepositoryLayout.corpusPlists.path)) ?? []
        return names.filter { $0.hasSuffix(".plist") }.sorted()
    }()

    /// `Policies/*.plist`, relative to the package root, sorted (empty until fixtures exist).
    static let policyFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.policiesDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".plist") }.sorted().map { "Policies/" + $0 }
    }()

    static let xmlHeader = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">

        """

    /// An Info.plist without ATS keys: full ATS, nothing to report.
    static let emptyPolicy = xmlHeader + "<plist version=\"1.0\">\n<dict>\n</dict>\n</plist>\n"

    /// A scratch directory for one test, removed by `remove()`.
    struct Scratch {
        let directory: URL

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-lint-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }

        /// Writes `contents` to `name` and returns the absolute path.
        func file(_ name: String, _ contents: String) throws -> String {
            let url = directory.appendingPathComponent(name)
            try Data(contents.utf8).write(to: url)
            return url.path
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }
}

enum LintProcess {
    /// `atscheck ARGUMENTS` with `NO_COLOR` removed and a colour-capable `TERM`, so only the
    /// missing terminal can keep colour out of captured output.
    static func colorFriendlyEnvironment(_ arguments: [String]) throws -> RunResult {
        let binary = try ProcessRunner.atscheckBinary.get()
        return try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"),
                                     ["-u", "NO_COLOR", "TERM=xterm-256color", binary.path] + arguments, displayName: "env")
    }

    /// Where util-linux `script` is, to run a command on a pseudo-terminal; nil when absent.
    static let scriptBinary: String? = ["/usr/bin/script", "/bin/script"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// `atscheck ARGUMENTS` on a pseudo-terminal (via `script`), with extra environment settings.
    static func onTerminal(_ arguments: [String], environment: [String] = []) throws -> RunResult {
        let binary = try ProcessRunner.atscheckBinary.get()
        let command = ([binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        return try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"),
                                     ["-u", "NO_COLOR", "TERM=xterm-256color"] + environment
                                         + [try #require(scriptBinary), "-qec", command, "/dev/null"],
                                     displayName: "script")
    }
}

/// A lint JSON document, parsed.
struct LintJSON {
    let files: [[String: Any]]
    let summary: [String: Int]

    init(_ result: RunResult, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let document = try result.json(sourceLocation: sourceLocation)
        #expect(Set(document.keys) == ["schemaVersion", "files", "summary", "suppressed", "baseline"], sourceLocation: sourceLocation)
        #expect(document["schemaVersion"] as? Int == 1, sourceLocation: sourceLocation)
        files = try #require(document["files"] as? [[String: Any]], sourceLocation: sourceLocation)
        summary = try #require(document["summary"] as? [String: Int], sourceLocation: sourceLocation)
    }

    var findings: [[String: Any]] { files.flatMap { $0["findings"] as? [[String: Any]] ?? [] } }
    var errors: Int { summary["error"] ?? 0 }
    var warnings: Int { summary["warning"] ?? 0 }
    var notices: Int { summary["notice"] ?? 0 }
    var rules: [String] { findings.compactMap { $0["rule"] as? String } }
}

/// The GitHub-side checks on a SARIF log (required properties, allowed levels, ruleIndex
/// consistent with the rules array, relative uris); returns the problems found.
enum SARIFCheck {
    static func problems(_ document: [String: Any], relativeURIs: Bool) -> [String] {
        var problems: [String] = []
        if document["$schema"] as? String != "https://json.schemastore.org/sarif-2.1.0.json" { problems.append("$schema") }
        if document["version"] as? String != "2.1.0" { problems.append("version") }
        guard let run = (document["runs"] as? [[String: Any]])?.first,
              let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any],
              let rules = driver["rules"] as? [[String: Any]],
              let results = run["results"] as? [[String: Any]] else {
            return problems + ["runs[0].tool.driver.rules or runs[0].results missing"]
        }
        if driver["name"] as? String != "atscheck" { problems.append("driver.name") }
        let ids = rules.map { $0["id"] as? String ?? "" }
        let levels: Set<String> = ["none", "note", "warning", "error"]
        for (index, rule) in rules.enumerated() {
            for key in ["shortDescription", "fullDescription", "help"]
            where ((rule[key] as? [String: Any])?["text"] as? String)?.isEmpty != false {
                problems.append("rules[\(index)].\(key).text")
            }
            if !levels.contains((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String ?? "") {
                problems.append("rules[\(index)].defaultConfiguration.level")
            }
        }
        for (index, result) in results.enumerated() {
            let ruleId = result["ruleId"] as? String ?? ""
            let ruleIndex = result["ruleIndex"] as? Int ?? -1
            if !(0..<ids.count).contains(ruleIndex) || ids[ruleIndex] != ruleId { problems.append("results[\(index)].ruleIndex") }
            if !levels.contains(result["level"] as? String ?? "") { problems.append("results[\(index)].level") }
            if ((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty != false { problems.append("results[\(index)].message") }
            guard let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any],
                  let uri = (physical["artifactLocation"] as? [String: Any])?["uri"] as? String,
                  let startLine = (physical["region"] as? [String: Any])?["startLine"] as? Int else {
                problems.append("results[\(index)]: location, uri or startLine missing")
                continue
            }
            if startLine < 1 { problems.append("results[\(index)]: startLine \(startLine)") }
            if URL(string: uri) == nil { problems.append("results[\(index)]: invalid uri \(uri)") }
            if relativeURIs && (uri.hasPrefix("/") || uri.hasPrefix("../") || uri.contains("://")) {
                problems.append("results[\(index)]: uri \(uri) is not relative")
            }
        }
        return problems
    }
}
