import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A server program run on a free loopback port for one test (`openssl s_server`,
/// `python3 -m http.server`, ...), stopped with SIGKILL and reaped by ``stop()``.
public final class LoopbackServerProcess: @unchecked Sendable {
    /// The port it listens on.
    public let port: UInt16
    private let process: Process

    /// Starts `arguments(port)` through `/usr/bin/env` in `directory` and waits up to 10 s
    /// for the port to accept; tries three free ports before giving up.
    public init(in directory: URL? = nil, _ arguments: (UInt16) -> [String]) throws {
        var failure = "not started"
        for _ in 0..<3 {
            let port = try LoopbackPort.freePort()
            let process = Process()
            process.executableURL = ChildProcess.env
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
            failure = "\(arguments(port).prefix(2).joined(separator: " ")) did not start on port \(port)"
        }
        throw LoopbackPort.Failure(description: failure)
    }

    /// Kills the server and waits for it.
    public func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
