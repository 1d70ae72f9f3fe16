import ATSLab
import ATSTrustData
import AtscheckSystem
import AtscheckTestSupport
import Foundation
import Testing

/// The data folders compiled into ATSTrustData and ATSLab by `Scripts/embed-resources.py`:
/// every file is embedded, with the bytes it has in the repository, and no target declares
/// SwiftPM resources (whose `Bundle.module` accessor links classic Foundation into every
/// process and ties the binary to a `*.resources` folder).
@Suite("Repository: the embedded data files equal their sources")
struct EmbeddedResourceTests {
    /// A data folder and the generated index of its embedded copy.
    struct Folder: Sendable, CustomStringConvertible {
        let path: String
        let embeddedPaths: [String]
        let embedded: @Sendable (String) -> EmbeddedFile?
        var description: String { path }
    }

    static let folders = [
        Folder(path: "Sources/ATSTrustData/Snapshots", embeddedPaths: EmbeddedSnapshots.paths, embedded: EmbeddedSnapshots.file),
        Folder(path: "Sources/ATSLab/Certificates", embeddedPaths: EmbeddedCertificates.paths, embedded: EmbeddedCertificates.file),
    ]

    static let regenerate = "run python3 Scripts/embed-resources.py"

    @Test("every file of the folder is embedded, and nothing else", arguments: folders)
    func sameFiles(_ folder: Folder) throws {
        let files = try RepositoryFiles.regularFiles(under: [folder.path]).map { String($0.dropFirst(folder.path.count + 1)) }
        #expect(files.count >= 13, "\(files)")
        #expect(folder.embeddedPaths == files.sorted(), "\(Self.regenerate)")
    }

    @Test("every embedded file has the bytes of its source file", arguments: folders)
    func sameBytes(_ folder: Folder) throws {
        for path in folder.embeddedPaths {
            let source = try Data(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("\(folder.path)/\(path)"))
            let embedded = try #require(folder.embedded(path), "\(path) is listed but not found")
            #expect(embedded.data == source, "\(folder.path)/\(path) differs from its embedded copy: \(Self.regenerate)")
        }
    }

    @Test("binary files are embedded too (as base64), and a path that is not embedded is nil")
    func binaryAndMissing() throws {
        let sctList = try #require(EmbeddedCertificates.file("ct-test-logs-good-rsa.sctlist"))
        #expect(sctList.encoding == .base64)
        #expect(EmbeddedCertificates.file("root.pem")?.encoding == .text)
        #expect(EmbeddedCertificates.file("missing.pem") == nil)
        #expect(EmbeddedSnapshots.file("security_certificates-0/roots.pem") == nil)
    }

    @Test("Package.swift declares no resources")
    func noResources() throws {
        let manifest = try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.range(of: #"resources:\s*\["#, options: .regularExpression) == nil,
                "a target with resources gets Bundle.module, which links classic Foundation into atscheck")
    }
}
