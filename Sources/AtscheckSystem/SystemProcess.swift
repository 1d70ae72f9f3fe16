import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few process-level system calls the command-line tool makes, kept here so that the
/// CLI itself names no C library and builds unchanged on Linux and Darwin.
package enum SystemProcess {
    /// This process's id.
    package static var id: Int32 { getpid() }

    /// Whether `output` is a terminal.
    package static func isTerminal(_ output: OutputDescriptor) -> Bool { isatty(output.descriptor) == 1 }

    /// The width in columns of the terminal `output` is, or nil when it is not a terminal or
    /// does not say (TIOCGWINSZ).
    package static func terminalColumns(_ output: OutputDescriptor) -> Int? {
        guard isTerminal(output) else { return nil }
        var size = winsize()
        guard ioctl(output.descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Raises the soft limit on open descriptors to the hard one (at most 65,536), so a server
    /// can size its connection limit from what it may really open; returns the soft limit now
    /// in force (1,024 when it cannot be read).
    package static func raiseOpenFileLimit() -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return 1024 }
        let wanted = min(limit.rlim_max, 65_536)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// Makes a write to a closed socket or pipe fail with EPIPE instead of killing the process.
    package static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    /// Renames `source` to `destination`, replacing it atomically (rename(2)); removes
    /// `source` and returns the system's message on failure, nil on success.
    package static func rename(_ source: String, to destination: String) -> String? {
        #if canImport(Glibc)
        let status = Glibc.rename(source, destination)
        #else
        let status = Darwin.rename(source, destination)
        #endif
        guard status != 0 else { return nil }
        let message = systemMessage(errno)
        unlink(source)
        return message
    }

    /// Blocks until SIGINT or SIGTERM arrives (both are then handled here, not by the default
    /// action of ending the process).
    package static func waitForInterrupt() {
        let done = DispatchSemaphore(value: 0)
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { done.signal() }
            source.resume()
            sources.append(source)
        }
        done.wait()
        sources.forEach { $0.cancel() }
    }

    /// Ends the process with `status`, flushing standard output first.
    package static func exit(_ status: Int32) -> Never {
        #if canImport(Glibc)
        Glibc.exit(status)
        #else
        Darwin.exit(status)
        #endif
    }
}
