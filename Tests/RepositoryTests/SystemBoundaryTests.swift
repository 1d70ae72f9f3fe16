import AtscheckTestSupport
import Foundation
import Testing

/// Raw system and OpenSSL code stays in the targets made for it: sockets in ATSSocket (and
/// the probe and lab that drive OpenSSL over them), OpenSSL in its wrappers, libzip in
/// ATSArchive, libxml2 in ATSXML, libyaml in ATSYAML's reader, libcurl in ATSFetch and its C shim, libpsl and pthreads and descriptor writes in AtscheckSystem/SystemCalls.
/// The CLI sees Swift values only, so it builds the same on Linux and Darwin.
@Suite("Repository: system calls and unsafe pointers stay behind their targets")
struct SystemBoundaryTests {
    static let allowed = ["Sources/ATSCertificates/", "Sources/ATSProbe/", "Sources/ATSLab/", "Sources/ATSSocket/",
                          "Sources/CATSOpenSSLShims/", "Sources/ATSPinning/PinningSSLAdapter.swift", "Sources/ATSArchive/",
                          "Sources/ATSXML/", "Sources/ATSYAML/YAMLReader.swift", "Sources/AtscheckSystem/SystemCalls/",
                          "Sources/ATSFetch/", "Sources/CATSCurlShims/", "Sources/CATSPSLShims/"]
    static let pattern = #"import CATSOpenSSL|import CZip|import CLibXML2|import CYAML|import CATSCurlShims|import CCurl|import CATSPSLShims|import CPSL|OpaquePointer|Unsafe(Mutable)?(Raw)?Pointer|socket\(|poll\("#

    @Test("only the socket, probe, lab and OpenSSL wrapper sources use raw calls or unsafe pointers")
    func rawCodeIsConfined() throws {
        let expression = try NSRegularExpression(pattern: Self.pattern)
        var offenders: [String] = []
        for file in try RepositoryFiles.regularFiles(under: ["Sources"]) where !Self.allowed.contains(where: { file.hasPrefix($0) }) {
            let text = try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent(file), encoding: .utf8)
            if expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil { offenders.append(file) }
        }
        #expect(offenders == [])
    }

    @Test("the CLI never names Glibc (it must build on Darwin)")
    func cliIsPortable() throws {
        let files = try RepositoryFiles.regularFiles(under: ["Sources/AtscheckCLI"])
        #expect(!files.isEmpty)
        let offenders = try files.filter {
            try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent($0), encoding: .utf8).contains("Glibc")
        }
        #expect(offenders == [])
    }
}
