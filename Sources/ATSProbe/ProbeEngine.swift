import ATSPolicy
import ATSCertificates
import ATSSocket
import CATSOpenSSL
import CATSOpenSSLShims
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the handshakes for one endpoint on the calling thread: an event loop over non-blocking
/// sockets (`connect` → `SSL_connect` → `WANT_READ`/`WANT_WRITE` → `poll`), at most
/// `maxConcurrentHandshakes` at once, every step bounded by the probe's and the host's deadline.
/// Not thread-safe; one engine per endpoint run, confined to one thread.
final class ProbeEngine {
    private let serverName: String?
    private let addresses: [ResolvedAddress]
    private let configuration: TLSProber.Configuration
    private let cancellation: CancellationFlag?
    private let hostDeadline: Double

    /// The address index a connect last succeeded to: later probes dial it first.
    private(set) var workingAddress: Int?

    init(serverName: String?, addresses: [ResolvedAddress], configuration: TLSProber.Configuration,
         hostDeadline: Double, cancellation: CancellationFlag?) {
        self.serverName = serverName
        self.addresses = addresses
        self.configuration = configuration
        self.hostDeadline = hostDeadline
        self.cancellation = cancellation
    }

    /// The address later probes dial, as text (nil when no connect succeeded).
    var connectedAddress: String? { workingAddress.map { addresses[$0].text } }

    /// Runs `initial`, then whatever `followUp` asks for after each result, and returns one
    /// result per spec in submission order.
    func run(_ initial: [ProbeSpec], followUp: ((ProbeSpec, ProbeResult) -> [ProbeSpec])? = nil) -> [ProbeResult] {
        var specs = initial
        var results: [ProbeResult?] = Array(repeating: nil, count: initial.count)
        var pending = Array(initial.indices)
        var active: [ActiveProbe] = []
        let limit = max(1, configuration.maxConcurrentHandshakes)

        func record(_ result: ProbeResult, at index: Int) {
            results[index] = result
            guard let followUp else { return }
            for next in followUp(result.spec, result) {
                specs.append(next)
                results.append(nil)
                pending.append(specs.count - 1)
            }
        }

        while true {
            var now = Monotonic.now()
            if cancellation?.isCancelled == true {
                for probe in active { record(probe.abandon(.notRun("cancelled"), now: now), at: probe.index) }
                active.removeAll()
                for index in pending { results[index] = ProbeResult(spec: specs[index], outcome: .notRun("cancelled")) }
                pending.removeAll()
                break
            }
            if now >= hostDeadline {
                for probe in active {
                    record(probe.abandon(.failed(.timeout("host deadline passed")), now: now), at: probe.index)
                }
                active.removeAll()
                for index in pending {
                    results[index] = ProbeResult(spec: specs[index], outcome: .notRun("host deadline passed"))
                }
                pending.removeAll()
                break
            }
            while active.count < limit, !pending.isEmpty {
                let index = pending.removeFirst()
                let probe = ActiveProbe(index: index, spec: specs[index], engine: self, now: now)
                probe.start(now: now)
                if let result = probe.result { record(result, at: index) } else { active.append(probe) }
            }
            if active.isEmpty {
                if pending.isEmpty { break }
                continue
            }

            var wake = hostDeadline
            for probe in active { wake = min(wake, probe.phaseDeadline) }
            var timeout = Int32(clamping: Int(((wake - now) * 1000).rounded(.up)))
            // Wake now and then to notice cancellation.
            if cancellation != nil { timeout = min(timeout, 250) }
            let entries = active.map { (socket: Socket(descriptor: $0.fd), events: PollEvents(rawValue: $0.wantedEvents)) }
            let ready: [PollEvents]
            do {
                ready = try Poll.wait(entries, until: .after(seconds: Double(max(0, timeout)) / 1000))
            } catch {
                now = Monotonic.now()
                let message = "poll failed: \(FailureClassifier.errnoText(error.code))"
                for probe in active { record(probe.abandon(.failed(.connectionFailed(message)), now: now), at: probe.index) }
                active.removeAll()
                continue
            }
            now = Monotonic.now()
            var stillActive: [ActiveProbe] = []
            for (slot, probe) in active.enumerated() {
                if !ready[slot].isEmpty { probe.advance(now: now) }
                if probe.result == nil, Monotonic.now() >= probe.phaseDeadline { probe.expire(now: Monotonic.now()) }
                if let result = probe.result { record(result, at: probe.index) } else { stillActive.append(probe) }
            }
            active = stillActive
        }
        return results.enumerated().map { index, result in
            result ?? ProbeResult(spec: specs[index], outcome: .notRun("not scheduled"))
        }
    }

    // MARK: - One probe

    /// One handshake in flight: owns its socket, `SSL_CTX` and `SSL`.
    final class ActiveProbe {
        enum Phase { case idle, connecting, handshaking, finished }

        let index: Int
        let spec: ProbeSpec
        unowned let engine: ProbeEngine
        let started: Double
        /// min(start + handshake timeout, host deadline).
        let deadline: Double
        private(set) var phase = Phase.idle
        private(set) var fd: Int32 = -1
        private(set) var wantedEvents: Int16 = 0
        private(set) var result: ProbeResult?
        private var connectDeadline = Double.infinity
        private var addressIndex = 0
        private var context: OpaquePointer?
        private var connection: OpaquePointer?

        init(index: Int, spec: ProbeSpec, engine: ProbeEngine, now: Double) {
            self.index = index
            self.spec = spec
            self.engine = engine
            self.started = now
            self.deadline = min(now + engine.configuration.handshakeTimeout, engine.hostDeadline)
        }

        deinit { release() }

        /// The deadline of the current phase.
        var phaseDeadline: Double { phase == .connecting ? min(connectDeadline, deadline) : deadline }

        func start(now: Double) {
            switch OpenSSLClient.makeContext(spec) {
            case .success(let made): context = made
            case .failure(let error):
                finish(.notRun("probe setup failed: \(error.message)"), now: now)
                return
            }
            connect(to: engine.workingAddress ?? 0, now: now)
        }

        /// Handles readiness of the socket.
        func advance(now: Double) {
            switch phase {
            case .connecting:
                let error = Socket(descriptor: fd).pendingError()
                if error == 0 {
                    engine.workingAddress = addressIndex
                    startHandshake(now: now)
                } else if error != EINPROGRESS && error != EALREADY {
                    connectFailed(error, now: now)
                }
            case .handshaking:
                step(now: now)
            case .idle, .finished:
                break
            }
        }

        /// The phase deadline passed.
        func expire(now: Double) {
            let hostPassed = engine.hostDeadline <= deadline && now >= engine.hostDeadline
            if hostPassed {
                finish(.failed(.timeout("host deadline passed")), now: now)
                return
            }
            switch phase {
            case .connecting:
                // Until some address has worked, a connect that hangs moves on to the next one
                // while the probe still has time.
                if engine.workingAddress == nil, addressIndex + 1 < engine.addresses.count, now < deadline {
                    closeSocket()
                    connect(to: addressIndex + 1, now: now)
                    return
                }
                let limit = min(engine.configuration.connectTimeout, engine.configuration.handshakeTimeout)
                finish(.failed(.timeout("TCP connect to \(engine.addresses[addressIndex].text) did not complete within \(seconds(limit))")), now: now)
            default:
                let io = ioStats()
                let detail = io.bytesRead == 0 ? "; the server sent nothing" : "; the server stopped answering"
                finish(.failed(.timeout("no TLS handshake within \(seconds(engine.configuration.handshakeTimeout))\(detail)")), now: now)
            }
        }

        /// Gives up on the probe with `outcome`.
        func abandon(_ outcome: ProbeOutcome, now: Double) -> ProbeResult {
            if result == nil { finish(outcome, now: now) }
            return result!
        }

        // MARK: Steps

        private func connect(to index: Int, now: Double) {
            addressIndex = index
            let started: (socket: Socket, inProgress: Bool)
            do {
                started = try Socket.startConnect(to: engine.addresses[index].address)
            } catch {
                connectFailed(error.code, now: now)
                return
            }
            fd = started.socket.descriptor
            if started.inProgress {
                phase = .connecting
                wantedEvents = Int16(POLLOUT)
                connectDeadline = now + engine.configuration.connectTimeout
            } else {
                engine.workingAddress = index
                startHandshake(now: now)
            }
        }

        private func connectFailed(_ error: Int32, now: Double) {
            closeSocket()
            // Until some address has worked, fall through the resolved list (an IPv6 address
            // first on a host without IPv6 routing, say).
            if engine.workingAddress == nil, addressIndex + 1 < engine.addresses.count, error != ETIMEDOUT {
                connect(to: addressIndex + 1, now: now)
                return
            }
            let address = engine.addresses[addressIndex].text
            let text = FailureClassifier.errnoText(error)
            if error == ETIMEDOUT {
                finish(.failed(.timeout("TCP connect to \(address) timed out (\(text))")), now: now)
            } else {
                finish(.failed(.connectionFailed("TCP connect to \(address) failed: \(text)")), now: now)
            }
        }

        private func startHandshake(now: Double) {
            guard let context else { return }
            switch OpenSSLClient.makeConnection(context: context, spec: spec, serverName: engine.serverName, fd: fd) {
            case .success(let made):
                connection = made
                phase = .handshaking
                step(now: now)
            case .failure(let error):
                finish(.notRun("probe setup failed: \(error.message)"), now: now)
            }
        }

        private func step(now: Double) {
            guard let ssl = connection else { return }
            ERR_clear_error()
            let status = SSL_connect(ssl)
            if status == 1 {
                completed(ssl, now: Monotonic.now())
                return
            }
            let error = SSL_get_error(ssl, status)
            switch error {
            case SSL_ERROR_WANT_READ:
                wantedEvents = Int16(POLLIN)
            case SSL_ERROR_WANT_WRITE:
                wantedEvents = Int16(POLLOUT)
            default:
                let reasons = drainOpenSSLErrorReasons()
                let io = ioStats()
                finish(FailureClassifier.classify(reasons: reasons, io: io), now: Monotonic.now(), io: io)
            }
        }

        private func completed(_ ssl: OpaquePointer, now: Double) {
            let version = TLSVersion(wireValue: SSL_version(ssl))
            let suite = SSL_get_current_cipher(ssl).map { OpenSSLClient.cipherSuite($0) }
            let group = OpenSSLClient.negotiatedGroup(ssl)
            let chain = OpenSSLClient.peerChain(ssl)
            var ocsp: Data?
            if spec.requestOCSP {
                var der: UnsafePointer<UInt8>?
                let length = ats_probe_ocsp_response(ssl, &der)
                if length > 0, let der { ocsp = Data(bytes: der, count: length) }
            }
            let scts = spec.requestSCTs ? OpenSSLClient.deliveredSCTs(ssl) : []
            let certificateBytes = ioStats().certificateMessageBytes
            var alpnData: UnsafePointer<UInt8>?
            var alpnLength: UInt32 = 0
            SSL_get0_alpn_selected(ssl, &alpnData, &alpnLength)
            let alpn = alpnData.flatMap { alpnLength > 0 ? String(decoding: UnsafeBufferPointer(start: $0, count: Int(alpnLength)), as: UTF8.self) : nil }
            // Send close_notify and leave: no waiting for the server's.
            _ = SSL_shutdown(ssl)
            ERR_clear_error()
            let end = Monotonic.now()
            result = ProbeResult(spec: spec, outcome: .completed, version: version, cipherSuite: suite, group: group,
                                 peerChain: chain, stapledOCSP: ocsp,
                                 tlsSCTCount: scts.filter { $0.source == .tlsExtension }.count,
                                 alpn: alpn, milliseconds: (end - started) * 1000, deliveredSCTs: scts,
                                 serverAnsweredTLS: true, certificateMessageBytes: certificateBytes)
            phase = .finished
            release()
        }

        private func ioStats() -> HandshakeIO {
            guard let ssl = connection else { return HandshakeIO() }
            var stats = ats_probe_io_stats()
            guard ats_probe_io_stats_get(ssl, &stats) == 1 else { return HandshakeIO() }
            var first = withUnsafeBytes(of: stats.first_bytes) { Array($0.prefix(Int(stats.first_bytes_length))) }
            // OpenSSL stops reading after a 5-byte record header that is not TLS; peek at what
            // else already arrived so the report can show more of it (an SSH or HTTP banner).
            if let lead = first.first, lead != 0x15, lead != 0x16, UInt64(first.count) == stats.bytes_read, first.count < 32, fd >= 0 {
                first += Socket(descriptor: fd).peekWithoutWaiting(capacity: 32 - first.count)
            }
            return HandshakeIO(firstBytes: first, eof: stats.eof != 0, lastErrno: stats.last_errno,
                               bytesRead: stats.bytes_read, bytesWritten: stats.bytes_written,
                               alertReceived: stats.alert_received != 0, serverHelloReceived: stats.server_hello_received != 0,
                               certificateMessageBytes: stats.certificate_message_length >= 0 ? Int(stats.certificate_message_length) : nil)
        }

        /// Records a probe that did not complete; `io` is what its handshake saw, if it got that far.
        private func finish(_ outcome: ProbeOutcome, now: Double, io: HandshakeIO? = nil) {
            guard result == nil else { return }
            result = ProbeResult(spec: spec, outcome: outcome, milliseconds: max(0, now - started) * 1000,
                                 serverAnsweredTLS: io?.peerAnsweredTLS ?? false, certificateMessageBytes: io?.certificateMessageBytes)
            phase = .finished
            release()
        }

        private func release() {
            if let connection { SSL_free(connection) }
            connection = nil
            if let context { SSL_CTX_free(context) }
            context = nil
            closeSocket()
            wantedEvents = 0
        }

        private func closeSocket() {
            if fd >= 0 { Socket(descriptor: fd).close() }
            fd = -1
        }

        private func seconds(_ value: Double) -> String {
            value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
        }
    }
}
