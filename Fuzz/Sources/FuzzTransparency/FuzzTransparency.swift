import ATSCertificates
import Foundation

/// A corpus chain with embedded SCTs (leaf, issuer), read once as bytes and decoded per input
/// (as the other targets do), so that the end-of-run leak check sees no long-lived certificate.
private let chainPEM: [UInt8] = {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/Corpus/certs/001-google.com-gts-wr2-chain-137-sans-sct.pem")
    return [UInt8]((try? Data(contentsOf: file)) ?? Data())
}()

/// Apple's newest log list, loaded once.
private let apple = SCTVerifier.appleLatest

/// Input starting with `{`: a CT log list (`CTLogList`, then, for a small list that parses,
/// OpenSSL's log store built from its keys). Anything else: one serialised SCT, verified as
/// embedded and as delivered over TLS for the corpus leaf against Apple's list, then judged by
/// `AppleCTPolicy` with the leaf's own SCTs, also as if the list were older than them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTransparency(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard let chain = try? CertificateLoader.parse(Data(chainPEM)), chain.count >= 2 else { return 0 }
    let leaf = chain[0], issuer = chain[1]
    let time = leaf.notBefore.addingTimeInterval(30 * 86_400)
    if bytes.first == UInt8(ascii: "{") {
        _ = try? CTLogListCache.validate([UInt8](bytes), name: "fuzz")  // what `atscheck update` checks before storing
        guard let list = try? CTLogList(json: bytes, name: "fuzz"), list.logs.count <= 8 else { return 0 }
        _ = try? SCTVerifier(logList: list).check(leaf.embeddedSCTs, leaf: leaf, issuer: issuer, at: time)
        return 0
    }
    let received = [SignedCertificateTimestamp(source: .embedded, bytes: bytes), SignedCertificateTimestamp(source: .tlsExtension, bytes: bytes),
                    SignedCertificateTimestamp(source: .ocspResponse, bytes: bytes)]
        + leaf.embeddedSCTs
    guard let checks = try? apple.check(received, leaf: leaf, issuer: issuer, at: time), let list = try? apple.logList else { return 0 }
    _ = AppleCTPolicy.evaluate(checks, leaf: leaf, at: time, logList: list).summary
    // The same SCTs against a list dated before them: the ct-log-list-outdated counting.
    _ = AppleCTPolicy.evaluate(checks, leaf: leaf, at: time, logListName: "old", published: leaf.notBefore.addingTimeInterval(-86_400)).listOutdated
    return 0
}
