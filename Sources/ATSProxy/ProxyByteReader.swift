import AtscheckSystem

/// The bytes of one upstream connection, read ahead into a buffer so that a response can be
/// taken apart where its parts end: the head, chunk-size and trailer lines, counted runs.
/// Each read waits at most `idle` seconds for bytes.
final class ProxyByteReader {
    /// What a line or head read gave.
    enum Piece: Equatable {
        /// The bytes before the terminator (CRLF, or CRLFCRLF for a head), which is consumed.
        case bytes([UInt8])
        /// The limit was reached without a terminator.
        case tooLong
        /// The upstream closed, failed or went idle first.
        case ended
    }

    private let socket: Socket
    private let idle: Double
    private var buffer: [UInt8] = []
    private var start = 0

    init(_ socket: Socket, idle: Double) {
        self.socket = socket
        self.idle = idle
    }

    /// Reads more bytes into the buffer; false at end of stream, on an error or idle timeout.
    private func fill() -> Bool {
        if start > 65536 {
            buffer.removeFirst(start)
            start = 0
        }
        guard let bytes = socket.tryReceive(until: .after(seconds: idle)) else { return false }
        buffer += bytes
        return true
    }

    /// Up to `count` bytes (at least one), from the buffer or else from one read; nil at the end.
    func take(upTo count: Int) -> [UInt8]? {
        if start == buffer.count {
            guard fill() else { return nil }
        }
        let end = min(buffer.count, start + count)
        defer { start = end }
        return Array(buffer[start..<end])
    }

    /// The bytes up to the next CRLF (at most `limit` bytes with it).
    func line(limit: Int) -> Piece { upTo([13, 10], limit: limit) }

    /// The bytes up to the next blank line (at most `limit` bytes before it).
    func head(limit: Int) -> Piece { upTo([13, 10, 13, 10], limit: limit + 4) }

    private func upTo(_ terminator: [UInt8], limit: Int) -> Piece {
        var searched = start
        while true {
            var index = max(start, searched - terminator.count + 1)
            while index + terminator.count <= buffer.count {
                if buffer[index] == terminator[0] && buffer[index..<(index + terminator.count)].elementsEqual(terminator) {
                    guard index + terminator.count - start <= limit else { return .tooLong }
                    defer { start = index + terminator.count }
                    return .bytes(Array(buffer[start..<index]))
                }
                index += 1
            }
            searched = buffer.count
            if buffer.count - start >= limit { return .tooLong }
            guard fill() else { return .ended }
        }
    }
}
