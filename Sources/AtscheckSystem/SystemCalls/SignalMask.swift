#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-thread signal masks.
package enum SignalMask {
    /// Blocks SIGPIPE for the calling thread. A write to a closed socket then fails with EPIPE
    /// instead of killing the process; the signal stays pending on this thread only and is
    /// discarded when it exits. Server threads call this first, so no server changes the
    /// process-wide SIGPIPE disposition (OpenSSL's socket BIO uses plain `write`, which
    /// `MSG_NOSIGNAL` cannot cover).
    package static func blockSIGPIPEOnThisThread() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGPIPE)
        _ = pthread_sigmask(SIG_BLOCK, &set, nil)
    }
}
