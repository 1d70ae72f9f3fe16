import AtscheckTestSupport
import Foundation
import Testing

/// Raw system and C-library code stays in the files made for it: the system layer
/// (AtscheckSystem: every syscall, owning sockets, file reads, threads), the OpenSSL wrappers
/// and the probe, lab and pinning files that drive OpenSSL, libzip in ATSArchive, libxml2 in
/// ATSXML, libyaml in ATSYAML's reader, libcurl in ATSFetch. Everything else, the CLI
/// included, sees Swift values only, so it builds the same on Linux and Darwin.
///
/// Allowances are files, never folders: a new file in an allowed target is policed too. Swift
/// sources only: the C targets (`C*`, `CATS*Shims`) are the wrappers themselves.
@Suite("Repository: system calls and unsafe pointers stay behind their files")
struct SystemBoundaryTests {
    static let allowed: Set<String> = [
        // The system layer.
        "Sources/AtscheckSystem/FileStatus.swift",
        "Sources/AtscheckSystem/PathGlob.swift",
        "Sources/AtscheckSystem/RegularFile.swift",
        "Sources/AtscheckSystem/SystemProcess.swift",
        "Sources/AtscheckSystem/Sockets/Acceptor.swift",
        "Sources/AtscheckSystem/Sockets/Connect.swift",
        "Sources/AtscheckSystem/Sockets/Deadline.swift",
        "Sources/AtscheckSystem/Sockets/Listener.swift",
        "Sources/AtscheckSystem/Sockets/Platform.swift",
        "Sources/AtscheckSystem/Sockets/Poll.swift",
        "Sources/AtscheckSystem/Sockets/Resolver.swift",
        "Sources/AtscheckSystem/Sockets/Socket.swift",
        "Sources/AtscheckSystem/Sockets/SocketAddress.swift",
        "Sources/AtscheckSystem/Sockets/SocketError.swift",
        "Sources/AtscheckSystem/Sockets/SocketIO.swift",
        "Sources/AtscheckSystem/Sockets/Syscall.swift",
        "Sources/AtscheckSystem/Sockets/WakePipe.swift",
        "Sources/AtscheckSystem/SystemCalls/DetachedThread.swift",
        "Sources/AtscheckSystem/SystemCalls/DirectoryHandle.swift",
        "Sources/AtscheckSystem/SystemCalls/LibPSL.swift",
        "Sources/AtscheckSystem/SystemCalls/Lock.swift",
        "Sources/AtscheckSystem/SystemCalls/PrivateDirectory.swift",
        "Sources/AtscheckSystem/SystemCalls/SignalMask.swift",
        "Sources/AtscheckSystem/SystemCalls/StandardStreams.swift",
        "Sources/AtscheckSystem/SystemCalls/OutputFile.swift",
        // The one IP-literal parser, through inet_pton.
        "Sources/ATSVocabulary/IPAddress.swift",
        // OpenSSL wrappers.
        "Sources/ATSCertificates/CMSSignedContent.swift",
        "Sources/ATSCertificates/CertificateDecoder.swift",
        "Sources/ATSCertificates/CertificateLoader.swift",
        "Sources/ATSCertificates/Digest.swift",
        "Sources/ATSCertificates/HandshakeCertificate.swift",
        "Sources/ATSCertificates/HostnameMatcher.swift",
        "Sources/ATSCertificates/LazyRootSet.swift",
        "Sources/ATSCertificates/OCSPStatus.swift",
        "Sources/ATSCertificates/OpenSSLError.swift",
        "Sources/ATSCertificates/OpenSSLProcess.swift",
        "Sources/ATSCertificates/PathFailureKind.swift",
        "Sources/ATSCertificates/PathValidator.swift",
        "Sources/ATSCertificates/Transparency/SCTVerifier.swift",
        "Sources/ATSCertificates/TrustStore.swift",
        "Sources/ATSCertificates/X509Handle.swift",
        "Sources/ATSPinningOpenSSL/PinningSSLAdapter.swift",
        // The probe and the lab drive OpenSSL over the system layer's sockets.
        "Sources/ATSProbe/FailureClassifier.swift",
        "Sources/ATSProbe/OpenSSLClient.swift",
        "Sources/ATSProbe/PeerRecords.swift",
        "Sources/ATSProbe/ProbeEngine+ActiveProbe.swift",
        "Sources/ATSProbe/UsableProcessors.swift",
        "Sources/ATSLab/LabConnectionHandler.swift",
        "Sources/ATSLab/LabServerHelloOnly.swift",
        "Sources/ATSLab/LabTLSContext.swift",
        // libzip, libxml2, libyaml, libcurl.
        "Sources/ATSArchive/ArchiveReader.swift",
        "Sources/ATSXML/LibXML2Setup.swift",
        "Sources/ATSXML/XMLSAXParser+Callbacks.swift",
        "Sources/ATSXML/XMLSAXParser.swift",
        "Sources/ATSYAML/YAMLReader.swift",
        "Sources/ATSFetch/HTTPFetcher.swift",
    ]

    /// C modules, the platform C libraries, unsafe pointers, and the raw calls by name: bare
    /// `close(fd)` (one argument) and `write(fd, bytes, count)` (three unlabelled ones), so that
    /// Swift methods called close or write (`file.close()`, `write(value, pretty: true)`) pass.
    static let pattern = #"import CATSOpenSSL|import CATSSystemShims|import CZip|import CLibXML2|import CYAML|import CATSCurlShims|import CCurl|import CATSPSLShims|import CPSL|import (Glibc|Darwin|Musl)\b|\b(Glibc|Darwin|Musl)\.|OpaquePointer|Unsafe(Mutable)?(Raw)?Pointer|socket\(|poll\(|(?<![.\w])close\(\s*[\w.]+\s*\)|(?<![.\w])write\([^,:()]+,[^,:()]+,[^,:()]+\)|strerror|inet_pton"#

    static func isRaw(_ text: String) throws -> Bool {
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    static func sourceText(_ file: String) throws -> String {
        try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent(file), encoding: .utf8)
    }

    @Test("only the allowed files use raw calls, C modules or unsafe pointers")
    func rawCodeIsConfined() throws {
        var offenders: [String] = []
        for file in try RepositoryFiles.regularFiles(under: ["Sources"]) where file.hasSuffix(".swift") && !Self.allowed.contains(file) {
            if try Self.isRaw(Self.sourceText(file)) { offenders.append(file) }
        }
        #expect(offenders == [])
    }

    @Test("every allowance names an existing file that still needs it")
    func allowancesAreFilesInUse() throws {
        for file in Self.allowed.sorted() {
            var isDirectory: ObjCBool = false
            let path = RepositoryLayout.packageRoot.appendingPathComponent(file).path
            #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue, "\(file)")
            if !isDirectory.boolValue, FileManager.default.fileExists(atPath: path) {
                #expect(try Self.isRaw(Self.sourceText(file)), "\(file) no longer needs its allowance")
            }
        }
    }

    @Test("the matcher catches planted violations", arguments: [
        "import Glibc", "#if canImport(Darwin)\nimport Darwin\n#endif", "import Musl",
        "_ = close(fd)", "close(listener.fd)", "let n = write(fd, &byte, 1)", "_ = Glibc.close(fd)",
        "String(cString: strerror(errno))", "inet_pton(AF_INET, text, &address)",
        "let fd = socket(AF_INET, SOCK_STREAM, 0)", "poll(&fds, 1, -1)",
        "let p: UnsafeMutableRawPointer", "var ssl: OpaquePointer?", "import CATSOpenSSL", "import CATSSystemShims",
    ])
    func matcherCatchesViolations(planted: String) throws {
        #expect(try Self.isRaw("let a = 1\n\(planted)\nlet b = 2\n"))
    }

    @Test("the matcher lets Swift methods named close and write pass", arguments: [
        "handle.close()", "file.write(data)", "try write(value, pretty: true)", "close(start, at: index)",
        "func close() {", "public func close(_ reason: String)", "write(item)", "socket.shutdown(.both)",
        "import AtscheckSystem", "output.write(text)",
    ])
    func matcherPassesSwiftMethods(text: String) throws {
        #expect(try !Self.isRaw(text))
    }

    @Test("the CLI never names Glibc (it must build on Darwin)")
    func cliIsPortable() throws {
        let files = try RepositoryFiles.regularFiles(under: ["Sources/AtscheckCLI"])
        #expect(!files.isEmpty)
        let offenders = try files.filter { try Self.sourceText($0).contains("Glibc") }
        #expect(offenders == [])
    }
}
