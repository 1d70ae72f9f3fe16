import ATSCertificates
import ATSTrustData
import Foundation

/// The TestCerts root, the only (user-installed) anchor, read once; the store is built per
/// input so that anything it leaks shows up as a per-input leak.
private let rootPEM: Data = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("TestCerts/root.pem")
    return (try? Data(contentsOf: root)) ?? Data()
}()
private let evaluationTime = Date(timeIntervalSince1970: 1_748_736_000)
/// Apple's newest roots and their index, read once; the lazy store over them is built per input.
private let appleRoots: (pem: Data, index: Data)? = try? (AppleTrustSnapshot.latest.rootsPEM(), AppleTrustSnapshot.latest.rootsIndex())

/// The certificate loader (PEM and DER through OpenSSL, PKCS#7 as caIssuers answers) and, for whatever loads, every field
/// accessor and the whole trust evaluation with Apple's rules, against the test root and against
/// Apple's roots found by subject as a chain names them (lazy_roots.c, whose references LSan checks).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCertificates(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    // What a caIssuers URL may answer: DER, PEM, or a PKCS#7 certs-only bundle.
    _ = CertificateLoader.parseIssuers(Data(bytes: data, count: size)).map(\.subject)
    guard let chain = try? CertificateLoader.parse(Data(bytes: data, count: size)), !chain.isEmpty else { return 0 }
    for certificate in chain {
        _ = (certificate.subject, certificate.issuer, certificate.subjectAlternativeNames, certificate.publicKey, certificate.validityDays,
             certificate.notBefore, certificate.notAfter, certificate.spkiSHA256, certificate.sha256Fingerprint)
    }
    let evaluator = TrustEvaluator(store: TrustStore(user: (try? CertificateLoader.parse(rootPEM)) ?? []))
    _ = evaluator.evaluate(chain, host: "good.atscheck.test", at: evaluationTime)
    _ = evaluator.evaluate(chain, host: "127.0.0.1", at: evaluationTime, ocspResponse: Data(bytes: data, count: min(size, 512)))
    if let appleRoots, let lazy = try? LazyRootSet(pem: appleRoots.pem, index: appleRoots.index) {
        _ = TrustEvaluator(store: TrustStore(lazySystem: lazy, user: chain.suffix(1))).evaluate(chain, host: "good.atscheck.test", at: evaluationTime)
    }
    return 0
}
