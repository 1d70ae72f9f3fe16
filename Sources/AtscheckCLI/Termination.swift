import Dispatch
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Waiting for the user to stop a long-running command (`lab --serve`, `proxy`).
enum Termination {
    /// Blocks until SIGINT or SIGTERM.
    static func wait() { SystemProcess.waitForInterrupt() }
}
