import AtscheckTestSupport
import Foundation

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
    static func which(_ tool: String) -> String? { ChildProcess.which(tool) }

    /// Runs `executable` with empty stdin, collecting output; kills it (SIGKILL) after `timeout` seconds.
    /// Waits without blocking a Swift-concurrency thread.
    static func run(_ executable: String, _ arguments: [String], timeout: Double = 20) async throws -> CommandResult {
        let result = try await ChildProcess.run(URL(fileURLWithPath: executable), arguments, timeout: timeout)
        return CommandResult(status: result.status, stdout: result.stdoutText, stderr: result.stderrText, timedOut: result.timedOut)
    }
}
