import AtscheckTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `atscheck lab --serve` as a fixture for the end-to-end host and lab tests, and a way to run
// `atscheck` without holding a cooperative-pool thread.
//
// This test target depends on the executable only, so the lab runs in a child process; its
// ports are read from the endpoint table it prints. It is stopped with SIGKILL (never SIGTERM:
// a child started from a Swift-concurrency thread can inherit a blocked SIGTERM) and always
// reaped. It is started through setpriv with a parent-death signal from a thread that lives as
// long as the test process, so a test process that dies early takes its labs with it.
//
// The tests here are async and wait for children off the pool (`offPool`): the pool has as few
// threads as cores, and a test blocking one for seconds starves the other suites' awaits.

/// Runs blocking work on a new thread and resumes the caller with its result.
func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.name = "atscheckTests.offPool"
        thread.start()
    }
}

/// `atscheck` runs (ProcessRunner's) that wait on a thread of their own.
enum AsyncRun {
    static func atscheck(_ arguments: [String], environment: [String: String] = [:]) async throws -> RunResult {
        try await offPool { try ProcessRunner.atscheck(arguments, environment: environment) }
    }

    /// The run and its wall time, measured around the child process from outside (on the
    /// waiting thread, which no other test competes for).
    static func timed(_ arguments: [String]) async throws -> (result: RunResult, seconds: Double) {
        try await offPool {
            let start = DispatchTime.now().uptimeNanoseconds
            let result = try ProcessRunner.atscheck(arguments)
            return (result, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }
}

/// The one thread that starts lab children: it never ends, so PR_SET_PDEATHSIG (tied to the
/// thread that created the child) fires only when the test process goes.
final class SpawnerThread: @unchecked Sendable {
    static let shared = SpawnerThread()

    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []

    private init() {
        let thread = Thread { [condition] in
            while true {
                condition.lock()
                while self.jobs.isEmpty { condition.wait() }
                let job = self.jobs.removeFirst()
                condition.unlock()
                job()
            }
        }
        thread.name = "atscheckTests.spawner"
        thread.start()
    }

    /// Runs `work` on the spawner thread and waits for it (a process launch: milliseconds).
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        condition.lock()
        jobs.append {
            box.result = Result { try work() }
            done.signal()
        }
        condition.signal()
        condition.unlock()
        done.wait()
        return try box.result!.get()
    }

    private final class ResultBox<T>: @unchecked Sendable {
        var result: Result<T, any Error>?
    }
}

/// An `atscheck` child process in the background (`lab --serve`, `proxy`), its output in files,
/// started under setpriv with a parent-death signal and stopped with SIGKILL.
final class BackgroundAtscheck: @unchecked Sendable {
    /// util-linux's setpriv (always installed on Debian); without it the child starts directly.
    static let setpriv = "/usr/bin/setpriv"

    private let process: Process
    private let finished = DispatchSemaphore(value: 0)
    private let scratch: URL
    private let outURL: URL
    private let errURL: URL
    private let lock = NSLock()
    private var stopped = false

    /// Launches `atscheck ARGUMENTS` on the calling thread (use the spawner thread).
    init(_ arguments: [String], label: String) throws {
        let fileManager = FileManager.default
        scratch = fileManager.temporaryDirectory.appendingPathComponent("atscheckTests-\(label)-\(UUID().uuidString)")
        try fileManager.createDirectory(at: scratch, withIntermediateDirectories: true)
        outURL = scratch.appendingPathComponent("stdout")
        errURL = scratch.appendingPathComponent("stderr")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer { try? out.close(); try? err.close() }

        process = Process()
        let binary = try ProcessRunner.atscheckBinary.get()
        if FileManager.default.isExecutableFile(atPath: Self.setpriv) {
            process.executableURL = URL(fileURLWithPath: Self.setpriv)
            process.arguments = ["--pdeathsig", "KILL", "--", binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = RepositoryLayout.packageRoot
        process.environment = ChildProcess.hermeticEnvironment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        let finished = self.finished
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
    }

    deinit {
        // Normally `stop` ran already; never leave a child behind.
        if !stopped { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: scratch)
    }

    /// What the child printed on stdout so far.
    func stdout() -> String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
    /// What the child printed on stderr so far.
    func stderr() -> String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }
    /// True while the child runs.
    var isRunning: Bool { process.isRunning }
    /// How the child ended (after `stop`).
    var terminationReason: Process.TerminationReason { process.terminationReason }

    /// Kills the child with SIGKILL and waits (off the pool) until it has been reaped. Idempotent.
    func stop() async {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        kill(process.processIdentifier, SIGKILL)
        let finished = self.finished
        _ = try? await offPool { finished.wait(timeout: .now() + 30) == .success }
    }
}

/// A running `atscheck lab --serve`.
final class LabServe: @unchecked Sendable {
    /// The lab root, as the tests pass it (`--ca-file`).
    static let rootCA = Fixtures.cert("root.pem")
    private let child: BackgroundAtscheck
    private let lock = NSLock()
    private var endpointTable: [String: UInt16] = [:]

    /// Profile name → port, from the printed endpoint table.
    var ports: [String: UInt16] { lock.withLock { endpointTable } }

    /// Launches the child (on the calling thread); `start` waits for its endpoint table.
    private init(profiles: [String], extraArguments: [String]) throws {
        child = try BackgroundAtscheck(["lab", "--serve"] + profiles.flatMap { ["--profile", $0] } + extraArguments, label: "lab")
    }

    /// Starts a lab serving `profiles` (all when empty) and waits for its endpoint table.
    static func start(_ profiles: [String] = [], extraArguments: [String] = [], timeout: TimeInterval = 60) async throws -> LabServe {
        let lab = try SpawnerThread.shared.run { try LabServe(profiles: profiles, extraArguments: extraArguments) }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let text = lab.child.stdout()
            if text.contains("serving until interrupted") {
                lab.lock.withLock { lab.endpointTable = parsePorts(text) }
                return lab
            }
            if !lab.child.isRunning || Date() > deadline {
                let stderr = lab.child.stderr()
                await lab.stop()
                throw ProcessRunnerError.timedOut("atscheck lab --serve did not start: \(text) \(stderr)")
            }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }

    /// Runs `body` with a lab serving `profiles`, stopping it afterwards whatever happens.
    static func with<T>(_ profiles: [String], extraArguments: [String] = [], _ body: (LabServe) async throws -> T) async throws -> T {
        let lab = try await start(profiles, extraArguments: extraArguments)
        do {
            let value = try await body(lab)
            await lab.stop()
            return value
        } catch {
            await lab.stop()
            throw error
        }
    }

    /// `profile port summary` rows of the endpoint table.
    static func parsePorts(_ text: String) -> [String: UInt16] {
        var ports: [String: UInt16] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("  ") {
            let words = line.split(separator: " ")
            if words.count >= 2, let port = UInt16(words[1]), LabTable.names.contains(String(words[0])) {
                ports[String(words[0])] = port
            }
        }
        return ports
    }

    /// The port of a profile this lab serves.
    func port(_ profile: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> UInt16 {
        try #require(ports[profile], "the lab does not serve \(profile): \(ports)", sourceLocation: sourceLocation)
    }

    /// True while the child runs.
    var isRunning: Bool { child.isRunning }

    /// How the child ended (after `stop`).
    var terminationReason: Process.TerminationReason { child.terminationReason }

    /// Kills the lab with SIGKILL and waits until it has been reaped. Idempotent.
    func stop() async { await child.stop() }
}

/// `atscheck host` argument lists against the lab: the lab name dialled at 127.0.0.1, the lab
/// root as the only (user-installed) root, certificates judged at the fixtures' instant.
enum HostArguments {
    static let trust = ["--ca-file", LabServe.rootCA, "--no-system-roots", "--at", Fixtures.evaluationTime]

    /// `host TARGET --address 127.0.0.1 <trust> EXTRA [--format json]`.
    static func host(_ target: String, address: String? = "127.0.0.1", json: Bool = true, _ extra: [String] = []) -> [String] {
        ["host", target] + (address.map { ["--address", $0] } ?? []) + trust + extra + (json ? ["--format", "json"] : [])
    }

    /// The lab URL of a profile.
    static func url(_ profile: String, port: UInt16) -> String {
        "\(profile == "plain-http" ? "http" : "https")://good.atscheck.test:\(port)/"
    }
}
