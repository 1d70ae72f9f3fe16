import AtscheckTestSupport
import ATSLab
import Foundation
import Testing

/// `Sources/ATSLab/Certificates` (the ATSLab resource `atscheck lab` serves when installed)
/// is an exact copy of the TestCerts files the lab uses, so the two cannot drift apart.
/// Refresh it with `bash TestCerts/copy-lab-certificates.sh` (generate.sh runs it).
@Suite("Repository: the lab's bundled certificates equal TestCerts")
struct LabCertificateCopyTests {
    static let copy = RepositoryLayout.packageRoot.appendingPathComponent("Sources/ATSLab/Certificates", isDirectory: true)

    /// Every regular file under `directory`, relative to it.
    static func files(under directory: URL) throws -> Set<String> {
        let enumerator = try #require(FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]))
        var files: Set<String> = []
        for case let url as URL in enumerator where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            files.insert(String(url.standardizedFileURL.path.dropFirst(directory.standardizedFileURL.path.count + 1)))
        }
        return files
    }

    @Test("the copy holds exactly the files the lab reads")
    func sameFileSet() throws {
        #expect(TLSLab.certificateFiles.count >= 20, "\(TLSLab.certificateFiles)")
        #expect(try Self.files(under: Self.copy) == Set(TLSLab.certificateFiles))
    }

    @Test("every copied file is byte-identical to TestCerts and no symlink", arguments: TLSLab.certificateFiles)
    func identical(_ file: String) throws {
        let copied = Self.copy.appendingPathComponent(file)
        let attributes = try FileManager.default.attributesOfItem(atPath: copied.path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular, "\(file) must be a copy, not a link")
        #expect(try Data(contentsOf: copied) == (try Data(contentsOf: RepositoryLayout.testCerts.appendingPathComponent(file))),
                "\(file) differs from TestCerts/\(file): run bash TestCerts/copy-lab-certificates.sh")
    }

    @Test("the library's default directory is the bundled copy, not the checkout")
    func defaultDirectoryIsBundled() throws {
        let directory = TLSLab.defaultCertificateDirectory.standardizedFileURL.path
        #expect(directory.hasSuffix("/Certificates"), "\(directory)")
        #expect(!directory.hasPrefix(RepositoryLayout.packageRoot.standardizedFileURL.path + "/Sources"), "\(directory)")
        for file in TLSLab.certificateFiles {
            #expect(try Data(contentsOf: TLSLab.defaultCertificateDirectory.appendingPathComponent(file))
                    == (try Data(contentsOf: Self.copy.appendingPathComponent(file))), "\(file)")
        }
    }
}
