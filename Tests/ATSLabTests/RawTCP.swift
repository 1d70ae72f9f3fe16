import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal blocking IPv4 TCP client for the non-TLS profiles and port checks.
final class RawTCP {
    enum Failure: Error, Equatable { case refused, failed(Int32) }

    private var fd: Int32

    /// Connects to 127.0.0.1:`port`.
    init(port: UInt16) throws(Failure) {
        #if canImport(Darwin)
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #endif
        guard fd >= 0 else { throw .failed(errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if status != 0 {
            let code = errno
            close(fd)
            throw code == ECONNREFUSED ? .refused : .failed(code)
        }
        self.fd = fd
    }

    deinit { if fd >= 0 { close(fd) } }

    /// Closes with a TCP reset (SO_LINGER 0): the rudest way a client can leave.
    func reset() {
        guard fd >= 0 else { return }
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close(fd)
        fd = -1
    }

    /// Sends all of `text` (no SIGPIPE).
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        _ = bytes.withUnsafeBytes { systemSend(fd, $0.baseAddress, $0.count, flags) }
    }

    /// Reads until the peer closes, `limit` bytes arrive, or nothing arrives for `timeout`
    /// seconds. `closed` tells whether the peer closed.
    func read(timeout: Double, limit: Int = 65536, until stop: ((String) -> Bool)? = nil) -> (data: [UInt8], closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while received.count < limit {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(timeout * 1000))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return (received, false) }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return (received, true) }
            received += buffer.prefix(count)
            if let stop, stop(String(decoding: received, as: UTF8.self)) { return (received, false) }
        }
        return (received, false)
    }
}

private func systemSend(_ fd: Int32, _ pointer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(fd, pointer, count, flags)
}
