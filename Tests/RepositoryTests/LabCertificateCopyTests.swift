import AtscheckTestSupport
import ATSLab
import Foundation
import Testing

/// `Sources/ATSLab/Certificates` (compiled into ATSLab: what `atscheck lab` serves) is an exact
/// copy of the TestCerts files the lab uses, so the two cannot drift apart. Refresh it with
/// `bash TestCerts/copy-lab-certificates.sh` (generate.sh runs it).
@Suite("Repository: the lab's compiled-in certificates equal TestCerts")
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

    @Test("a lab started without a directory serves the compiled-in copy of these files")
    func servesCompiledInCopy() throws {
        for file in TLSLab.certificateFiles {
            #expect(try TLSLab.embeddedCertificateFile(file) == (try Data(contentsOf: Self.copy.appendingPathComponent(file))),
                    "\(file): run python3 Scripts/embed-resources.py")
        }
    }
}
