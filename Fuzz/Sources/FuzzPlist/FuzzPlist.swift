import ATSLint
import ATSPolicy
import Foundation

/// The plist reader with the ATS model, the linter and the resolver: every byte sequence must
/// give a document or a `PlistReadError`, and a document must lint and resolve without a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(bytes: data, count: size)
    let linter = Linter()
    _ = linter.lint(bytes, path: "fuzz.plist")
    guard let document = try? PlistReader.read(bytes) else { return 0 }
    let policy = AppTransportSecurity(document: document)
    for url in ["https://api.example.com/", "http://localhost/", "http://192.168.1.10/", "https://a.b.example.com./"] {
        for context in LoadContext.allCases {
            _ = try? ATSResolver.resolve(url, context: context, policy: policy)
        }
    }
    return 0
}
