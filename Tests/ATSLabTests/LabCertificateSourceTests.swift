import ATSCertificates
import AtscheckTestSupport
import Foundation
import Testing
@testable import ATSLab
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a lab's certificates come from: the copy compiled into ATSLab (the default, whose root
/// CA the lab writes to a per-user file for clients), or a directory such as TestCerts.
@Suite("Lab certificates: compiled in, or from a directory")
struct LabCertificateSourceTests {
    @Test("a lab without a directory serves the compiled-in copy and names one per-user root CA file")
    func embedded() throws {
        let lab = try TLSLab(profiles: [.goodRSA])
        defer { lab.stop() }
        #expect(lab.certificateDirectory == nil)
        #expect(lab.rootCAFile.path.hasPrefix(LabRootCAFile.defaultBase), "\(lab.rootCAFile.path)")
        #expect(lab.rootCAFile.path.hasSuffix("/atscheck-lab-\(geteuid())/root.pem"), "\(lab.rootCAFile.path)")
        #expect(try Data(contentsOf: lab.rootCAFile) == (try TLSLab.embeddedCertificateFile("root.pem")))
        let other = try TLSLab(profiles: [.plainHTTP])
        defer { other.stop() }
        #expect(other.rootCAFile == lab.rootCAFile)
    }

    @Test("a lab on a directory (TestCerts) loads every TLS profile from it, serves its chain and names its root.pem")
    func directory() async throws {
        let lab = try TLSLab(profiles: LabProfile.allCases.filter(\.speaksTLS), certificateDirectory: RepositoryLayout.testCerts)
        defer { lab.stop() }
        #expect(lab.certificateDirectory == RepositoryLayout.testCerts)
        #expect(lab.rootCAFile == RepositoryLayout.testCerts.appendingPathComponent("root.pem"))
        let endpoint = try #require(lab.endpoint(.goodRSA))
        let served = try CertificateLoader.parse(Data(try await SClient.servedChainPEM(endpoint).utf8))
        let expected = try CertificateLoader.load(contentsOf: RepositoryLayout.testCerts.appendingPathComponent("leaf-good-rsa.pem"))
        #expect(served.map(\.der) == expected.map(\.der))
    }

    @Test("a file that is not compiled in is a LabError naming it, not a crash")
    func unknownFile() {
        #expect { try TLSLab.embeddedCertificateFile("keys/nothing.key") } throws: { error in
            "\(error)".contains("keys/nothing.key")
        }
    }

    @Test("the root CA file is written once, rewritten when it differs, and refused in a directory others may write")
    func rootCAFile() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("labroot-\(UUID().uuidString)").path
        #expect(mkdir(base, 0o755) == 0)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let directory = "\(base)/atscheck-lab-\(geteuid())"

        let file = try LabRootCAFile.write(Data("one\n".utf8), base: base)
        #expect(file.path == directory + "/root.pem")
        #expect(try Data(contentsOf: file) == Data("one\n".utf8))
        var status = stat()
        #expect(stat(directory, &status) == 0 && status.st_mode & 0o777 == 0o700)
        #expect(stat(file.path, &status) == 0)
        let inode = status.st_ino

        _ = try LabRootCAFile.write(Data("one\n".utf8), base: base + "/")
        #expect(stat(file.path, &status) == 0 && status.st_ino == inode, "the same bytes are not written again")
        _ = try LabRootCAFile.write(Data("two\n".utf8), base: base)
        #expect(try Data(contentsOf: file) == Data("two\n".utf8))

        #expect(chmod(directory, 0o777) == 0)
        #expect { try LabRootCAFile.write(Data("two\n".utf8), base: base) } throws: { error in "\(error)".contains(directory) }
        #expect(chmod(directory, 0o700) == 0)

        // A link planted where the directory goes is refused, not followed.
        let elsewhere = "\(base)/elsewhere"
        #expect(mkdir(elsewhere, 0o700) == 0)
        try FileManager.default.removeItem(atPath: directory)
        #expect(symlink(elsewhere, directory) == 0)
        #expect { try LabRootCAFile.write(Data("two\n".utf8), base: base) } throws: { error in "\(error)".contains(directory) }
        #expect(access(elsewhere + "/root.pem", F_OK) != 0)
    }
}
