import ATSVocabulary
import ATSCertificates
import CATSOpenSSL
import CATSOpenSSLShims
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The handshakes of one endpoint: its specs, the results so far, the probes in flight (at most
/// `maxConcurrentHandshakes`), the follow-ups results ask for, the address that worked and the
/// host deadline. A ``ProbeLoop`` drives it, alone (`run`, on the calling thread) or together
/// with other endpoints under a global bound (``SharedProbeLoop``). Not thread-safe: confined
/// to the loop's thread while it runs.
final class ProbeEngine {
    private let serverName: String?
    private let addresses: [ResolvedAddress]
    private let configuration: TLSProber.Configuration
    private let cancellation: CancellationFlag?
    /// When all probes must be done; nil until the first probe starts when the deadline runs
    /// from then (an endpoint waiting for a shared loop's free slot is not yet being probed).
    private var hostDeadline: Double?

    /// The address index a connect last succeeded to: later probes dial it first.
    private(set) var workingAddress: Int?
    /// When the first probe started.
    private(set) var firstProbeStart: Double?

    private var specs: [ProbeSpec] = []
    private var results: [ProbeResult?] = []
    private var pending: [Int] = []
    private(set) var active: [ActiveProbe] = []
    private var followUp: ((ProbeSpec, ProbeResult) -> [ProbeSpec])?
    /// Asked once, when every spec so far has its result (and the run was neither cancelled nor
    /// out of time): more specs to run after them.
    private var whenSettled: (([ProbeResult]) -> [ProbeSpec])?

    /// An endpoint whose host deadline is `hostDeadline`, or, when nil, `hostTimeout` after its
    /// first probe starts.
    init(serverName: String?, addresses: [ResolvedAddress], configuration: TLSProber.Configuration,
         hostDeadline: Double?, cancellation: CancellationFlag?) {
        self.serverName = serverName
        self.addresses = addresses
        self.configuration = configuration
        self.hostDeadline = hostDeadline
        self.cancellation = cancellation
    }

    /// The address later probes dial, as text (nil when no connect succeeded).
    var connectedAddress: String? { workingAddress.map { addresses[$0].text } }

    /// Runs `initial`, then whatever `followUp` asks for after each result, on the calling
    /// thread, and returns one result per spec in submission order.
    func run(_ initial: [ProbeSpec], followUp: ((ProbeSpec, ProbeResult) -> [ProbeSpec])? = nil,
             whenSettled: (([ProbeResult]) -> [ProbeSpec])? = nil) -> [ProbeResult] {
        begin(initial, followUp: followUp, whenSettled: whenSettled)
        ProbeLoop.drive([self], maxHandshakes: .max)
        return finalResults()
    }

    // MARK: Driven by a ProbeLoop

    /// Queues `initial` (and later whatever `followUp` asks for after each result, and
    /// `whenSettled` once all of them have one).
    func begin(_ initial: [ProbeSpec], followUp: ((ProbeSpec, ProbeResult) -> [ProbeSpec])?,
               whenSettled: (([ProbeResult]) -> [ProbeSpec])? = nil) {
        specs = initial
        results = Array(repeating: nil, count: initial.count)
        pending = Array(initial.indices)
        self.followUp = followUp
        self.whenSettled = whenSettled
    }

    /// Nothing pending and nothing in flight.
    var isFinished: Bool { pending.isEmpty && active.isEmpty }

    /// Ends the run when it was cancelled or its host deadline passed.
    func checkDeadlines(now: Double) {
        if cancellation?.isCancelled == true {
            for probe in active { record(probe.abandon(.notRun("cancelled"), now: now), at: probe.index) }
            active.removeAll()
            for index in pending { results[index] = ProbeResult(spec: specs[index], outcome: .notRun("cancelled")) }
            pending.removeAll()
        } else if let hostDeadline, now >= hostDeadline {
            for probe in active {
                record(probe.abandon(.failed(.timeout("host deadline passed")), now: now), at: probe.index)
            }
            active.removeAll()
            for index in pending {
                results[index] = ProbeResult(spec: specs[index], outcome: .notRun("host deadline passed"))
            }
            pending.removeAll()
        }
    }

    /// Starts pending probes while this endpoint has room and `budget` (the loop's free
    /// slots) lasts; each started probe takes one slot.
    func admit(now: Double, budget: inout Int) {
        let limit = max(1, configuration.maxConcurrentHandshakes)
        while active.count < limit, budget > 0, !pending.isEmpty {
            if firstProbeStart == nil { firstProbeStart = now }
            if hostDeadline == nil { hostDeadline = now + configuration.hostTimeout }
            let index = pending.removeFirst()
            let probe = ActiveProbe(index: index, spec: specs[index], engine: self, now: now)
            probe.start(now: now)
            if let result = probe.result { record(result, at: index) } else { active.append(probe); budget -= 1 }
        }
        askWhenSettled(now: now)
    }

    /// When the loop must wake for this endpoint at the latest.
    var wakeDeadline: Double {
        active.reduce(hostDeadline ?? .infinity) { min($0, $1.phaseDeadline) }
    }

    /// Whether the loop should wake now and then to notice a cancellation.
    var isCancellable: Bool { cancellation != nil }

    /// Moves probes that finished (after `advance` or `expire`) from in flight to results.
    func settle() {
        var stillActive: [ActiveProbe] = []
        for probe in active {
            if let result = probe.result { record(result, at: probe.index) } else { stillActive.append(probe) }
        }
        active = stillActive
        askWhenSettled(now: Monotonic.now())
    }

    /// Whether more probes may still start: the run is not cancelled and its host deadline has
    /// not passed.
    func mayStartMore(now: Double) -> Bool {
        cancellation?.isCancelled != true && now < (hostDeadline ?? .infinity)
    }

    /// Queues what `whenSettled` asks for, once, when nothing is pending or in flight.
    private func askWhenSettled(now: Double) {
        guard pending.isEmpty, active.isEmpty, let ask = whenSettled else { return }
        whenSettled = nil
        guard mayStartMore(now: now) else { return }
        for next in ask(finalResults()) {
            specs.append(next)
            results.append(nil)
            pending.append(specs.count - 1)
        }
    }

    /// Fails every probe in flight (the loop could not poll).
    func failActive(_ message: String, now: Double) {
        for probe in active { record(probe.abandon(.failed(.connectionFailed(message)), now: now), at: probe.index) }
        active.removeAll()
    }

    /// One result per spec, in submission order.
    func finalResults() -> [ProbeResult] {
        results.enumerated().map { index, result in
            result ?? ProbeResult(spec: specs[index], outcome: .notRun("not scheduled"))
        }
    }

    private func record(_ result: ProbeResult, at index: Int) {
        results[index] = result
        guard let followUp else { return }
        for next in followUp(result.spec, result) {
            specs.append(next)
            results.append(nil)
            pending.append(specs.count - 1)
        }
    }

    // MARK: - One probe

    /// One handshake in flight: owns its socket and its `SSL` (made from the shared context).
    final class ActiveProbe {
        enum Phase { case idle, connecting, handshaking, finished }

        let index: Int
        let spec: ProbeSpec
        unowned let engine: ProbeEngine
        let started: Double
        /// min(start + handshake timeout, host deadline).
        let deadline: Double
        private(set) var phase = Phase.idle
        /// The connection, owned here while the probe runs (nil before and after).
        private(set) var socket: Socket?
        private(set) var wantedEvents: Int16 = 0
        private(set) var result: ProbeResult?
        private var connectDeadline = Double.infinity
        private var addressIndex = 0
        private var connection: OpaquePointer?

        init(index: Int, spec: ProbeSpec, engine: ProbeEngine, now: Double) {
            self.index = index
            self.spec = spec
            self.engine = engine
            self.started = now
            self.deadline = min(now + engine.configuration.handshakeTimeout, engine.hostDeadline ?? .infinity)
        }

        deinit { release() }

        /// The deadline of the current phase.
        var phaseDeadline: Double { phase == .connecting ? min(connectDeadline, deadline) : deadline }

        /// Connects first: the shared client context (built on first use, most of a
        /// millisecond) is needed only once the connection is up, so building it overlaps the
        /// TCP handshake and the server's accept (a context that cannot be built ends the probe
        /// there, as not run).
        func start(now: Double) {
            connect(to: engine.workingAddress ?? 0, now: now)
        }

        /// Handles readiness of the socket.
        func advance(now: Double) {
            switch phase {
            case .connecting:
                let error = socket?.pendingError() ?? EBADF
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
            let hostDeadline = engine.hostDeadline ?? .infinity
            let hostPassed = hostDeadline <= deadline && now >= hostDeadline
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
            socket = started.socket
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
            guard let socket else { return }
            switch OpenSSLClient.makeConnection(spec: spec, serverName: engine.serverName, socket: socket) {
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
            if error == SSL_ERROR_WANT_READ || error == SSL_ERROR_WANT_WRITE, let stop = spec.stopAfter, ioStats().stopped {
                completed(ssl, now: Monotonic.now(), stoppedAfter: stop)
                return
            }
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

        /// Records a handshake that completed, or that reached the spec's stop (`stoppedAfter`).
        private func completed(_ ssl: OpaquePointer, now: Double, stoppedAfter: HandshakeStop? = nil) {
            let version = TLSVersion(wireValue: SSL_version(ssl))
            // Before a TLS 1.2 handshake's ChangeCipherSpec the chosen suite is still "pending".
            let suite = (SSL_get_current_cipher(ssl) ?? SSL_get_pending_cipher(ssl)).map { OpenSSLClient.cipherSuite($0) }
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
            // Send close_notify and leave: no waiting for the server's. A handshake stopped
            // early has no session to close; closing the socket ends it.
            if stoppedAfter == nil { _ = SSL_shutdown(ssl) }
            ERR_clear_error()
            let end = Monotonic.now()
            result = ProbeResult(spec: spec, outcome: .completed, version: version, cipherSuite: suite, group: group,
                                 servedChain: chain, stapledOCSP: ocsp,
                                 tlsSCTCount: scts.filter { $0.source == .tlsExtension }.count,
                                 alpn: alpn, milliseconds: (end - started) * 1000, deliveredSCTs: scts,
                                 serverAnsweredTLS: true, certificateMessageBytes: certificateBytes, stoppedAfter: stoppedAfter)
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
            if let lead = first.first, lead != 0x15, lead != 0x16, UInt64(first.count) == stats.bytes_read, first.count < 32, let socket {
                first += socket.peekWithoutWaiting(capacity: 32 - first.count)
            }
            return HandshakeIO(firstBytes: first, eof: stats.eof != 0, lastErrno: stats.last_errno,
                               bytesRead: stats.bytes_read, bytesWritten: stats.bytes_written,
                               alertReceived: stats.alert_received != 0, serverHelloReceived: stats.server_hello_received != 0,
                               certificateMessageBytes: stats.certificate_message_length >= 0 ? Int(stats.certificate_message_length) : nil,
                               stopped: stats.stopped != 0)
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
            closeSocket()
            wantedEvents = 0
        }

        private func closeSocket() {
            socket?.close()
            socket = nil
        }

        private func seconds(_ value: Double) -> String {
            value == value.rounded() ? "\(Int(value)) s" : NumberText.oneDecimal(value) + " s"
        }
    }
}
