extension Socket {
    /// Copies bytes both ways between this socket (the client) and `upstream` until the
    /// upstream closes, an error, or `idle` seconds without traffic. A client EOF half-closes
    /// the upstream, so its answer can still come back. Neither socket is closed here.
    package func splice(with upstream: Socket, idle: Double) {
        var clientOpen = true
        while true {
            guard let ready = try? Poll.wait([(clientOpen ? self : nil, .readable), (upstream, .readable)], until: .after(seconds: idle)),
                  ready.contains(where: { !$0.isEmpty }) else { return }
            if clientOpen && !ready[0].isEmpty {
                if let bytes = tryReceive() {
                    if !upstream.trySendAll(bytes) { return }
                } else {
                    clientOpen = false
                    upstream.shutdown(.write)
                }
            }
            if !ready[1].isEmpty {
                guard let bytes = upstream.tryReceive(), trySendAll(bytes) else { return }
            }
        }
    }
}
