import CATSSystemShims
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A close-on-exec pipe that one thread writes to wake another out of `poll`: the read end
/// goes into the poll set, `signal()` makes it readable, and it stays readable (the byte is
/// never read), so a wake sent before the sleeper reached its `poll` is not lost.
/// Both ends are closed exactly once, by `close()` or on deinit.
final class WakePipe: @unchecked Sendable {
    private let lock = Lock()
    private var ends: (read: Int32, write: Int32)

    /// A new pipe; throws the `pipe` failure (out of descriptors).
    init() throws(SocketError) {
        var fds: [Int32] = [-1, -1]
        try retryingSyscall("pipe") { ats_system_pipe_cloexec(&fds) }
        ends = (fds[0], fds[1])
    }

    deinit { close() }

    /// The end to poll for `.readable`; -1 once closed.
    var readDescriptor: Int32 { lock.withLock { ends.read } }

    /// Makes the read end readable, once and for good. Does nothing once closed.
    func signal() {
        lock.withLock {
            guard ends.write >= 0 else { return }
            var byte: UInt8 = 1
            // A full pipe (it never is: one byte per wake-up at most) is as good as a written byte.
            while systemWrite(ends.write, &byte, 1) < 0 && errno == EINTR {}
        }
    }

    /// Closes both ends; later calls do nothing.
    func close() {
        let closing = lock.withLock { () -> (read: Int32, write: Int32) in
            defer { ends = (-1, -1) }
            return ends
        }
        if closing.read >= 0 { _ = systemClose(closing.read) }
        if closing.write >= 0 { _ = systemClose(closing.write) }
    }
}
