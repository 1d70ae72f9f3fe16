import AtscheckTestSupport
import Foundation
import Testing

// Shared plumbing for the end-to-end tests: where things are, and how to run a process.

/// Paths of the package, its fixtures and the corpus (see `RepositoryLayout`).
enum Fixtures {
    static let testCertsDirectory = RepositoryLayout.testCerts

    /// The instant every TestCerts evaluation uses (README, "Evaluation time").
    static let evaluationTime = "2025-06-01T00:00:00Z"

    /// `TestCerts/NAME`, relative to `packageRoot`.
    static func cert(_ name: String) -> String { "TestCerts/" + name }
}

/// What a finished process left behind.
struct RunResult: Sendable {
    let command: String
    let status: Int32
    /// True when the process ended by a signal (`terminationReason == .uncaughtSignal`).
    let killedBySignal: Bool
    let stdoutData: Data
    let stderr: String

    var stdout: String { String(decoding: stdoutData, as: UTF8.self) }

    /// Lines of stderr, without the final newline's empty remainder.
    var stderrLines: [String] { Self.lines(stderr) }
    var stdoutLines: [String] { Self.lines(stdout) }

    static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// stdout parsed with JSONSerialization as a top-level object.
    func json(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: stdoutData)
        return try #require(object as? [String: Any], "top-level JSON is not an object: \(command)",
                            sourceLocation: sourceLocation)
    }
}

enum ProcessRunnerError: Error, CustomStringConvertible {
    case binaryNotFound(searched: [String])
    case timedOut(String)

    var description: String {
        switch self {
        case .binaryNotFound(let searched):
            "the atscheck executable was not found next to the test bundle; looked for: "
                + searched.joined(separator: ", ") + " (run the tests with `swift test`, which builds it)"
        case .timedOut(let command): "timed out: \(command)"
        }
    }
}

enum ProcessRunner {
    /// The built `atscheck`: `<directory of the test bundle>/atscheck`, searching upward from
    /// `Bundle.main.bundleURL` and from the test runner's own path.
    static let atscheckBinary: Result<URL, ProcessRunnerError> = {
        var starts = [Bundle.main.bundleURL]
        if let argument0 = CommandLine.arguments.first, argument0.contains("/") {
            starts.append(URL(fileURLWithPath: argument0).deletingLastPathComponent())
        }
        var searched: [String] = []
        for start in starts {
            var directory = start.standardizedFileURL
            for _ in 0..<6 {
                let candidate = directory.appendingPathComponent("atscheck")
                searched.append(candidate.path)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                   FileManager.default.isExecutableFile(atPath: candidate.path) {
                    return .success(candidate)
                }
                let parent = directory.deletingLastPathComponent()
                if parent.path == directory.path { break }
                directory = parent
            }
        }
        return .failure(.binaryNotFound(searched: searched))
    }()

    /// Runs `atscheck ARGUMENTS` in the package root, or in `directory` (with `environment`
    /// added to the inherited one).
    static func atscheck(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws -> RunResult {
        try run(try atscheckBinary.get(), arguments, environment: environment, displayName: "atscheck", in: directory)
    }

    /// Runs `openssl ARGUMENTS` (found on PATH), feeding `stdin`.
    static func openssl(_ arguments: [String], stdin: Data? = nil) throws -> RunResult {
        let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["openssl"] + arguments, stdin: stdin,
                             displayName: "env")
        try #require(result.status == 0 && !result.killedBySignal, "\(result.command) failed: \(result.stderr)")
        return result
    }

    /// Runs a process in the package root with stdout/stderr redirected to temporary files (no
    /// pipe can fill up); SIGKILL after `timeout`.
    static func run(_ executable: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
                    displayName: String, timeout: TimeInterval = 120, in directory: URL? = nil) throws -> RunResult {
        let command = ([displayName] + arguments).map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }
            .joined(separator: " ")
        let result = try ChildProcess.run(executable, arguments, stdin: stdin ?? Data(), currentDirectory: directory ?? RepositoryLayout.packageRoot,
                                          environment: environment, timeout: timeout)
        if result.timedOut { throw ProcessRunnerError.timedOut(command) }
        return RunResult(command: command, status: result.status, killedBySignal: result.killedBySignal,
                         stdoutData: result.stdout, stderr: result.stderrText)
    }
}

/// The arguments of the README's trust commands.
enum TrustCommand {
    /// `--host HOST --ca-file TestCerts/root.pem --no-system-roots --at …` (first README table).
    static func userRoot(_ files: [String], host: String, ocsp: String? = nil, json: Bool = true) -> [String] {
        ["cert"] + files.map(Fixtures.cert) + ["--host", host, "--ca-file", Fixtures.cert("root.pem"), "--no-system-roots",
                                               "--at", Fixtures.evaluationTime]
            + (ocsp.map { ["--ocsp-response", Fixtures.cert($0)] } ?? []) + (json ? ["--format", "json"] : [])
    }

    /// `--host HOST --system-roots TestCerts/root.pem --at …` (second README table).
    static func systemRoot(_ files: [String], host: String, ocsp: String? = nil, json: Bool = true) -> [String] {
        ["cert"] + files.map(Fixtures.cert) + ["--host", host, "--system-roots", Fixtures.cert("root.pem"),
                                               "--at", Fixtures.evaluationTime]
            + (ocsp.map { ["--ocsp-response", Fixtures.cert($0)] } ?? []) + (json ? ["--format", "json"] : [])
    }
}
