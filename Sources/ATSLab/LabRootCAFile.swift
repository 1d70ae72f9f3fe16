import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The file a lab serving its embedded certificates names as its root CA: clients (curl,
/// `atscheck host --ca-file`, a trust store) need a path, and the binary carries no files.
/// `$TMPDIR/atscheck-lab-<uid>/root.pem` (`/tmp` without `TMPDIR`): the same path on every run,
/// so a client configured once keeps working, in a directory only that user may write.
enum LabRootCAFile {
    /// Writes `root` to the file under `base` unless it already holds exactly these bytes;
    /// returns its URL.
    static func write(_ root: Data, base: String = defaultBase) throws(LabError) -> URL {
        let directory = try privateDirectory(base: base)
        let file = URL(fileURLWithPath: directory + "/root.pem")
        if (try? RegularFile.read(atPath: file.path, limit: root.count)) == root { return file }
        do {
            // Atomic (a temporary file renamed over it): labs starting at once never see half a file.
            try root.write(to: file, options: .atomic)
        } catch {
            throw LabError("cannot write the lab CA to \(file.path): \(error)")
        }
        return file
    }

    /// `$TMPDIR`, or `/tmp` without it.
    static var defaultBase: String {
        ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// `<base>/atscheck-lab-<uid>`, created if missing; refused unless it is a directory (not a
    /// link) of this user that no one else may write, as another user could have made it first.
    static func privateDirectory(base: String) throws(LabError) -> String {
        var base = base
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        let path = "\(base)/atscheck-lab-\(PrivateDirectory.userID)"
        do {
            try PrivateDirectory.ensure(path)
        } catch .cannotCreate(let message) {
            throw LabError("cannot create \(path) for the lab CA: \(message)")
        } catch {
            throw LabError("\(path) is not a directory of this user that only it may write; remove it to let the lab write its CA there")
        }
        return path
    }
}
