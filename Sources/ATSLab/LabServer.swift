#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The running part of a lab: its listening sockets, one accept-loop thread polling all of
/// them, and a thread per accepted connection.
///
/// Threads hold this object, never the ``TLSLab``, so dropping the lab still runs its
/// `deinit` (which stops this server).
final class LabServer: @unchecked Sendable {
    /// A bound, listening socket and what to do with its connections.
    struct Listener: Sendable {
        let fd: Int32
        let port: UInt16
        let handler: LabConnectionHandler
    }

    /// Most connections served at once across the whole lab.
    static let connectionLimit = 64

    private let listeners: [Listener]
    private let wake: (read: Int32, write: Int32)
    private let connections = LabConnections(limit: LabServer.connectionLimit)
    private let acceptLoopExited = DispatchSemaphore(value: 0)
    private let stopLock = Lock()
    private var stopped = false

    /// Takes ownership of the listeners' descriptors and starts accepting.
    init(listeners: [Listener]) throws(LabError) {
        let wake: (read: Int32, write: Int32)
        do {
            wake = try LabSocket.pipe()
        } catch {
            listeners.forEach { close($0.fd) }
            throw error
        }
        self.listeners = listeners
        self.wake = wake
        DetachedThread.start { [self] in
            LabSocket.blockSIGPIPEOnThisThread()
            acceptLoop()
            acceptLoopExited.signal()
        }
    }

    /// Closes the listeners (freeing their ports), ends every open connection and waits for
    /// all lab threads. Idempotent; concurrent callers return once the first has finished.
    func stop() {
        stopLock.lock()
        defer { stopLock.unlock() }
        guard !stopped else { return }
        stopped = true
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
        acceptLoopExited.wait()
        for listener in listeners { close(listener.fd) }
        connections.stopAll()
        close(wake.read)
        close(wake.write)
    }

    private func acceptLoop() {
        var entries = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
        entries += listeners.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        while true {
            for index in entries.indices { entries[index].revents = 0 }
            let ready = poll(&entries, nfds_t(entries.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if entries[0].revents != 0 { return }
            for (index, listener) in listeners.enumerated() where entries[index + 1].revents != 0 {
                acceptOne(from: listener)
            }
        }
    }

    private func acceptOne(from listener: Listener) {
        guard let fd = LabSocket.accept(listener.fd) else {
            // Out of descriptors: the listener stays readable, so back off instead of spinning.
            if errno == EMFILE || errno == ENFILE { usleep(50_000) }
            return
        }
        guard connections.admit(fd) else { return }
        let connections = self.connections
        let handler = listener.handler
        let started = DetachedThread.start(stackSize: 1 << 20) {
            LabSocket.blockSIGPIPEOnThisThread()
            handler.serve(fd)
            connections.finish(fd)
        }
        if !started { connections.finish(fd) }
    }
}
