/// The lab's minimal HTTP/1.1: read one request head, answer 200 with a short body, close.
enum LabHTTP {
    /// Most bytes read while looking for the end of a request head.
    static let maximumRequestBytes = 8192

    /// Reads through `read` until the request head ends (a blank line), `maximumRequestBytes`
    /// have arrived, or `read` returns nil (closed, error or timeout). Returns what arrived.
    static func readRequestHead(using read: () -> [UInt8]?) -> [UInt8] {
        var received: [UInt8] = []
        while received.count < maximumRequestBytes, !endsHead(received), let chunk = read() {
            received += chunk
        }
        return received
    }

    /// `HTTP/1.1 200 OK` with a plain-text body and `Connection: close`.
    static func response(body: String) -> [UInt8] {
        let bodyBytes = Array(body.utf8)
        let head = "HTTP/1.1 200 OK\r\n"
            + "Content-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(bodyBytes.count)\r\n"
            + "Connection: close\r\n"
            + "Server: atscheck-lab\r\n"
            + "\r\n"
        return Array(head.utf8) + bodyBytes
    }

    /// The body every lab server answers with.
    static func body(for profile: LabProfile) -> String {
        "atscheck lab: \(profile.rawValue)\n"
    }

    private static func endsHead(_ bytes: [UInt8]) -> Bool {
        let crlf: [UInt8] = [13, 10, 13, 10]
        let lf: [UInt8] = [10, 10]
        return contains(bytes, crlf) || contains(bytes, lf)
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
