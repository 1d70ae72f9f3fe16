import ATSCertificates
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a lab reads its certificates and keys (``TLSLab/certificateFiles``, by paths such as
/// `keys/leaf-good-rsa.key`): the copy compiled into ATSLab, or a directory laid out like
/// `TestCerts`.
enum LabCertificateSource: Sendable {
    /// `Sources/ATSLab/Certificates`, compiled in (`EmbeddedCertificates`).
    case embedded
    /// A directory given by the caller (`atscheck lab --certs DIR`).
    case directory(URL)

    /// Where `file` is, for messages: its path in the directory, or its name.
    func location(_ file: String) -> String {
        switch self {
        case .embedded: return file
        case .directory(let directory): return directory.appendingPathComponent(file).path
        }
    }

    /// The bytes of `file`.
    func read(_ file: String) throws(LabError) -> Data {
        switch self {
        case .embedded:
            guard let embedded = EmbeddedCertificates.file(file) else {
                throw LabError("\(file) is not among the lab's embedded certificate files")
            }
            return embedded.data
        case .directory:
            do {
                return try RegularFile.read(atPath: location(file), limit: CertificateLoader.maximumFileBytes)
            } catch {
                throw LabError("\(location(file)): \(error.description)")
            }
        }
    }

    /// Throws unless the source is embedded or its directory exists.
    func checkExists() throws(LabError) {
        guard case .directory(let directory) = self else { return }
        guard FileKind.of(directory.path, followingLinks: true) == .directory else {
            throw LabError("certificate directory \(directory.path) not found (it must hold the lab's certificates and keys, as TestCerts does)")
        }
    }

    /// The lab root's file, for clients to trust: `root.pem` in the directory, or for the
    /// embedded copy a file written from it (``LabRootCAFile``).
    func rootCAFile() throws(LabError) -> URL {
        switch self {
        case .embedded: return try LabRootCAFile.write(try read("root.pem"))
        case .directory(let directory): return directory.appendingPathComponent("root.pem")
        }
    }
}
