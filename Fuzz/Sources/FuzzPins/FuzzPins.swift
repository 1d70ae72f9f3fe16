import ATSPolicy
import Foundation
import ATSPinning
import ATSPinningLoaders

/// The pin loaders: the bytes as an Android network_security_config.xml, and as a property
/// list read as a TrustKit configuration and as an ATS NSPinnedDomains dictionary; then a
/// verifier built from whatever loaded.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPins(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(bytes: data, count: size)
    var policies = PinPolicy.fromAndroidNSC(xml: bytes).policies
    if let document = try? PlistReader.read(bytes) {
        policies += PinPolicy.fromTrustKit(document.root.value).policies
        policies += PinPolicy.fromATS(AppTransportSecurity(document: document)).policies
    }
    let verifier = PinVerifier(policies)
    for host in ["example.com", "a.example.com", "127.0.0.1"] { _ = verifier.policy(for: host) }
    return 0
}
