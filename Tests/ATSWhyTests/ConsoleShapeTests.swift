import ATSWhy
import Testing

/// One input of ours per console shape and era (lines of the reference's shape table), beyond
/// the decoder cases: the code found, the era read, and the top cause or the not-ATS verdict.
@Suite("atscheck why: console shapes and eras")
struct ConsoleShapeTests {
    struct Shape: Sendable, CustomStringConvertible {
        let name: String
        let input: String
        let code: Int
        let era: LogEra
        let top: String?
        var description: String { name }
    }

    static let shapes: [Shape] = [
        Shape(name: "L2 iOS 11-12 finished with error - code", input: "Task <A1>.<1> finished with error - code: -1001", code: -1001, era: .tic, top: "timeout"),
        Shape(name: "L6 iOS 11 HTTP load failed … for Task", input: "HTTP load failed (error code: -1200 [3:-9802]) for Task <A1>.<1>", code: -9802, era: .tic, top: "cert-untrusted"),
        Shape(name: "L9 iOS 9 SSLHandshake failed", input: "2015-10-01 10:00:00.000 App[1:2] CFNetwork SSLHandshake failed (-9801)", code: -9801, era: .secureTransport, top: "tls-version-too-low"),
        Shape(name: "L10 iOS 10 tls_handshake_process", input: "[] nw_coretls_read_one_record tls_handshake_process: [-9824]", code: -9824, era: .secureTransport, top: "cipher-suite-not-allowed"),
        Shape(name: "L11 TIC TCP Conn Failed, POSIX reset", input: "TIC TCP Conn Failed [28:0x1c0179f80]: 1:54 Err(54)", code: 54, era: .tic, top: "connection-failed"),
        Shape(name: "L13 + L15 system trust", input: "ATS failed system trust\nConnection 6: system TLS Trust evaluation failed(-9802)", code: -9802, era: .network, top: "cert-untrusted"),
        Shape(name: "L15 default trust (ATS off)", input: "Connection 35: default TLS Trust evaluation failed(-9807)", code: -9807, era: .network, top: "cert-untrusted"),
        Shape(name: "L18 + L23 not TLS", input: "[boringssl] boringssl_context_error_print(1753) [C1.1:2][0x1] Error: 1:error:100000f7:SSL routines:OPENSSL_internal:WRONG_VERSION_NUMBER:/x/boringssl-349/ssl/tls_record.cc:242:\nConnection 8: failed to connect 3:-9858, reason -1", code: -9858, era: .network, top: "not-tls"),
        Shape(name: "L21 + L22 iOS 12 alert callback", input: "[BoringSSL] boringssl_context_alert_callback_handler(3724) [C1:1][0x1] Alert level: fatal, description: certificate unknown\n[BoringSSL] boringssl_context_get_error_code(3560) [C1:1][0x1] SSL_AD_CERTIFICATE_UNKNOWN", code: 46, era: .tic, top: "cert-incomplete-chain"),
        Shape(name: "L24 peer disconnected", input: "nw_protocol_boringssl_input_finished(1543) [C4.1:2][0x1] Peer disconnected during the middle of a handshake. Sending errSSLClosedNoNotify(-9816) alert", code: -9816, era: .unknown, top: "tls-version-too-low"),
        Shape(name: "L26 several trust checks", input: "Trust evaluate failure: [leaf AnchorTrusted SSLHostname]", code: 0, era: .unknown, top: "cert-untrusted"),
        Shape(name: "L27 cleartext console line", input: "App Transport Security has blocked a cleartext HTTP (http://) resource load since it is insecure. Temporary exceptions can be configured via your app's Info.plist file.", code: 0, era: .unknown, top: "insecure-http"),
        // Socket libraries report SecureTransport's code as an OSStatus (SocketRocket #672, MQTT-Client-Framework #170, limechat #333).
        Shape(name: "OSStatus-domain SSL code (SocketRocket)", input: #"Error Domain=NSOSStatusErrorDomain Code=-9836 "(null)" UserInfo={_kCFStreamErrorCodeKey=-9836, _kCFStreamErrorDomainKey=3}"#, code: -9836, era: .unknown, top: "tls-version-too-low"),
        Shape(name: "OSStatus-domain SSL code alone (MQTT client)", input: #"mqttTransport didFailWithError Error Domain=NSOSStatusErrorDomain Code=-9836 "(null)""#, code: -9836, era: .unknown, top: "tls-version-too-low"),
        Shape(name: "Foundation's OSStatus description (limechat)", input: "The operation couldn’t be completed. (OSStatus error -9836.)", code: -9836, era: .unknown, top: "tls-version-too-low"),
        Shape(name: "L31 WebKit provisional load", input: "0x1 - [pageProxyID=6, webPageID=7, PID=7289] WebPageProxy::didFailProvisionalLoadForFrame: frameID=1, isMainFrame=1, domain=NSURLErrorDomain, code=-1022, isMainFrame=1, willInternallyHandleFailure=0", code: -1022, era: .unknown, top: "insecure-http"),
        Shape(name: "L32 Safari failed to load resource", input: "[Error] Failed to load resource: An SSL error has occurred and a secure connection to the server cannot be made. (grok.com, line 0)", code: -1200, era: .unknown, top: "cert-untrusted"),
        Shape(name: "a bare pair as pasted", input: "-1200 [3:-9816]", code: -9816, era: .unknown, top: "tls-version-too-low"),
        Shape(name: "-1009 offline", input: #"Error Domain=NSURLErrorDomain Code=-1009 "The Internet connection appears to be offline." UserInfo={_kCFStreamErrorCodeKey=50, _kCFStreamErrorDomainKey=1}"#, code: 50, era: .unknown, top: nil),
        Shape(name: "-999 cancelled", input: #"Task <C>.<3> finished with error [-999] Error Domain=NSURLErrorDomain Code=-999 "cancelled""#, code: -999, era: .network, top: nil),
        Shape(name: "-1003 DNS", input: #"Task <D>.<1> finished with error [-1003] Error Domain=NSURLErrorDomain Code=-1003 "A server with the specified hostname could not be found." UserInfo={NSErrorFailingURLStringKey=https://nx.example.com/}"#, code: -1003, era: .network, top: "connection-failed"),
        Shape(name: "CFNetwork 310 proxy", input: #"Error Domain=kCFErrorDomainCFNetwork Code=310 "(null)" UserInfo={_kCFStreamErrorCodeKey=-2096, _kCFStreamErrorDomainKey=4}"#, code: 310, era: .unknown, top: nil),
    ]

    @Test("each shape yields its code, era and top cause", arguments: shapes)
    func shape(_ shape: Shape) throws {
        let errors = WhyScanner.decode(shape.input)
        #expect(errors.count == 1, "\(shape.name): \(errors.count)")
        let error = try #require(errors.first)
        if shape.code != 0 { #expect(error.codes.contains { $0.code == shape.code }, "\(shape.name): \(error.codes)") }
        #expect(error.era == shape.era, "\(shape.name)")
        #expect(error.causes.first?.reason == shape.top, "\(shape.name): \(error.causes.map(\.reason))")
        if shape.top == nil { #expect(error.notATS != nil, "\(shape.name)") }
    }

    @Test("ATS enforcement: system trust says yes, default trust says no")
    func enforcement() {
        #expect(WhyScanner.decode("ATS failed system trust").first?.atsEnforced == .yes)
        #expect(WhyScanner.decode("Connection 35: default TLS Trust evaluation failed(-9807)").first?.atsEnforced == .no)
        #expect(WhyScanner.decode("Task <A>.<1> HTTP load failed, 0/0 bytes (error code: -1202 [3:-9807])").first?.atsEnforced == .no)
    }
}
