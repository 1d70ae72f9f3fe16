import AtscheckTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A trickling slowloris against `atscheck proxy` (issue 9: 100 connections sending one byte
/// every few seconds kept every slot busy, so a legitimate request got no answer for 45 s and
/// more; each byte reset the 10 s stall timer).
@Suite("atscheck proxy under a slowloris", .timeLimit(.minutes(TestTiming.minutes(2))))
struct ProxySlowlorisTests {
    /// What became of the trickling connections.
    struct Trickle: Sendable {
        /// First bytes of each connection's answer (empty when it got none).
        var answers: [String]
        /// Seconds from the start until the proxy closed each connection (nil: still open at the end).
        var closedAfter: [Double?]
    }

    /// Opens `count` connections from 127.0.0.1 that send a request head one byte per
    /// `interval` seconds for `duration` seconds, recording what the proxy does with each.
    static func trickle(port: UInt16, count: Int, interval: Double, duration: Double, started: @escaping @Sendable () -> Void) throws -> Trickle {
        let head = Array("GET http://slow.example/ HTTP/1.1\r\nHost: slow.example\r\n".utf8)
        var sockets = try (0..<count).map { _ in try RawClient.connect(port: port) }
        defer { sockets.forEach { if $0 >= 0 { close($0) } } }
        var result = Trickle(answers: Array(repeating: "", count: count), closedAfter: Array(repeating: nil, count: count))
        let start = Date()
        var sent = 0
        started()
        while Date().timeIntervalSince(start) < duration {
            for (index, fd) in sockets.enumerated() where fd >= 0 {
                _ = head.withUnsafeBytes { send(fd, $0.baseAddress! + (sent % head.count), 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
                var buffer = [UInt8](repeating: 0, count: 512)
                let got = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, 512, Int32(MSG_DONTWAIT)) }
                if got > 0 { result.answers[index] += String(decoding: buffer[0..<got], as: UTF8.self) }
                if got == 0 || (got < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
                    result.closedAfter[index] = Date().timeIntervalSince(start)
                    close(fd)
                    sockets[index] = -1
                }
            }
            sent += 1
            usleep(useconds_t(interval * 1_000_000))
        }
        return result
    }

    @Test("a legitimate client is answered at once; trickling heads are cut at the deadline")
    func slowloris() async throws {
        try await ProxyServe.with(["--timeout", TestTiming.argument(3)]) { proxy in
            let port = proxy.port
            let started = DispatchSemaphore(value: 0)
            async let trickle = offPool {
                try Self.trickle(port: port, count: 100, interval: 0.5, duration: TestTiming.seconds(8), started: { started.signal() })
            }
            // Once the trickle holds its connections, a request from another address.
            try await offPool { started.wait(); usleep(500_000) }
            let legitimate = try await offPool {
                try RawClient.exchange(port: port, Array("GET http://blocked.example/ HTTP/1.1\r\nHost: blocked.example\r\n\r\n".utf8),
                                       from: "127.0.0.2", timeout: Int(TestTiming.seconds(4)))
            }
            #expect(String(decoding: legitimate, as: UTF8.self).hasPrefix("HTTP/1.1 403 Forbidden\r\n"),
                    "answered while 100 connections trickle: \(String(decoding: legitimate, as: UTF8.self))")

            let outcome = try await trickle
            let refused = outcome.answers.filter { $0.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n") }.count
            let timedOut = outcome.answers.filter { $0.hasPrefix("HTTP/1.1 408 Request Timeout\r\n") }.count
            #expect(refused == 0, "on loopback every client is 127.0.0.1: no per-address cap, \(refused) refused")
            #expect(timedOut == 100, "every trickle is answered 408 at the head deadline: \(timedOut)")
            let lastClose = outcome.closedAfter.compactMap { $0 }.max() ?? .infinity
            #expect(outcome.closedAfter.allSatisfy { $0 != nil }, "every trickling connection was closed by the proxy")
            #expect(lastClose < TestTiming.seconds(7), "cut by the head deadline, not kept alive by each byte (last close after \(lastClose) s)")
            #expect(proxy.isRunning)
        }
    }

    @Test("8 loopback addresses x 40 stalled heads (320, over the 128-head pool): a 9th client is served on every one of 20 tries")
    func stalledHeadsFromEightAddresses() async throws {
        try await ProxyServe.with(["--timeout", TestTiming.argument(10)]) { proxy in
            let port = proxy.port
            let partial = Array("GET http://slow.example/ HTTP/1.1\r\nHost: slo".utf8)
            let stalled = try await offPool { () throws -> [Int32] in
                try (1...8).flatMap { address in
                    try (0..<40).map { _ -> Int32 in
                        let fd = try RawClient.connect(port: port, from: "127.0.0.\(address)")
                        _ = partial.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                        return fd
                    }
                }
            }
            defer { stalled.forEach { close($0) } }
            var answered = 0
            for _ in 0..<20 {
                let answer = try await offPool {
                    try RawClient.exchange(port: port, Array("GET http://blocked.example/ HTTP/1.1\r\nHost: blocked.example\r\n\r\n".utf8),
                                           from: "127.0.0.9", timeout: Int(TestTiming.seconds(4)))
                }
                if String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 403 Forbidden\r\n") { answered += 1 }
            }
            #expect(answered == 20, "the 9th client got its verdict on \(answered) of 20 tries")
            let log = proxy.stderr()
            #expect(log.contains("request-head-evicted"), "each eviction is logged")
            #expect(!log.contains("bad-request"), "an evicted head is not logged again as a malformed request: \(log.suffix(400))")
            #expect(proxy.isRunning)
        }
    }
}
