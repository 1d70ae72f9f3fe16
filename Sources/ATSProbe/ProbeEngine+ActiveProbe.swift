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

extension ProbeEngine {
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
