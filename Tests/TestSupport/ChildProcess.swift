import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a child process left behind.
public struct ChildProcessResult: Sendable {
    /// The exit status, or the signal number when `killedBySignal`.
    public let status: Int32
    /// True when a signal ended the child (including the timeout's SIGKILL).
    public let killedBySignal: Bool
    /// True when the child outlived its timeout and was killed.
    public let timedOut: Bool
    /// Everything it wrote to stdout.
    public let stdout: Data
    /// Everything it wrote to stderr.
    public let stderr: Data

    /// stdout decoded as UTF-8 (invalid bytes replaced).
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    /// stderr decoded as UTF-8 (invalid bytes replaced).
    public var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

/// Runs real child processes for the tests (openssl, curl, python3, atscheck itself): stdin
/// from a file, stdout and stderr to files, so no pipe can fill up and block either side; a
/// child that outlives `timeout` gets SIGKILL and is reaped. Never SIGTERM: on Linux a child
/// started from a Swift-concurrency or Dispatch thread inherits that thread's blocked SIGTERM
/// and would never die.
public enum ChildProcess {
    /// `/usr/bin/env`, to run a tool found on PATH (`env openssl …`).
    public static let env = URL(fileURLWithPath: "/usr/bin/env")

    /// Full path of `tool` on PATH, or nil.
    public static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// An empty directory every child gets as `ATSCHECK_CACHE_DIR` unless a test gives its
    /// own, so a CT log list cached on the developer's machine (`atscheck update`) never
    /// changes a test's verdict.
    public static let emptyCacheDirectory: String = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-empty-cache-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.path
    }()

    /// The test process's environment with `ATSCHECK_CACHE_DIR` set to ``emptyCacheDirectory``:
    /// what every atscheck child a test starts itself (with `Process`) should run with.
    public static var hermeticEnvironment: [String: String] {
        var inherited = ProcessInfo.processInfo.environment
        inherited["ATSCHECK_CACHE_DIR"] = emptyCacheDirectory
        // No test reaches Apple's server: a test of the refresh names its loopback mirror.
        inherited["ATSCHECK_CT_LOG_LIST_URL"] = "off"
        return inherited
    }

    /// Runs `executable arguments…` to completion (or to its timeout), blocking the caller.
    /// `environment` is added to the inherited one.
    public static func run(_ executable: URL, _ arguments: [String], stdin: Data = Data(),
                           currentDirectory: URL? = nil, environment: [String: String] = [:],
                           timeout: TimeInterval) throws -> ChildProcessResult {
        let run = try Started(executable, arguments, stdin: stdin, currentDirectory: currentDirectory, environment: environment)
        defer { run.cleanUp() }
        let finished = DispatchSemaphore(value: 0)
        try run.start { finished.signal() }
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(run.process.processIdentifier, SIGKILL)
            _ = finished.wait(timeout: .now() + 10)
        }
        return try run.result(timedOut: timedOut)
    }

    /// The same without blocking a Swift-concurrency thread while the child runs.
    public static func run(_ executable: URL, _ arguments: [String], stdin: Data = Data(),
                           currentDirectory: URL? = nil, environment: [String: String] = [:],
                           timeout: TimeInterval) async throws -> ChildProcessResult {
        let run = try Started(executable, arguments, stdin: stdin, currentDirectory: currentDirectory, environment: environment)
        defer { run.cleanUp() }
        let timedOut = Flag()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            do {
                try run.start { continuation.resume() }
            } catch {
                continuation.resume(throwing: error)
                return
            }
            let pid = run.process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if run.process.isRunning {
                    timedOut.set()
                    kill(pid, SIGKILL)
                }
            }
        }
        return try run.result(timedOut: timedOut.value)
    }

    /// One child and its scratch files.
    private final class Started: @unchecked Sendable {
        let process = Process()
        let scratch: URL
        let input: FileHandle, output: FileHandle, errors: FileHandle

        init(_ executable: URL, _ arguments: [String], stdin: Data, currentDirectory: URL?, environment: [String: String]) throws {
            let fileManager = FileManager.default
            scratch = fileManager.temporaryDirectory.appendingPathComponent("atscheck-child-\(UUID().uuidString)")
            try fileManager.createDirectory(at: scratch, withIntermediateDirectories: true)
            try stdin.write(to: scratch.appendingPathComponent("stdin"))
            try Data().write(to: scratch.appendingPathComponent("stdout"))
            try Data().write(to: scratch.appendingPathComponent("stderr"))
            input = try FileHandle(forReadingFrom: scratch.appendingPathComponent("stdin"))
            output = try FileHandle(forWritingTo: scratch.appendingPathComponent("stdout"))
            errors = try FileHandle(forWritingTo: scratch.appendingPathComponent("stderr"))
            process.executableURL = executable
            process.arguments = arguments
            process.environment = ChildProcess.hermeticEnvironment.merging(environment) { _, given in given }
            if let currentDirectory { process.currentDirectoryURL = currentDirectory }
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors
        }

        func start(whenFinished: @escaping @Sendable () -> Void) throws {
            process.terminationHandler = { _ in whenFinished() }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                throw error
            }
        }

        func result(timedOut: Bool) throws -> ChildProcessResult {
            try? output.close()
            try? errors.close()
            return ChildProcessResult(status: process.terminationStatus, killedBySignal: process.terminationReason == .uncaughtSignal,
                                      timedOut: timedOut, stdout: try Data(contentsOf: scratch.appendingPathComponent("stdout")),
                                      stderr: try Data(contentsOf: scratch.appendingPathComponent("stderr")))
        }

        func cleanUp() {
            try? input.close()
            try? output.close()
            try? errors.close()
            try? FileManager.default.removeItem(at: scratch)
        }
    }

    /// A flag set from the timeout closure and read afterwards.
    private final class Flag: @unchecked Sendable {
        private let lock = NSLock()
        private var flag = false
        func set() { lock.lock(); flag = true; lock.unlock() }
        var value: Bool { lock.lock(); defer { lock.unlock() }; return flag }
    }
}
