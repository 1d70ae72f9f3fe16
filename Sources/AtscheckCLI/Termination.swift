import Dispatch
import Foundation

/// Waiting for the user to stop a long-running command (`lab --serve`, `proxy`).
enum Termination {
    /// Blocks until SIGINT or SIGTERM.
    static func wait() {
        let done = DispatchSemaphore(value: 0)
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { done.signal() }
            source.resume()
            sources.append(source)
        }
        done.wait()
        sources.forEach { $0.cancel() }
    }
}
