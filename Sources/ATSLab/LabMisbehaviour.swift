import AtscheckSystem

/// What a misbehaving lab server does once it has read the ClientHello: servers that never
/// speak TLS properly, which a verdict must call unknown, never blocked or allowed.
enum LabMisbehaviour: Sendable {
    /// Reset the connection (TCP RST) without a byte.
    case reset
    /// Close the connection (FIN) without a byte.
    case close
    /// Send the first 12 bytes of a TLS 1.2 ServerHello record, then reset.
    case partialServerHelloThenReset
    /// Send three handshake-record headers, each around 64 random bytes, then wait for the
    /// client to give up.
    case garbageRecords

    func act(on connection: Socket) {
        switch self {
        case .reset:
            connection.resetOnClose()
        case .close:
            break
        case .partialServerHelloThenReset:
            // Record header (handshake, TLS 1.2, 122 bytes), handshake header (ServerHello,
            // 118 bytes), legacy_version: then nothing more.
            _ = connection.trySendAll([0x16, 0x03, 0x03, 0x00, 0x7A, 0x02, 0x00, 0x00, 0x76, 0x03, 0x03, 0x5A])
            connection.resetOnClose()
        case .garbageRecords:
            var generator = SplitMix64(seed: 0x6174_7363_6865_636B)  // the same bytes on every run
            var bytes: [UInt8] = []
            for _ in 0..<3 {
                bytes += [0x16, 0x03, 0x03, 0x00, 0x40]
                // The first body byte is not the ServerHello type (2), so no run of the noise
                // can pass for a ServerHello; the records are handshake, so never an alert.
                bytes.append(0x0E)
                for _ in 0..<63 { bytes.append(UInt8(truncatingIfNeeded: generator.next())) }
            }
            guard connection.trySendAll(bytes) else { return }
            connection.discardUntilClosed()
        }
    }
}

/// A small deterministic generator (Steele, Lea and Flood's SplitMix64), for fixed noise.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
