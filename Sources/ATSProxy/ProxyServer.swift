import ATSVocabulary
import AtscheckSystem
import ATSCheck
import ATSPolicy
import ATSCertificates
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An HTTP/1.1 forward proxy that refuses what App Transport Security would refuse, the
/// engine behind `atscheck proxy`, for embedding in a test harness or a debugging proxy.
///
/// Absolute-form requests (`GET http://host/…`) are judged by the policy alone: blocked loads
/// get `403` with an `X-ATS-Reason` header, allowed ones are forwarded (one upstream connection
/// per request, `Connection: close` upstream). The client connection is kept alive between
/// requests (HTTP/1.1 unless the client says `close`; HTTP/1.0 only with `keep-alive`): each
/// response is relayed where its framing says it ends, and each request on the connection,
/// pipelined or not, is read, judged, logged and answered on its own, in order. The next head
/// must arrive, whole, within ``keepAliveSeconds`` (or `timeout` when longer) of the previous
/// response; an idle connection then closes quietly. `CONNECT host:port` is
/// judged with the same handshakes as `atscheck host` (verdicts cached per `host:port` for a
/// minute; at most ``maxProbesInFlight`` probes at once, and concurrent CONNECTs to one
/// `host:port` share one probe): blocked → `403` before any tunnel, could not judge → `502`,
/// no probe slot within `timeout` → `503`, allowed → `200` and the bytes are spliced both
/// ways until either side closes or ``minimumIdleSeconds`` (or `timeout` when longer) pass
/// without traffic. A tunnel never counts against the head pool.
///
/// ```swift
/// let environment = try TrustEnvironment(target: TargetOS(.iOS, 17))
/// let proxy = try ProxyServer(configuration: ProxyConfiguration(environment: environment), listenAddress: "127.0.0.1", port: 0)
/// proxy.start()                 // accepts on a background thread
/// print("proxy on port", proxy.port)
/// proxy.stop()
/// ```
///
/// Slow or hostile clients cannot starve the others. The accept loop never waits. Connections
/// still sending their request head have a pool of their own (``maxPendingHeads``) and one
/// deadline (`timeout`) however the bytes trickle in; when the pool is full, the connection
/// that has waited longest for its head is answered 503 and closed to make room, so a client
/// that sends its head at once is always served. The total is sized from the descriptors the
/// process may open (two per tunnel). On a loopback listener every client is 127.0.0.1, so
/// there is no per-address cap; with a remote listener one address may hold at most
/// ``maxConnectionsPerClient``. One thread per client connection.
public final class ProxyServer: @unchecked Sendable {
    /// Client connections open at once at most, whatever the descriptor limit allows.
    public static let maxConnections = 4096
    /// Client connections still sending their request head at once; the oldest gives way to a new one.
    public static let maxPendingHeads = 128
    /// Client connections open at once from one client address on a non-loopback listener.
    public static let maxConnectionsPerClient = 64
    static let maxHeadBytes = ProxyRequestHead.maximumBytes
    /// How long, in seconds, a tunnel or a forwarded exchange may sit without traffic at least
    /// (`timeout` when longer).
    public static let minimumIdleSeconds = 60.0
    /// How long, in seconds, a kept-alive client connection waits for its next request head
    /// (`timeout` when longer); it waits in the head pool, and closes quietly when nothing came.
    public static let keepAliveSeconds = 15.0
    /// CONNECT probes running at once at most (each is a few TLS handshakes, each handshake a
    /// descriptor); a CONNECT waits up to `timeout` for a slot, then gets `503`.
    public static let maxProbesInFlight = 16
    /// How long, in seconds, a verdict for a CONNECT `host:port` is reused (`unknown` verdicts are not kept).
    public static let cacheSeconds = 60.0
    static let maxCacheEntries = 256

    /// How loads are judged.
    public let configuration: ProxyConfiguration
    /// The address listened on.
    public let listenAddress: String
    /// The port listened on (the one picked when 0 was asked for).
    public let port: UInt16
    private let acceptor: Acceptor
    let checker: ATSChecker
    /// Bounds the probes of CONNECT verdicts and shares one probe among CONNECTs to one `host:port`.
    let probes = ProxyProbeGate<Result<Verdict, ResolutionError>>(limit: ProxyServer.maxProbesInFlight)
    let lock = Lock()
    /// Open connections per client address, and in all (under `lock`).
    private var openByClient: [String: Int] = [:]
    private var openTotal = 0
    /// Connections still sending their request head, oldest first (under `lock`), `idle` when
    /// kept alive between requests; a socket is shut down or closed only under `lock`, so an
    /// eviction never reaches a reused descriptor.
    private var pendingHeads: [(socket: Socket, idle: Bool)] = []
    /// The most connections open at once: from the descriptor limit, two per tunnel.
    let connectionLimit: Int
    /// Whether one client address is capped (a non-loopback listener).
    private let capsEachAddress: Bool
    /// `host:port` → verdict, on the uptime clock (nanoseconds).
    var cache = ExpiringCache<Verdict>(lifetime: UInt64(ProxyServer.cacheSeconds * 1e9), capacity: ProxyServer.maxCacheEntries)

    /// Binds `listenAddress:port` (an IP literal; port 0 picks a free one). Nothing is
    /// accepted until ``start()``. Throws when the address cannot be bound.
    public init(configuration: ProxyConfiguration, listenAddress: String, port: UInt16) throws {
        let bound = try ProxyEndpoints.listen(address: listenAddress, port: port)
        self.configuration = configuration
        self.listenAddress = listenAddress
        self.port = bound.port
        acceptor = try Acceptor(listeners: [bound.socket])
        checker = ATSChecker(environment: configuration.environment)
        connectionLimit = max(16, min(Self.maxConnections, (SystemProcess.raiseOpenFileLimit() - 64) / 2))
        capsEachAddress = !Self.isLoopback(listenAddress)
    }

    /// Accepts connections on a background thread until ``stop()``.
    public func start() {
        let configuration = configuration
        acceptor.start(onFailure: { configuration.log("atscheck proxy: accept failed: \($0.reason)") }) { [self] _, client, peer in
            accepted(client, peer: peer.ipText)
        }
    }

    /// Stops accepting and closes the listener (its port is free when this returns);
    /// connections already open run to their end. Idempotent.
    public func stop() { acceptor.stop() }

    /// `true` for 127.0.0.0/8, ::1 and ::ffff:127.x: the addresses a proxy may listen on
    /// without exposing itself.
    public static func isLoopback(_ address: String) -> Bool { IPAddress(address)?.isLoopback ?? false }

    /// `true` when `text` is an IPv4 or IPv6 literal (without a zone).
    public static func isIPLiteral(_ text: String) -> Bool { IPAddress.isLiteral(text, allowingZone: false) }

    /// Serves `client` on a thread of its own, or refuses it at once when a limit is reached.
    private func accepted(_ client: Socket, peer: String) {
        guard admit(client, peer: peer) else {
            log(method: "-", hostPort: peer, verdict: "refused", reason: "too-many-connections")
            Self.refuse(client, "atscheck proxy: too many connections\n")
            client.close()
            return
        }
        let started = DetachedThread.start { [self] in
            handle(client)
            finish(client, peer: peer)
        }
        if !started { finish(client, peer: peer) }
    }

    /// Counts a new connection from `peer` as one waiting for its head, making room by
    /// evicting the connection that has waited longest when the total or the head pool is
    /// full; false when nothing can give way (every slot holds a tunnel or an exchange).
    private func admit(_ client: Socket, peer: String) -> Bool {
        let (admitted, evicted) = lock.withLock { () -> (Bool, Bool) in
            if capsEachAddress, openByClient[peer, default: 0] >= Self.maxConnectionsPerClient { return (false, false) }
            var evicted = false
            if openTotal >= connectionLimit || pendingHeads.count >= Self.maxPendingHeads {
                guard let wasIdle = evictOldestHeadLocked() else { return (false, false) }
                evicted = !wasIdle
            }
            openTotal += 1
            openByClient[peer, default: 0] += 1
            pendingHeads.append((client, false))
            return (true, evicted)
        }
        // Logged outside the lock: a slow log sink must never stall the accept loop.
        if evicted { log(method: "-", hostPort: "-", verdict: "refused", reason: "request-head-evicted") }
        return admitted
    }

    /// Makes room in the head pool (under `lock`): the connection that has waited longest is
    /// answered `503` and shut down, or only shut down when it was idle between requests (its
    /// client sends the next request on a new connection). Whether it was idle; nil when the
    /// pool is empty.
    private func evictOldestHeadLocked() -> Bool? {
        guard !pendingHeads.isEmpty else { return nil }
        let oldest = pendingHeads.removeFirst()
        if !oldest.idle { Self.refuse(oldest.socket, "atscheck proxy: the request head took too long and others were waiting\n") }
        oldest.socket.shutdown(.both)
        return oldest.idle
    }

    /// A kept-alive connection waits for its next head in the head pool, like a new one,
    /// making room the same way.
    private func awaitNextHead(_ client: Socket) {
        let evictedHead = lock.withLock { () -> Bool in
            let evictedHead = pendingHeads.count >= Self.maxPendingHeads && evictOldestHeadLocked() == false
            pendingHeads.append((client, true))
            return evictedHead
        }
        if evictedHead { log(method: "-", hostPort: "-", verdict: "refused", reason: "request-head-evicted") }
    }

    /// The connection's head has arrived (or never will): it leaves the head pool. False when
    /// it had already left it, evicted for a newer connection (answered and logged then).
    private func headSettled(_ client: Socket) -> Bool {
        lock.withLock {
            guard let index = pendingHeads.firstIndex(where: { $0.socket === client }) else { return false }
            pendingHeads.remove(at: index)
            return true
        }
    }

    private func finish(_ client: Socket, peer: String) {
        lock.withLock {
            pendingHeads.removeAll { $0.socket === client }
            client.close()
            openTotal -= 1
            let left = openByClient[peer, default: 1] - 1
            openByClient[peer] = left > 0 ? left : nil
        }
    }

    private static func refuse(_ client: Socket, _ body: String) {
        client.drainWithoutWaiting()
        client.sendWithoutWaiting(Array(response(status: "503 Service Unavailable", reason: nil, body: body).utf8))
        client.drainWithoutWaiting()
    }

    // MARK: - One connection

    private func handle(_ client: Socket) {
        client.setTimeouts(seconds: configuration.timeout)
        var buffered: [UInt8] = []
        for exchange in 0... {
            if exchange > 0 { awaitNextHead(client) }
            let deadline = Deadline.after(seconds: exchange == 0 ? configuration.timeout : max(configuration.keepAliveSeconds, configuration.timeout))
            let read = readHead(client, buffered: buffered, before: deadline)
            guard headSettled(client) else { return }
            let raw: [UInt8], rest: [UInt8]
            switch read {
            case .head(let head, let after): (raw, rest) = (head, after)
            case .ended: return
            case .timedOut(let partial):
                // A kept-alive connection with nothing new closes quietly; a head cut short gets 408.
                guard exchange == 0 || partial else { return }
                log(method: "-", hostPort: "-", verdict: "timeout", reason: "request-head-deadline")
                respond(client, status: "408 Request Timeout", reason: nil, body: "atscheck proxy: the request head did not arrive in time\n")
                return
            }
            guard let head = ProxyRequestHead.parse(raw) else {
                log(method: "-", hostPort: "-", verdict: "bad-request", reason: "-")
                respond(client, status: "400 Bad Request", reason: nil, body: "atscheck proxy: malformed request\n")
                return
            }
            if head.method == "CONNECT" {
                tunnel(client, head: head, rest: rest)
                return
            }
            guard let next = forward(client, head: head, rest: rest) else { return }
            buffered = next
        }
    }

    /// What reading a request head gave.
    private enum HeadRead {
        /// The bytes before the blank line, and whatever followed.
        case head([UInt8], rest: [UInt8])
        /// The client went away before sending anything.
        case ended
        /// The deadline passed; `partial` when some of a head had arrived.
        case timedOut(partial: Bool)
    }

    /// The next head from `buffered` and then the client. An oversized head, or one the client
    /// stopped sending halfway (EOF), comes back as garbage (→ 400).
    private func readHead(_ client: Socket, buffered: [UInt8], before deadline: Deadline) -> HeadRead {
        var buffer = buffered
        let terminator: [UInt8] = [13, 10, 13, 10]
        var searchFrom = 0
        while true {
            if let end = Self.find(terminator, in: buffer, from: max(0, searchFrom - 3)) {
                return .head(Array(buffer[..<end]), rest: Array(buffer[(end + 4)...]))
            }
            searchFrom = buffer.count
            if buffer.count > Self.maxHeadBytes { return .head([0], rest: []) }
            guard !deadline.hasPassed, let bytes = client.tryReceive(until: deadline) else {
                if deadline.hasPassed { return .timedOut(partial: !buffer.isEmpty) }
                return buffer.isEmpty ? .ended : .head([0], rest: [])
            }
            buffer += bytes
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for index in start...(haystack.count - needle.count) where haystack[index] == needle[0] {
            if Array(haystack[index..<(index + needle.count)]) == needle { return index }
        }
        return nil
    }

    // MARK: - CONNECT

    private func tunnel(_ client: Socket, head: ProxyRequestHead, rest: [UInt8]) {
        guard let (host, port) = ProxyRequestHead.splitHostPort(head.target), port > 0 else {
            log(method: "CONNECT", hostPort: head.target, verdict: "bad-request", reason: "-")
            respond(client, status: "400 Bad Request", reason: nil, body: "atscheck proxy: CONNECT needs host:port\n")
            return
        }
        let hostPort = Self.hostPort(host, port)
        let judgement: TLSJudgement
        do {
            judgement = try judgeTLS(host: host, port: port)
        } catch {
            log(method: "CONNECT", hostPort: hostPort, verdict: "bad-request", reason: "-")
            respond(client, status: "400 Bad Request", reason: nil, body: "atscheck proxy: \(error)\n")
            return
        }
        let verdict: Verdict
        switch judgement {
        case .verdict(let judged): verdict = judged
        case .busy(let reason, let why):
            log(method: "CONNECT", hostPort: hostPort, verdict: "refused", reason: reason)
            respond(client, status: "503 Service Unavailable", reason: nil, body: "atscheck proxy: \(why)\n")
            return
        }
        let reason = verdict.reasons.first?.code.rawValue
        guard verdict.status == .allowed else {
            let blocked = verdict.status == .blocked
            log(method: "CONNECT", hostPort: hostPort, verdict: verdict.status.rawValue, reason: reason ?? "-")
            respond(client, status: blocked ? "403 Forbidden" : "502 Bad Gateway", reason: reason ?? "unknown",
                    body: Self.explanation(verdict, blocked: blocked), appError: verdict.reasons.first?.likelyErrors.first)
            return
        }
        let upstream: Socket
        do {
            upstream = try ProxyEndpoints.connect(host: address(host, port), port: port, timeout: configuration.timeout)
        } catch {
            log(method: "CONNECT", hostPort: hostPort, verdict: "allowed", reason: "upstream-failed")
            respond(client, status: "502 Bad Gateway", reason: "connection-failed", body: "atscheck proxy: \(error)\n")
            return
        }
        log(method: "CONNECT", hostPort: hostPort, verdict: "allowed", reason: "-")
        guard client.trySendAll(Array("HTTP/1.1 200 Connection Established\r\n\r\n".utf8)) else { return }
        if !rest.isEmpty && !upstream.trySendAll(rest) { return }
        upstream.setTimeouts(seconds: idleSeconds)
        client.setTimeouts(seconds: idleSeconds)
        client.splice(with: upstream, idle: idleSeconds)
    }

    var idleSeconds: Double { max(configuration.idleSeconds, configuration.timeout) }

    // MARK: - Helpers

    /// The address to dial: `--resolve` if it names this host:port, else the host itself (DNS).
    func address(_ host: String, _ port: UInt16) -> String {
        configuration.resolve["\(host.lowercased()):\(port)"] ?? configuration.resolve["*:\(port)"] ?? host
    }

    static func bracketed(_ host: String) -> String { HostPort.bracketed(host) }
    static func hostPort(_ host: String, _ port: UInt16) -> String { HostPort.format(host: host, port: port) }

    func respond(_ client: Socket, status: String, reason: String?, body: String, appError: LikelyAppError? = nil, keepAlive: Bool = false) {
        _ = client.trySendAll(Array(Self.response(status: status, reason: reason, body: body, appError: appError, keepAlive: keepAlive).utf8))
    }

    /// One log line; the method and target come from the client, so the line is made safe
    /// for a terminal or CI log (``TerminalText/safe(_:)``) before any sink sees it.
    func log(method: String, hostPort: String, verdict: String, reason: String) {
        configuration.log(TerminalText.safe("\(UTCTimestamp.format(Date())) \(method) \(hostPort) \(verdict) \(reason)"))
    }
}
