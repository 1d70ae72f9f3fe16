import AtscheckSystem
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `RegularFile.read`: regular files only, refused by size before loading (issue 9: `lint`
/// hung on a FIFO; `cert` loaded 1 GB of zeros into 2.1 GB of memory before refusing it).
@Suite("RegularFile: bounded reads of regular files only")
struct RegularFileTests {
    /// A scratch directory removed when the test ends.
    final class Scratch {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("regularfile-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func file(_ name: String, _ bytes: [UInt8]) throws -> String {
            let file = path + "/" + name
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            return file
        }
    }

    @Test("a regular file is read whole, up to and including the limit")
    func reads() throws {
        let scratch = try Scratch()
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = try scratch.file("data", bytes)
        #expect(try RegularFile.read(atPath: path, limit: 10_000) == Data(bytes))
        #expect(try RegularFile.read(atPath: try scratch.file("empty", []), limit: 0) == Data())
        #expect(throws: FileReadError.tooLarge(size: 10_000, limit: 9_999)) { try RegularFile.read(atPath: path, limit: 9_999) }
    }

    @Test("a FIFO is refused at once, without blocking in open")
    func fifo() throws {
        let scratch = try Scratch()
        let path = scratch.path + "/fifo"
        try #require(mkfifo(path, 0o600) == 0)
        #expect(throws: FileReadError.notRegular(kind: "a FIFO")) { try RegularFile.read(atPath: path, limit: 1 << 20) }
    }

    @Test("devices, directories and missing files are refused with a true message")
    func otherKinds() throws {
        #expect(throws: FileReadError.notRegular(kind: "a character device")) { try RegularFile.read(atPath: "/dev/zero", limit: 1 << 20) }
        #expect(throws: FileReadError.directory) { try RegularFile.read(atPath: "/", limit: 1 << 20) }
        #expect(throws: FileReadError.system("No such file or directory")) {
            try RegularFile.read(atPath: "/nonexistent-\(UUID().uuidString)", limit: 1)
        }
        #expect(FileReadError.notRegular(kind: "a FIFO").description == "cannot read file (not a regular file: a FIFO)")
    }

    @Test("a file of 1 GiB is refused by its size, before any byte is loaded")
    func hugeSparseFile() throws {
        let scratch = try Scratch()
        let path = try scratch.file("sparse", [])
        try #require(truncate(path, 1 << 30) == 0, "a sparse 1 GiB file needs no disk space")
        #expect(throws: FileReadError.tooLarge(size: 1 << 30, limit: 8 << 20)) { try RegularFile.read(atPath: path, limit: 8 << 20) }
    }

    @Test("a symbolic link to a regular file is followed; one to a FIFO is refused")
    func symlinks() throws {
        let scratch = try Scratch()
        let target = try scratch.file("target", Array("hello".utf8))
        let link = scratch.path + "/link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(try RegularFile.read(atPath: link, limit: 100) == Data("hello".utf8))
        let fifo = scratch.path + "/fifo"
        try #require(mkfifo(fifo, 0o600) == 0)
        let fifoLink = scratch.path + "/fifo-link"
        try FileManager.default.createSymbolicLink(atPath: fifoLink, withDestinationPath: fifo)
        #expect(throws: FileReadError.notRegular(kind: "a FIFO")) { try RegularFile.read(atPath: fifoLink, limit: 100) }
    }
}
