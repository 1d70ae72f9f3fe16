import AtscheckSystem

/// The open client connections of one lab: admits at most `limit` at once, closes each when
/// its thread is done, and on stop wakes every connection thread and waits for all of them.
///
/// A connection is shut down (by `stopAll`) and closed (by `finish`) only under the lock, and
/// a closed ``Socket`` ignores a shutdown, so `stopAll` never reaches a descriptor number that
/// has been closed and reused.
final class LabConnections: @unchecked Sendable {
    /// Most connections served at once; more are closed as soon as they are accepted.
    let limit: Int
    private let condition = Condition()
    private var open: Set<Socket> = []
    private var stopping = false

    init(limit: Int) { self.limit = limit }

    /// Takes ownership of `connection`. Returns false (and closes it) when the lab is stopping or full.
    func admit(_ connection: Socket) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopping, open.count < limit else {
            connection.close()
            return false
        }
        open.insert(connection)
        return true
    }

    /// Closes an admitted connection; called once by its thread when it is done.
    func finish(_ connection: Socket) {
        condition.lock()
        defer { condition.unlock() }
        if open.remove(connection) != nil { connection.close() }
        condition.broadcast()
    }

    /// Refuses new connections, shuts every open one down (waking blocked reads, writes and
    /// polls), and waits until every connection thread has called `finish`.
    func stopAll() {
        condition.lock()
        defer { condition.unlock() }
        stopping = true
        for connection in open { connection.shutdown(.both) }
        while !open.isEmpty { condition.wait() }
    }
}
