#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Socket {
    /// Writes every byte, retrying after signals; never raises SIGPIPE. On a blocking socket
    /// with a send timeout, the timeout throws EAGAIN (`wouldBlock`). A peer that is gone
    /// throws EPIPE or ECONNRESET.
    package func sendAll(_ bytes: [UInt8]) throws(SocketError) {
        try sendAll(bytes, flags: Platform.noSignalSendFlag, until: nil)
    }

    /// Writes every byte before `deadline`, waiting for room in between (works on blocking
    /// and non-blocking sockets alike). A deadline that passes throws ETIMEDOUT.
    package func sendAll(_ bytes: [UInt8], until deadline: Deadline) throws(SocketError) {
        try sendAll(bytes, flags: Platform.noSignalSendFlag | Int32(MSG_DONTWAIT), until: deadline)
    }

    /// `sendAll` for callers that only need to know whether every byte went: false when the
    /// peer is gone, the send timed out or the socket is closed.
    package func trySendAll(_ bytes: [UInt8]) -> Bool {
        (try? sendAll(bytes)) != nil
    }

    private func sendAll(_ bytes: [UInt8], flags: Int32, until deadline: Deadline?) throws(SocketError) {
        let descriptor = descriptor
        var offset = 0
        while offset < bytes.count {
            if let deadline, try Poll.wait(self, for: .writable, until: deadline).isEmpty {
                throw SocketError.timedOut("send")
            }
            do throws(SocketError) {
                let sent = try retryingSyscall("send") {
                    bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, flags) }
                }
                if sent == 0 { throw SocketError(call: "send", code: EPIPE) }
                offset += sent
            } catch where deadline != nil && error.wouldBlock {
                continue
            }
        }
    }

    /// Sends what fits in the socket buffer now, without waiting and without SIGPIPE; the
    /// rest is dropped. Returns how many bytes went.
    @discardableResult
    package func sendWithoutWaiting(_ bytes: [UInt8]) -> Int {
        let descriptor = descriptor
        let sent = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Platform.noSignalSendFlag | Int32(MSG_DONTWAIT)) }
        return max(0, sent)
    }

    /// Reads up to `capacity` bytes, retrying after signals; empty at end of stream. A receive
    /// timeout (SO_RCVTIMEO) or a non-blocking socket with nothing to read throws EAGAIN.
    package func receive(capacity: Int) throws(SocketError) -> [UInt8] {
        try receive(capacity: capacity, flags: 0)
    }

    /// Reads up to `capacity` bytes once some arrive before `deadline` (which, unlike a socket
    /// timeout, is not reset by each byte); empty at end of stream, ETIMEDOUT when it passes.
    package func receive(capacity: Int, until deadline: Deadline) throws(SocketError) -> [UInt8] {
        while true {
            if try Poll.wait(self, for: .readable, until: deadline).isEmpty { throw SocketError.timedOut("recv") }
            do throws(SocketError) {
                return try receive(capacity: capacity, flags: Int32(MSG_DONTWAIT))
            } catch where error.wouldBlock {
                continue
            }
        }
    }

    /// Up to `capacity` bytes, or nil at end of stream, on an error or a timeout (socket or
    /// `deadline`): for loops that stop at the first of them.
    package func tryReceive(capacity: Int = 16384, until deadline: Deadline? = nil) -> [UInt8]? {
        let bytes = deadline.map { try? receive(capacity: capacity, until: $0) } ?? (try? receive(capacity: capacity))
        return bytes?.isEmpty == false ? bytes : nil
    }

    /// Reads and drops whatever arrives until the peer closes or the socket is shut down.
    /// Waits in `poll`, so a socket read timeout does not end the hold.
    package func discardUntilClosed() {
        while (try? Poll.wait(self, for: .readable, until: .never))?.isEmpty == false {
            guard tryReceive(capacity: 4096) != nil else { return }
        }
    }

    /// Up to `capacity` bytes that already arrived, left unread for the next receive; no waiting.
    package func peekWithoutWaiting(capacity: Int) -> [UInt8] {
        (try? receive(capacity: capacity, flags: Int32(MSG_PEEK | MSG_DONTWAIT))) ?? []
    }

    /// Reads and drops whatever already arrived, without waiting.
    package func drainWithoutWaiting() {
        while let bytes = try? receive(capacity: 4096, flags: Int32(MSG_DONTWAIT)), !bytes.isEmpty {}
    }

    private func receive(capacity: Int, flags: Int32) throws(SocketError) -> [UInt8] {
        let descriptor = descriptor
        var buffer = [UInt8](repeating: 0, count: capacity)
        let count = try retryingSyscall("recv") {
            buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, flags) }
        }
        return Array(buffer.prefix(count))
    }
}
