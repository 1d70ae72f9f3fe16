import Foundation

/// `python3 -m http.server` on a free loopback port serving `files` (name → bytes) from a
/// scratch directory of its own, removed by ``stop()``: the caIssuers and CT-list servers of
/// the tests.
public final class LoopbackFileServer: @unchecked Sendable {
    private let server: LoopbackServerProcess
    private let directory: URL
    /// The port it listens on.
    public var port: UInt16 { server.port }

    /// Writes `files` and starts serving them.
    public init(_ files: [String: Data]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, data) in files { try data.write(to: directory.appendingPathComponent(name)) }
        server = try LoopbackServerProcess(in: directory) { ["python3", "-m", "http.server", String($0), "--bind", "127.0.0.1"] }
    }

    /// Stops the server and removes its files.
    public func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
