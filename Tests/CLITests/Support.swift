import AtscheckTestSupport
import Foundation
import Testing

// Shared plumbing for the end-to-end tests: where things are, and how to run a process.

/// Paths of the package, its fixtures and the corpus (see `RepositoryLayout`).
enum Fixtures {
    /// The package root. Every run of `atscheck` uses it as the working directory, so fixture
    /// paths are given as `TestCerts/…`, exactly as in `TestCerts/README.md`.
    static let packageRoot = RepositoryLayout.packageRoot
    static let testCertsDirectory = RepositoryLayout.testCerts
    /// `Tests/Corpus/certs`: real-world certificate files.
    static let corpusCertsDirectory = RepositoryLayout.corpusCerts

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

    /// Runs `atscheck ARGUMENTS` in the package root.
    static func atscheck(_ arguments: [String]) throws -> RunResult {
        try run(try atscheckBinary.get(), arguments, displayName: "atscheck")
    }

    /// Runs `openssl ARGUMENTS` (found on PATH), feeding `stdin`.
    static func openssl(_ arguments: [String], stdin: Data? = nil) throws -> RunResult {
        let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["openssl"] + arguments, stdin: stdin,
                             displayName: "env")
        try #require(result.status == 0 && !result.killedBySignal, "\(result.command) failed: \(result.stderr)")
        return result
    }

    /// Runs a process with stdout/stderr redirected to temporary files (no pipe can fill up).
    static func run(_ executable: URL, _ arguments: [String], stdin: Data? = nil, displayName: String,
                    timeout: TimeInterval = 120) throws -> RunResult {
        let fileManager = FileManager.default
        let scratch = fileManager.temporaryDirectory.appendingPathComponent("atscheckTests-\(UUID().uuidString)")
        try fileManager.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? fileManager.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        let inURL = scratch.appendingPathComponent("stdin")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        try (stdin ?? Data()).write(to: inURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        let input = try FileHandle(forReadingFrom: inURL)
        defer { try? out.close(); try? err.close(); try? input.close() }

        let command = ([displayName] + arguments).map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }
            .joined(separator: " ")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.packageRoot
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            // SIGKILL, not terminate(): a child started from a Swift-concurrency thread may
            // inherit a blocked SIGTERM and never die.
            kill(process.processIdentifier, SIGKILL)
            _ = finished.wait(timeout: .now() + 10)
            throw ProcessRunnerError.timedOut(command)
        }
        return RunResult(command: command, status: process.terminationStatus,
                         killedBySignal: process.terminationReason == .uncaughtSignal,
                         stdoutData: try Data(contentsOf: outURL),
                         stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
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
