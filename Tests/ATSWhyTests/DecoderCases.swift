import ATSWhy
import Testing

/// The decoder cases of the error-code reference (DC01 … DC47, odd numbers), each input as
/// written there and its expected decoding: codes named, ATS enforcement, ranked reasons, command.
/// The inputs are copied here: nothing depends on files outside the repository.
struct DecoderCase: Sendable, CustomStringConvertible {
    let id: String
    let input: String
    let codes: [(domain: String, code: Int, symbol: String)]
    let atsEnforced: String
    let reasons: [String]
    let command: Command?
    let notATS: Bool

    enum Command: Sendable { case exactly(String), startingWith(String) }

    var description: String { id }
}

extension DecoderCase {
    static let all: [DecoderCase] = [
        // DC01 — Swift URLSession, cleartext (iOS 17)
        DecoderCase(id: "DC01", input: #"""
Task <3F2A9C1E-6B7D-4E10-9A55-0C2B8D1E7F40>.<1> finished with error [-1022] Error Domain=NSURLErrorDomain Code=-1022 "The resource could not be loaded because the App Transport Security policy requires the use of a secure connection." UserInfo={NSLocalizedDescription=The resource could not be loaded because the App Transport Security policy requires the use of a secure connection., NSErrorFailingURLStringKey=http://api.example.com/v1/items, NSErrorFailingURLKey=http://api.example.com/v1/items, _NSURLErrorRelatedURLSessionTaskErrorKey=("LocalDataTask <3F2A9C1E-6B7D-4E10-9A55-0C2B8D1E7F40>.<1>"), _NSURLErrorFailingURLSessionTaskErrorKey=LocalDataTask <3F2A9C1E-6B7D-4E10-9A55-0C2B8D1E7F40>.<1>}
"""#,
                    codes: [("NSURLErrorDomain", -1022, "NSURLErrorAppTransportSecurityRequiresSecureConnection")],
                    atsEnforced: "yes", reasons: ["insecure-http"], command: .exactly("atscheck explain http://api.example.com/v1/items --policy Info.plist"), notATS: false),
        // DC03 — "does not conform to ATS policy", IP literal on iOS 17
        DecoderCase(id: "DC03", input: #"""
Cannot start load of Task <9B1D4C22-0E51-4F7A-8D2B-6C3E5A7F9012>.<1> since it does not conform to ATS policy
Task <9B1D4C22-0E51-4F7A-8D2B-6C3E5A7F9012>.<1> finished with error [-1022] Error Domain=NSURLErrorDomain Code=-1022 "The resource could not be loaded because the App Transport Security policy requires the use of a secure connection." UserInfo={NSErrorFailingURLStringKey=http://192.168.1.20:8080/status, NSErrorFailingURLKey=http://192.168.1.20:8080/status, NSLocalizedDescription=The resource could not be loaded because the App Transport Security policy requires the use of a secure connection.}
"""#,
                    codes: [("NSURLErrorDomain", -1022, "NSURLErrorAppTransportSecurityRequiresSecureConnection")],
                    atsEnforced: "yes", reasons: ["insecure-http"], command: .exactly("atscheck explain http://192.168.1.20:8080/status --policy Info.plist --target ios17"), notATS: false),
        // DC05 — Objective-C NSLog of an iOS 9 -1022 error
        DecoderCase(id: "DC05", input: #"""
2015-10-02 17:41:09.551 Legacy[301:60417] Error Domain=NSURLErrorDomain Code=-1022 "The resource could not be loaded because the App Transport Security policy requires the use of a secure connection." UserInfo=0x7f9c1a5b0e20 {NSErrorFailingURLStringKey=http://cdn.example.net/img/logo.png, NSErrorFailingURLKey=http://cdn.example.net/img/logo.png, NSLocalizedDescription=The resource could not be loaded because the App Transport Security policy requires the use of a secure connection., NSUnderlyingError=0x7f9c1a5a8d40 "The resource could not be loaded because the App Transport Security policy requires the use of a secure connection."}
"""#,
                    codes: [("NSURLErrorDomain", -1022, "NSURLErrorAppTransportSecurityRequiresSecureConnection")],
                    atsEnforced: "yes", reasons: ["insecure-http"], command: .exactly("atscheck explain http://cdn.example.net/img/logo.png --policy Info.plist --target ios9"), notATS: false),
        // DC07 — Crash-reporter dump: -9816 on cellular only
        DecoderCase(id: "DC07", input: #"""
"NSUnderlyingError": Error Domain=kCFErrorDomainCFNetwork Code=-1200 "(null)" UserInfo={_kCFStreamPropertySSLClientCertificateState=0, _kCFNetworkCFStreamSSLErrorOriginalValue=-9816, _kCFStreamErrorDomainKey=3, _kCFStreamErrorCodeKey=-9816, _NSURLErrorNWPathKey=satisfied (Path is satisfied), viable, interface: pdp_ip0[lte], ipv4, dns, expensive, uses cell}, "_kCFStreamErrorDomainKey": 3, "NSLocalizedDescription": An SSL error has occurred and a secure connection to the server cannot be made., "NSLocalizedRecoverySuggestion": Would you like to connect to the server anyway?
"""#,
                    codes: [("kCFErrorDomainCFNetwork", -1200, "kCFURLErrorSecureConnectionFailed"), ("kCFStreamErrorDomainSSL", -9816, "errSSLClosedNoNotify"), ("SSLClientCertificateState", 0, "kSSLClientCertNone")],
                    atsEnforced: "unknown", reasons: ["connection-failed", "tls-version-too-low", "cipher-suite-not-allowed"], command: .exactly("atscheck host https://HOST/ --policy Info.plist"), notATS: false),
        // DC09 — iOS 15: strict TLS trust failure after enabling ATS
        DecoderCase(id: "DC09", input: #"""
2022-03-30 03:23:17.511459+0300 App[10271:4471591] Connection 77: strict TLS Trust evaluation failed(-9802)
2022-03-30 03:23:17.511549+0300 App[10271:4471591] Connection 77: TLS Trust encountered error 3:-9802
2022-03-30 03:23:17.511629+0300 App[10271:4471591] Connection 77: encountered error(3:-9802)
2022-03-30 03:23:17.512571+0300 App[10271:4471591] Task <4F7E00BD-2CB7-4055-A8DF-69CD9F562800>.<54> HTTP load failed, 0/0 bytes (error code: -1200 [3:-9802])
"""#,
                    codes: [("NSURLErrorDomain", -1200, "NSURLErrorSecureConnectionFailed"), ("kCFStreamErrorDomainSSL", -9802, "errSSLFatalAlert")],
                    atsEnforced: "yes", reasons: ["cert-untrusted", "cert-validity-too-long", "ct-required", "cert-incomplete-chain"], command: .exactly("atscheck host https://HOST/ --policy Info.plist"), notATS: false),
        // DC11 — iOS 11: TIC trust error, -9813, arbitrary loads on
        DecoderCase(id: "DC11", input: #"""
2018-03-26 18:02:48.043555+0800 Huetest[8125:257947] TIC SSL Trust Error [1:0x60c00016a8c0]: 3:0
2018-03-26 18:02:48.044128+0800 Huetest[8125:257947] NSURLSession/NSURLConnection HTTP load failed (kCFStreamErrorDomainSSL, -9813)
2018-03-26 18:02:48.044363+0800 Huetest[8125:257947] Task <D2DFB085-554D-41C5-87C1-2F3E9A069F60>.<1> HTTP load failed (error code: -1202 [3:-9813])
2018-03-26 18:02:48.044559+0800 Huetest[8125:257945] Task <D2DFB085-554D-41C5-87C1-2F3E9A069F60>.<1> finished with error - code: -1202
"""#,
                    codes: [("NSURLErrorDomain", -1202, "NSURLErrorServerCertificateUntrusted"), ("kCFStreamErrorDomainSSL", -9813, "errSSLNoRootCert")],
                    atsEnforced: "no", reasons: ["cert-untrusted", "cert-incomplete-chain"], command: .exactly("atscheck host https://HOST/ --policy Info.plist --target ios11"), notATS: false),
        // DC13 — SecTrustEvaluateWithError: not trusted
        DecoderCase(id: "DC13", input: #"""
trust failed: Error Domain=NSOSStatusErrorDomain Code=-67843 "“devbox.example.test” certificate is not trusted" UserInfo={NSLocalizedDescription=“devbox.example.test” certificate is not trusted, NSUnderlyingError=0x6000017a4c60 {Error Domain=NSOSStatusErrorDomain Code=-67843 "Certificate 0 “devbox.example.test” has errors: Root is not trusted;" UserInfo={NSLocalizedDescription=Certificate 0 “devbox.example.test” has errors: Root is not trusted;}}}
"""#,
                    codes: [("NSOSStatusErrorDomain", -67843, "errSecNotTrusted")],
                    atsEnforced: "n/a", reasons: ["cert-untrusted"], command: .startingWith("atscheck cert "), notATS: false),
        // DC15 — SecTrust: expired intermediate
        DecoderCase(id: "DC15", input: #"""
Error Domain=NSOSStatusErrorDomain Code=-67818 "“R3” certificate is expired" UserInfo={NSLocalizedDescription=“R3” certificate is expired, NSUnderlyingError=0x6000030a8f30 {Error Domain=NSOSStatusErrorDomain Code=-67818 "Certificate 1 “R3” has errors: Certificate is not temporally valid;" UserInfo={NSLocalizedDescription=Certificate 1 “R3” has errors: Certificate is not temporally valid;}}}
"""#,
                    codes: [("NSOSStatusErrorDomain", -67818, "errSecCertificateExpired")],
                    atsEnforced: "n/a", reasons: ["cert-expired"], command: .exactly("atscheck host https://HOST/ --policy Info.plist"), notATS: false),
        // DC17 — SecTrust: missing intermediate
        DecoderCase(id: "DC17", input: #"""
Error Domain=NSOSStatusErrorDomain Code=-25318 "“shop.example.com” certificate is not trusted" UserInfo={NSLocalizedDescription=“shop.example.com” certificate is not trusted, NSUnderlyingError=0x600001f4b2a0 {Error Domain=NSOSStatusErrorDomain Code=-25318 "Certificate 0 “shop.example.com” has errors: Unable to build chain to root (possible missing intermediate);" UserInfo={NSLocalizedDescription=Certificate 0 “shop.example.com” has errors: Unable to build chain to root (possible missing intermediate);}}}
"""#,
                    codes: [("NSOSStatusErrorDomain", -25318, "errSecCreateChainFailed")],
                    atsEnforced: "n/a", reasons: ["cert-incomplete-chain"], command: .exactly("atscheck host https://shop.example.com/ --policy Info.plist"), notATS: false),
        // DC19 — SecTrust: "not standards compliant", Certificate Transparency
        DecoderCase(id: "DC19", input: #"""
Error Domain=NSOSStatusErrorDomain Code=-67825 "“login.example.com” certificate is not standards compliant" UserInfo={NSLocalizedDescription=“login.example.com” certificate is not standards compliant, NSUnderlyingError=0x6000005c3a20 {Error Domain=NSOSStatusErrorDomain Code=-67825 "Certificate 0 “login.example.com” has errors: Certificate Transparency validation required for this use;" UserInfo={NSLocalizedDescription=Certificate 0 “login.example.com” has errors: Certificate Transparency validation required for this use;}}}
"""#,
                    codes: [("NSOSStatusErrorDomain", -67825, "errSecVerifyActionFailed")],
                    atsEnforced: "n/a", reasons: ["ct-required"], command: .exactly("atscheck host https://login.example.com/ --policy Info.plist"), notATS: false),
        // DC21 — iOS 13 quirk: key-size failure worded as pinning
        DecoderCase(id: "DC21", input: #"""
Error Domain=NSOSStatusErrorDomain Code=-67735 "\"legacy.example.com\",\"Example Legacy CA\" certificates do not meet pinning requirements" UserInfo={NSLocalizedDescription="legacy.example.com","Example Legacy CA" certificates do not meet pinning requirements, NSUnderlyingError=0x600003d0a4b0 {Error Domain=NSOSStatusErrorDomain Code=-67735 "Certificate 0 “legacy.example.com” has errors: Key size is not permitted for this use;" UserInfo={NSLocalizedDescription=Certificate 0 “legacy.example.com” has errors: Key size is not permitted for this use;}}}
"""#,
                    codes: [("NSOSStatusErrorDomain", -67735, "errSecUnsupportedKeySize")],
                    atsEnforced: "n/a", reasons: ["cert-weak-key"], command: .exactly("atscheck host https://legacy.example.com/ --policy Info.plist --target ios13"), notATS: false),
        // DC23 — SecTrust: revoked
        DecoderCase(id: "DC23", input: #"""
Error Domain=NSOSStatusErrorDomain Code=-67820 "“pay.example.com” certificate is revoked" UserInfo={NSLocalizedDescription=“pay.example.com” certificate is revoked, NSUnderlyingError=0x6000027c8e70 {Error Domain=NSOSStatusErrorDomain Code=-67820 "Certificate 0 “pay.example.com” has errors: Certificate is revoked;" UserInfo={NSLocalizedDescription=Certificate 0 “pay.example.com” has errors: Certificate is revoked;}}}
"""#,
                    codes: [("NSOSStatusErrorDomain", -67820, "errSecCertificateRevoked")],
                    atsEnforced: "n/a", reasons: ["cert-revoked"], command: .exactly("atscheck host https://pay.example.com/ --policy Info.plist"), notATS: false),
        // DC25 — URLSession pin failure with trust detail
        DecoderCase(id: "DC25", input: #"""
Trust evaluate failure: [leaf LeafSPKISHA256]
Connection 2: strict TLS Trust evaluation failed(-9802)
Connection 2: TLS Trust encountered error 3:-9802
Task <A8F3C2D1-5E6B-4C7D-8E9F-0A1B2C3D4E5F>.<1> finished with error [-1200] Error Domain=NSURLErrorDomain Code=-1200 "An SSL error has occurred and a secure connection to the server cannot be made." UserInfo={NSLocalizedRecoverySuggestion=Would you like to connect to the server anyway?, _kCFStreamErrorDomainKey=3, _kCFStreamErrorCodeKey=-9802, NSErrorFailingURLStringKey=https://api.example.com/v1/me}
"""#,
                    codes: [("NSURLErrorDomain", -1200, "NSURLErrorSecureConnectionFailed"), ("kCFStreamErrorDomainSSL", -9802, "errSSLFatalAlert")],
                    atsEnforced: "yes", reasons: ["pin-mismatch"], command: .exactly("atscheck host https://api.example.com/v1/me --policy Info.plist"), notATS: false),
        // DC27 — iOS 13 WebSocket: the app rejected the certificate
        DecoderCase(id: "DC27", input: #"""
2020-04-29 16:18:03.501170-0700 [BoringSSL] boringssl_context_handle_fatal_alert(1873) [C12.1:1][0x1151122e0] write alert, level: fatal, description: certificate unknown
2020-04-29 16:18:03.501366-0700 [BoringSSL] boringssl_context_error_print(1863) boringssl ctx 0x282eb41b0: 4450062232:error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED:/AppleInternal/BuildRoot/Library/Caches/com.apple.xbs/Sources/boringssl/boringssl-283.102.1/ssl/handshake.cc:369:
2020-04-29 16:18:03.510837-0700 [BoringSSL] nw_protocol_boringssl_handshake_negotiate_proceed(726) [C12.1:1][0x1151122e0] handshake failed at state 12288
   error: Optional("The operation couldn’t be completed. (NETWORK.NWERROR error 2.)")
"""#,
                    codes: [("TLS alert", 46, "certificate_unknown"), ("BoringSSL", 125, "CERTIFICATE_VERIFY_FAILED"), ("Network.NWError", 2, "tls")],
                    atsEnforced: "unknown", reasons: ["cert-incomplete-chain", "cert-untrusted", "cert-hostname-mismatch", "cert-expired"], command: .exactly("atscheck host HOST:443 --policy Info.plist"), notATS: false),
        // DC29 — the server rejected the client certificate (mTLS)
        DecoderCase(id: "DC29", input: #"""
[BoringSSL] boringssl_context_handle_fatal_alert(1872) [C1:2][0x1016266a0] read alert, level: fatal, description: bad certificate
[BoringSSL] boringssl_session_handshake_error_print(111) [C1:2][0x1016266a0] 4317227128:error:10000412:SSL routines:OPENSSL_internal:SSLV3_ALERT_BAD_CERTIFICATE:/BuildRoot/Library/Caches/com.apple.xbs/Sources/boringssl/boringssl-283.60.3/ssl/tls_record.cc:587:SSL alert number 42
[BoringSSL] nw_protocol_boringssl_handshake_negotiate_proceed(726) [C1:2][0x1016266a0] handshake failed at state 12288
"""#,
                    codes: [("TLS alert", 42, "bad_certificate"), ("BoringSSL", 1042, "SSLV3_ALERT_BAD_CERTIFICATE")],
                    atsEnforced: "unknown", reasons: [], command: nil, notATS: true),
        // DC31 — -1206 client certificate required
        DecoderCase(id: "DC31", input: #"""
Task <B7A2C1D0-3E4F-4A5B-9C8D-7E6F5A4B3C2D>.<5> load failed with error Error Domain=NSURLErrorDomain Code=-1206 "The server “vpn.example.com” requires a client certificate." UserInfo={NSLocalizedDescription=The server “vpn.example.com” requires a client certificate., NSErrorFailingURLStringKey=https://vpn.example.com/api, NSUnderlyingError=0x6000014344e0 {Error Domain=kCFErrorDomainCFNetwork Code=-1206 "(null)"}} [-1206]
"""#,
                    codes: [("NSURLErrorDomain", -1206, "NSURLErrorClientCertificateRequired"), ("kCFErrorDomainCFNetwork", -1206, "kCFURLErrorClientCertificateRequired")],
                    atsEnforced: "unknown", reasons: [], command: nil, notATS: true),
        // DC33 — server supports no offered TLS version
        DecoderCase(id: "DC33", input: #"""
[boringssl] boringssl_context_handle_fatal_alert(1991) [C5.1:2][0x7f8e1c40d2b0] read alert, level: fatal, description: protocol version
[boringssl] boringssl_context_error_print(1981) [C5.1:2][0x7f8e1c40d2b0] Error: 140230411118424:error:1000042e:SSL routines:OPENSSL_internal:TLSV1_ALERT_PROTOCOL_VERSION:/AppleInternal/Library/BuildRoots/Library/Caches/com.apple.xbs/Sources/boringssl/ssl/tls_record.cc:592:SSL alert number 70
Connection 5: encountered error(3:-9836)
"""#,
                    codes: [("TLS alert", 70, "protocol_version"), ("BoringSSL", 1070, "TLSV1_ALERT_PROTOCOL_VERSION"), ("kCFStreamErrorDomainSSL", -9836, "errSSLPeerProtocolVersion")],
                    atsEnforced: "unknown", reasons: ["tls-version-too-low"], command: .exactly("atscheck host https://HOST/ --policy Info.plist"), notATS: false),
        // DC35 — the same, reported as -9836 (2023 shape)
        DecoderCase(id: "DC35", input: #"""
2023-08-23 19:29:40.000309+0800 AppRTCMobile[95769:4394539] Connection 5: encountered error(3:-9836)
2023-08-23 19:29:40.005261+0800 AppRTCMobile[95769:4394539] [boringssl] boringssl_context_handle_fatal_alert(1991) [C6:2][0x7fafd3e0f490] write alert, level: fatal, description: protocol version
2023-08-23 19:29:40.005368+0800 AppRTCMobile[95769:4394539] [boringssl] boringssl_context_error_print(1981) [C6:2][0x7fafd3e0f490] Error: 140393144552840:error:100000f7:SSL routines:OPENSSL_internal:WRONG_VERSION_NUMBER:/AppleInternal/Library/BuildRoots/Library/Caches/com.apple.xbs/Sources/boringssl/ssl/tls_record.cc:242:
Error Domain=NSURLErrorDomain Code=-1200 "An SSL error has occurred and a secure connection to the server cannot be made." UserInfo={NSErrorFailingURLStringKey=https://127.0.0.1:8080/join/room1, _kCFStreamErrorCodeKey=-9836, _kCFStreamErrorDomainKey=3}
"""#,
                    codes: [("NSURLErrorDomain", -1200, "NSURLErrorSecureConnectionFailed"), ("kCFStreamErrorDomainSSL", -9836, "errSSLPeerProtocolVersion"), ("TLS alert", 70, "protocol_version"), ("BoringSSL", 247, "WRONG_VERSION_NUMBER")],
                    atsEnforced: "unknown", reasons: ["not-tls"], command: .exactly("atscheck host 127.0.0.1:8080"), notATS: false),
        // DC37 — certificate message too large
        DecoderCase(id: "DC37", input: #"""
[boringssl] boringssl_context_handle_fatal_alert(1991) [C9.1:2][0x7f9d3c20b1e0] write alert, level: fatal, description: illegal parameter
[boringssl] boringssl_context_error_print(1981) [C9.1:2][0x7f9d3c20b1e0] Error: 140301776213232:error:10000096:SSL routines:OPENSSL_internal:EXCESSIVE_MESSAGE_SIZE:/AppleInternal/Library/BuildRoots/Library/Caches/com.apple.xbs/Sources/boringssl/ssl/s3_both.cc:434:
"""#,
                    codes: [("TLS alert", 47, "illegal_parameter"), ("BoringSSL", 150, "EXCESSIVE_MESSAGE_SIZE")],
                    atsEnforced: "unknown", reasons: ["chain-too-large"], command: .exactly("atscheck host https://HOST/ --policy Info.plist"), notATS: false),
        // DC39 — iOS 9: generic -9802 under ATS
        DecoderCase(id: "DC39", input: #"""
2015-09-28 14:03:55.270 ShopApp[412:72011] NSURLSession/NSURLConnection HTTP load failed (kCFStreamErrorDomainSSL, -9802)
2015-09-28 14:03:55.274 ShopApp[412:72011] Error Domain=NSURLErrorDomain Code=-1200 "An SSL error has occurred and a secure connection to the server cannot be made." UserInfo=0x15e93a40 {NSLocalizedRecoverySuggestion=Would you like to connect to the server anyway?, _kCFStreamErrorCodeKey=-9802, NSErrorFailingURLStringKey=https://static.example.com/catalog.json, _kCFStreamErrorDomainKey=3, NSLocalizedDescription=An SSL error has occurred and a secure connection to the server cannot be made.}
"""#,
                    codes: [("NSURLErrorDomain", -1200, "NSURLErrorSecureConnectionFailed"), ("kCFStreamErrorDomainSSL", -9802, "errSSLFatalAlert")],
                    atsEnforced: "yes", reasons: ["cert-weak-signature", "no-forward-secrecy", "tls-version-too-low", "cert-weak-key"], command: .exactly("atscheck host https://static.example.com/catalog.json --policy Info.plist --target ios9"), notATS: false),
        // DC41 — iOS 9: closed by error during the handshake
        DecoderCase(id: "DC41", input: #"""
2015-10-26 17:04:45.540 AppTest[19598:801348] CFNetwork SSLHandshake failed (-9806)
2015-10-26 17:04:45.541 AppTest[19598:801348] NSURLSession/NSURLConnection HTTP load failed (kCFStreamErrorDomainSSL, -9806)
Error Domain=NSURLErrorDomain Code=-1200 "An SSL error has occurred and a secure connection to the server cannot be made." UserInfo={_kCFStreamErrorCodeKey=-9806, NSLocalizedRecoverySuggestion=Would you like to connect to the server anyway?, _kCFStreamErrorDomainKey=3}
"""#,
                    codes: [("NSURLErrorDomain", -1200, "NSURLErrorSecureConnectionFailed"), ("kCFStreamErrorDomainSSL", -9806, "errSSLClosedAbort")],
                    atsEnforced: "unknown", reasons: ["cipher-suite-not-allowed", "tls-version-too-low", "connection-failed", "not-tls"], command: .exactly("atscheck host https://HOST/ --policy Info.plist --target ios9"), notATS: false),
        // DC43 — iOS 9: expired certificate
        DecoderCase(id: "DC43", input: #"""
2016-02-04 19:01:22.526 Synco[237:6469] NSURLSession/NSURLConnection HTTP load failed (kCFStreamErrorDomainSSL, -9814)
"""#,
                    codes: [("kCFStreamErrorDomainSSL", -9814, "errSSLCertExpired")],
                    atsEnforced: "unknown", reasons: ["cert-expired"], command: .exactly("atscheck host https://HOST/ --policy Info.plist --target ios9"), notATS: false),
        // DC45 — connection refused
        DecoderCase(id: "DC45", input: #"""
Task <16CC39E2-04EB-489C-8F42-5051188AE9FC>.<1> finished with error [-1004] Error Domain=NSURLErrorDomain Code=-1004 "Could not connect to the server." UserInfo={_kCFStreamErrorCodeKey=61, NSUnderlyingError=0x283d68810 {Error Domain=kCFErrorDomainCFNetwork Code=-1004 "(null)" UserInfo={_NSURLErrorNWPathKey=satisfied (Path is satisfied), viable, interface: en0[802.11], _kCFStreamErrorCodeKey=61, _kCFStreamErrorDomainKey=1}}, NSErrorFailingURLStringKey=https://api.example.com:8443/v1/ping, _kCFStreamErrorDomainKey=1}
"""#,
                    codes: [("NSURLErrorDomain", -1004, "NSURLErrorCannotConnectToHost"), ("kCFStreamErrorDomainPOSIX", 61, "ECONNREFUSED")],
                    atsEnforced: "unknown", reasons: ["connection-failed"], command: .exactly("atscheck host api.example.com:8443"), notATS: false),
        // DC47 — async-http-client over Network.framework (NIOTS)
        DecoderCase(id: "DC47", input: #"""
Request failed: -9808: Optional(bad certificate format)
"""#,
                    codes: [("kCFStreamErrorDomainSSL", -9808, "errSSLBadCert")],
                    atsEnforced: "n/a", reasons: ["cert-untrusted"], command: .exactly("atscheck host HOST:PORT"), notATS: false),
    ]
}
