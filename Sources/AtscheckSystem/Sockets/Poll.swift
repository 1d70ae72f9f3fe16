#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `poll(2)` waits for or reports on one socket.
package struct PollEvents: OptionSet, Sendable, Hashable {
    package let rawValue: Int16
    package init(rawValue: Int16) { self.rawValue = rawValue }

    package static let readable = PollEvents(rawValue: Int16(POLLIN))
    package static let writable = PollEvents(rawValue: Int16(POLLOUT))
    /// Reported only: the peer hung up, the socket failed, or the descriptor is not open.
    package static let hangUp = PollEvents(rawValue: Int16(POLLHUP))
    package static let error = PollEvents(rawValue: Int16(POLLERR))
    package static let invalid = PollEvents(rawValue: Int16(POLLNVAL))
}

/// `poll(2)` with a deadline. A signal that interrupts the wait (EINTR) does not end it: the
/// wait resumes with the time that is left.
package enum Poll {
    /// Waits until `socket` reports one of `events` (or hang-up/error) or `deadline` passes.
    /// Returns what was reported, empty when the deadline passed first.
    package static func wait(_ socket: Socket, for events: PollEvents, until deadline: Deadline) throws(SocketError) -> PollEvents {
        try wait([(socket, events)], until: deadline)[0]
    }

    /// Waits on several sockets at once; a nil socket (or a closed one) is skipped and reports
    /// nothing. Returns what each reported, all empty when the deadline passed first.
    package static func wait(_ entries: [(socket: Socket?, events: PollEvents)], until deadline: Deadline) throws(SocketError) -> [PollEvents] {
        try wait(descriptors: entries.map { ($0.socket?.descriptor ?? -1, $0.events) }, until: deadline)
    }

    /// The same over raw descriptors, for the descriptors of this module that are not sockets
    /// (``WakePipe``). A negative descriptor is skipped.
    static func wait(descriptors: [(Int32, PollEvents)], until deadline: Deadline) throws(SocketError) -> [PollEvents] {
        var fds = descriptors.map { pollfd(fd: $0.0, events: $0.1.rawValue, revents: 0) }
        while true {
            let status = poll(&fds, nfds_t(fds.count), deadline.pollTimeout)
            if status > 0 { return fds.map { PollEvents(rawValue: $0.revents) } }
            if status == 0 { return fds.map { _ in [] } }
            let code = errno
            guard code == EINTR else { throw SocketError(call: "poll", code: code) }
            if deadline.hasPassed { return fds.map { _ in [] } }
            for index in fds.indices { fds[index].revents = 0 }
        }
    }
}
