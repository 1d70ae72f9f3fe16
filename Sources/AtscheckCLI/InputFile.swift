import ATSCertificates
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading the files named on the command line: regular files only, capped by size, with a
/// one-line `InputError` ("PATH: cannot read file (…)") otherwise.
enum InputFile {
    /// The most an OCSP response file may hold (real ones are a few kilobytes).
    static let ocspResponseLimit = 1 << 20

    static func read(_ path: String, limit: Int) throws -> Data {
        do {
            return try RegularFile.read(atPath: path, limit: limit)
        } catch {
            throw InputError(description: "\(path): \(error.description)")
        }
    }

    /// The certificates of a PEM or DER file (the loader caps and checks the file itself).
    static func certificates(_ path: String) throws -> [Certificate] {
        do {
            return try CertificateLoader.load(atPath: path)
        } catch {
            throw InputError(description: "\(path): \(error.description)")
        }
    }
}
