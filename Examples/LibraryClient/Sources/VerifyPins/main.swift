import ATSCertificates
import ATSPinning
import ATSPinningLoaders
import ATSPinningOpenSSL
import ATSPolicy
import Foundation

// The check a custom proxy makes on each upstream connection before it forwards a byte: does
// the chain the server sent satisfy the app's NSPinnedDomains?
// (`VerifyPins Info.plist HOST chain.pem`, the chain leaf first as the server sent it.)
let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    print("usage: VerifyPins Info.plist HOST chain.pem")
    exit(2)
}
let document = try PlistReader.read(contentsOf: URL(fileURLWithPath: arguments[1]))
let loaded = PinPolicy.fromATS(AppTransportSecurity(document: document))
for problem in loaded.problems { print("pin configuration:", problem) }
// Build the verifier once and share it: it is immutable and indexes the policies' keys.
let verifier = PinVerifier(loaded.policies)
let chain = try CertificateLoader.load(atPath: arguments[3])
switch verifier.evaluate(host: arguments[2], chain: chain, at: Date()) {
case .notPinned:
    print("not pinned: no NSPinnedDomains entry covers", arguments[2])
case .matched(let pin, let index):
    print("pinned: certificate \(index) matches \(pin)")
case .mismatch(let expected, let seen):
    print("refuse: no pin matches; expected one of \(expected), the chain has \(seen)")
    exit(1)
case .reportOnlyMismatch(let expected, let seen):
    print("report only: expected one of \(expected), the chain has \(seen)")
}
