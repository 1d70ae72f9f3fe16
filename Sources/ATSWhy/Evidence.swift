/// Whether a TLS alert line says the app wrote the alert or read it from the server.
public enum AlertDirection: String, Sendable, Hashable, Codable {
    /// The server sent it (`read alert`).
    case read
    /// The app sent it (`write alert`).
    case write
    /// The line does not say (iOS 12 `Alert level:` shape).
    case unknown
}

/// One fact read from one line of a pasted log.
enum Evidence: Sendable, Hashable {
    /// `Error Domain=D Code=N` (in nesting order: outermost first).
    case nsError(domain: String, code: Int)
    /// An NSURLError code outside an NSError description: `[-1200]`, `error code: -1200`.
    case urlCode(Int)
    /// A `[domain:code]` / `domain:code` stream pair.
    case streamPair(domain: Int, code: Int)
    /// `_kCFStreamErrorDomainKey=N`.
    case streamDomainKey(Int)
    /// `_kCFStreamErrorCodeKey=N` or `_kCFNetworkCFStreamSSLErrorOriginalValue=N`.
    case streamCodeKey(Int)
    /// An `errSSL*` code named as such (`(kCFStreamErrorDomainSSL, -9802)`, `SSLHandshake failed (-9806)`).
    case sslCode(Int)
    /// `-9808: Optional(…)`: async-http-client's description of a Network.framework TLS error.
    case nwTLSDescription(Int)
    /// `Connection N: default|strict|system TLS Trust evaluation failed(-N)`.
    case trustEvaluation(kind: String, code: Int)
    /// `ATS failed system trust`, `System Trust failed for`.
    case atsSystemTrustFailed
    /// `TIC SSL Trust Error`.
    case ticTrustError
    /// `ATS Violation`.
    case atsViolation
    /// The cleartext console lines (`App Transport Security has blocked a cleartext HTTP`, `does not conform to ATS policy`).
    case cleartextBlocked
    /// `Trust evaluate failure: [leaf …]` check names.
    case trustChecks([String])
    /// `Certificate N “name” has errors: …`.
    case certificateDetail(index: Int, name: String, message: String)
    /// A BoringSSL alert line.
    case alert(direction: AlertDirection, description: String)
    /// `SSL_AD_NAME` (iOS 12 shape).
    case alertName(String)
    /// `error:XXXXXXXX:SSL routines:…:REASON`.
    case boringReason(packed: Int, name: String)
    /// `Peer disconnected during the middle of a handshake` (⇒ -9816).
    case peerDisconnected
    /// The failing URL.
    case url(String)
    /// A host named in a message (`The server “vpn.example.com” …`).
    case messageHost(String)
    /// `_kCFStreamPropertySSLClientCertificateState=N`.
    case clientCertificateState(Int)
    /// `interface: pdp_ip0[lte]` from `_NSURLErrorNWPathKey`.
    case pathInterface(String)
    /// `Network.NWError error N`.
    case networkError(Int)
    /// WebKit's `domain=D, code=N`.
    case webKit(domain: String, code: Int)
    /// `Operation timed out`.
    case timedOut
    /// `… do not meet pinning requirements`: before iOS 15 a key-size or hash failure was worded so.
    case pinningSentence
}

/// What a line's shape says of the era that printed it.
enum EraSignal: Sendable, Hashable {
    case secureTransport, tic, network
}
