#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Every difference between Linux and Darwin the socket layer has to know about.
enum Platform {
    #if canImport(Glibc)
    /// `SOCK_STREAM` is an enum in Glibc's module map, a plain Int32 on Darwin.
    static let streamType = Int32(SOCK_STREAM.rawValue)
    /// Flags or'ed into `socket(2)`'s type: Linux sets close-on-exec atomically.
    static let socketTypeFlags = Int32(SOCK_CLOEXEC.rawValue)
    /// Linux suppresses SIGPIPE per call.
    static let noSignalSendFlag = Int32(MSG_NOSIGNAL)
    static let shutdownWrite = Int32(SHUT_WR)
    static let shutdownBoth = Int32(SHUT_RDWR)
    #elseif canImport(Darwin)
    static let streamType = SOCK_STREAM
    static let socketTypeFlags: Int32 = 0
    /// Darwin has no MSG_NOSIGNAL; SO_NOSIGPIPE is set on each socket instead.
    static let noSignalSendFlag: Int32 = 0
    static let shutdownWrite = SHUT_WR
    static let shutdownBoth = SHUT_RDWR
    #endif

    /// What a socket made by `socket(2)` still needs: close-on-exec where it could not be
    /// set atomically, and SIGPIPE suppression on Darwin.
    static func configureCreated(_ fd: Int32) {
        #if canImport(Darwin)
        setCloseOnExec(fd)
        setNoSigPipe(fd)
        #endif
    }

    /// What an accepted socket needs beyond what `ats_system_accept_cloexec` did: SIGPIPE
    /// suppression on Darwin.
    static func configureAccepted(_ fd: Int32) {
        #if canImport(Darwin)
        setNoSigPipe(fd)
        #endif
    }

    #if canImport(Darwin)
    private static func setCloseOnExec(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
    }
    #endif

    #if canImport(Darwin)
    private static func setNoSigPipe(_ fd: Int32) {
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    }
    #endif
}
