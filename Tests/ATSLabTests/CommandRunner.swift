import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The outcome of a child process run by the tests.
struct CommandResult: Sendable {
    let status: Int32
    let stdout: String
    let stderr: String
    let timedOut: Bool

    var combined: String { stdout + "\n" + stderr }
}

/// Runs external tools (openssl, curl) as independent clients of the lab.
enum CommandRunner {
    /// Full path of `tool` on PATH, or nil.
    static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `executable` with empty stdin, collecting output; kills it (SIGKILL) after `timeout` seconds.
    /// Waits without blocking a Swift-concurrency thread.
    static func run(_ executable: String, _ arguments: [String], timeout: Double = 20) async throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        let outURL = FileManager.default.temporaryDirectory.appendingPathComponent("tlslab-\(UUID().uuidString).out")
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("tlslab-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        process.standardOutput = outHandle
        process.standardError = errHandle

        let timedOut = TimeoutFlag()
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
                return
            }
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if process.isRunning {
                    timedOut.set()
                    // SIGKILL, not terminate(): on Linux the child inherits the spawning
                    // thread's signal mask, and Swift's concurrency/Dispatch threads block
                    // SIGTERM, so a SIGTERM stays pending forever.
                    kill(pid, SIGKILL)
                }
            }
        }
        try? outHandle.close()
        try? errHandle.close()
        let stdout = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        return CommandResult(status: status, stdout: stdout, stderr: stderr, timedOut: timedOut.value)
    }
}

/// A flag set from the timeout closure and read afterwards.
final class TimeoutFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    func set() { lock.lock(); flag = true; lock.unlock() }
    var value: Bool { lock.lock(); defer { lock.unlock() }; return flag }
}
