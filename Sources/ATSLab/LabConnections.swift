#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The open client connections of one lab: admits at most `limit` at once, closes each
/// exactly once, and on stop wakes every connection thread and waits for all of them.
///
/// A descriptor is closed only while the lock is held and after leaving `open`, so `stopAll`
/// never shuts down a descriptor number that has been closed and reused.
final class LabConnections: @unchecked Sendable {
    /// Most connections served at once; more are closed as soon as they are accepted.
    let limit: Int
    private let condition = Condition()
    private var open: Set<Int32> = []
    private var stopping = false

    init(limit: Int) { self.limit = limit }

    /// Takes ownership of `fd`. Returns false (and closes it) when the lab is stopping or full.
    func admit(_ fd: Int32) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopping, open.count < limit else {
            close(fd)
            return false
        }
        open.insert(fd)
        return true
    }

    /// Closes an admitted connection; called once by its thread when it is done.
    func finish(_ fd: Int32) {
        condition.lock()
        defer { condition.unlock() }
        if open.remove(fd) != nil { close(fd) }
        condition.broadcast()
    }

    /// Refuses new connections, shuts every open one down (waking blocked reads, writes and
    /// polls), and waits until every connection thread has called `finish`.
    func stopAll() {
        condition.lock()
        defer { condition.unlock() }
        stopping = true
        for fd in open { LabSocket.shutdownBoth(fd) }
        while !open.isEmpty { condition.wait() }
    }
}
