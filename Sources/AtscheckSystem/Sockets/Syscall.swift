#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
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

/// strerror(3): the system's message for errno `code`, or "error <code>".
package func systemMessage(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
}

// The plain descriptor calls, under names that the methods called `close`, `write` and `read`
// in this module do not shadow. Not retried here: each caller decides what EINTR means.

/// close(2). Never retried: on Linux the descriptor is gone even when it reports EINTR.
func systemClose(_ descriptor: Int32) -> Int32 {
    #if canImport(Glibc)
    Glibc.close(descriptor)
    #elseif canImport(Musl)
    Musl.close(descriptor)
    #else
    Darwin.close(descriptor)
    #endif
}

/// write(2).
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(descriptor, bytes, count)
    #elseif canImport(Musl)
    Musl.write(descriptor, bytes, count)
    #else
    Darwin.write(descriptor, bytes, count)
    #endif
}

/// read(2).
func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, bytes, count)
    #elseif canImport(Musl)
    Musl.read(descriptor, bytes, count)
    #else
    Darwin.read(descriptor, bytes, count)
    #endif
}
