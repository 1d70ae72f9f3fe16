import AtscheckTestSupport
import Foundation

/// A server program started by a test on a free loopback port, in a directory of its own
/// (`openssl s_server -WWW`, `python3 -m http.server`), killed by `stop()`.
final class LoopbackServerProcess: @unchecked Sendable {
    let port: UInt16
    private let process: Process

    /// Starts `/usr/bin/env ARGUMENTS(port)` in `directory` on a free port and waits (10 s at
    /// most) until the port accepts; tries three ports before giving up.
    init(in directory: URL, _ arguments: (UInt16) -> [String]) throws {
        var last = "not started"
        for _ in 0..<3 {
            let port = try LoopbackPort.freePort()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments(port)
            process.currentDirectoryURL = directory
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline && process.isRunning && !LoopbackPort.accepts(port) { usleep(50_000) }
            if process.isRunning && LoopbackPort.accepts(port) {
                self.port = port
                self.process = process
                return
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            last = "\(arguments(port).prefix(3).joined(separator: " ")) did not start on port \(port)"
        }
        throw ServerStartError(description: last)
    }

    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// A test server could not be started.
struct ServerStartError: Error, CustomStringConvertible {
    let description: String
}
