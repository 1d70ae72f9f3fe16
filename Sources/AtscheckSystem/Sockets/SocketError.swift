#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed socket call: which call, its errno (or getaddrinfo status) and the reason as text.
/// A deadline that passes is reported as `ETIMEDOUT` from the call that was waiting.
package struct SocketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The system call (or step) that failed, e.g. "connect".
    package let call: String
    /// errno, or a getaddrinfo status when `call` is "getaddrinfo".
    package let code: Int32
    /// The system's message for `code` (`systemMessage`), or `gai_strerror(code)`.
    package let reason: String

    /// A failure with errno `code` (by default the current errno).
    package init(call: String, code: Int32 = errno) {
        self.init(call: call, code: code, reason: systemMessage(code))
    }

    package init(call: String, code: Int32, reason: String) {
        self.call = call
        self.code = code
        self.reason = reason
    }

    /// A deadline passed while `call` was waiting.
    package static func timedOut(_ call: String) -> SocketError { SocketError(call: call, code: ETIMEDOUT) }

    package var isTimeout: Bool { code == ETIMEDOUT && call != "getaddrinfo" }
    package var isConnectionRefused: Bool { code == ECONNREFUSED && call != "getaddrinfo" }
    package var wouldBlock: Bool { (code == EAGAIN || code == EWOULDBLOCK) && call != "getaddrinfo" }
    /// Failures after which a listener can keep accepting: the peer left, or descriptors ran out for a moment.
    package var isTransientAcceptFailure: Bool { code == ECONNABORTED || code == EMFILE || code == ENFILE }

    package var description: String { "\(call): \(reason)" }
}
