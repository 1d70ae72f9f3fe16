#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a system call that reports failure as a negative result and errno, again whenever a
/// signal interrupted it (EINTR), like swift-nio's `syscall(blocking:)` wrappers.
/// Throws the call's other failures as a `SocketError` named `name`.
@discardableResult
package func retryingSyscall<Result: SignedInteger>(_ name: String, _ body: () -> Result) throws(SocketError) -> Result {
    while true {
        let result = body()
        if result >= 0 { return result }
        let code = errno
        if code != EINTR { throw SocketError(call: name, code: code) }
    }
}
