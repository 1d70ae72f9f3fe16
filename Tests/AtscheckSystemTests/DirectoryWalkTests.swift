import AtscheckSystem
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `DirectoryWalk` goes through directory descriptors with names as bytes (issue 28): a name
/// that is not UTF-8 is walked and shown escaped, a file below a path over `PATH_MAX` is read,
/// and nothing is followed, opened or left out in silence. Real trees in a scratch folder.
@Suite("DirectoryWalk: names as bytes, openat below each directory, nothing followed or dropped")
struct DirectoryWalkTests {
    /// A scratch directory, open, removed with `rm -rf` (which walks with openat, so it
    /// removes what no path can name) when the test ends.
    final class Scratch {
        let path: String
        let descriptor: Int32
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("directorywalk-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            descriptor = open(path, O_RDONLY | O_DIRECTORY)
        }
        deinit {
            close(descriptor)
            let remover = Process()
            remover.executableURL = URL(fileURLWithPath: "/bin/rm")
            remover.arguments = ["-rf", path]
            try? remover.run()
            remover.waitUntilExit()
        }
    }

    /// `bytes` plus a NUL, as a C name.
    static func cName(_ bytes: [UInt8]) -> [CChar] { bytes.map { CChar(bitPattern: $0) } + [0] }

    /// Makes the directory `name` in `parent` and returns it open.
    static func makeDirectory(_ name: [UInt8], in parent: Int32) throws -> Int32 {
        try #require(mkdirat(parent, cName(name), 0o755) == 0)
        let directory = openat(parent, cName(name), O_RDONLY | O_DIRECTORY)
        try #require(directory >= 0)
        return directory
    }

    /// Writes `text` to a new file `name` in `parent`.
    static func writeFile(_ text: String, _ name: [UInt8], in parent: Int32) throws {
        let file = openat(parent, cName(name), O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(file >= 0)
        defer { close(file) }
        let count = text.utf8.count
        try #require(text.withCString { write(file, $0, count) } == count)
    }

    @Test("names that are not UTF-8 are walked, shown escaped, and two that differ only there never show the same")
    func byteNames() throws {
        let scratch = try Scratch()
        try Self.writeFile("ff", Array("a".utf8) + [0xFF], in: scratch.descriptor)
        try Self.writeFile("fe", Array("a".utf8) + [0xFE], in: scratch.descriptor)
        // A name that spells the escape with a real backslash.
        try Self.writeFile("text", Array(#"a\xFF"#.utf8), in: scratch.descriptor)
        let directory = try Self.makeDirectory([0xC3, 0x28, UInt8(ascii: "d")], in: scratch.descriptor)
        try Self.writeFile("below", Array("é.txt".utf8), in: directory)
        close(directory)

        let entries = Array(DirectoryWalk(root: scratch.path))
        #expect(entries.map(\.relativePath) == [#"a\\xFF"#, #"a\xFE"#, #"a\xFF"#, #"\xC3(d"#, #"\xC3(d/é.txt"#])
        #expect(Set(entries.map(\.relativePath)).count == entries.count)
        #expect(entries.allSatisfy { $0.problem == nil })
        let contents = try entries.filter { $0.kind != .directory }.map { entry in
            String(decoding: try RegularFile.read(in: entry.parent, named: entry.nameBytes, limit: 100), as: UTF8.self)
        }
        #expect(contents == ["text", "fe", "ff", "below"])
        #expect(NameBytes.bytes(fromDisplay: #"\xC3(d/é.txt"#) == [0xC3, 0x28, UInt8(ascii: "d"), UInt8(ascii: "/")] + Array("é.txt".utf8))
        #expect(NameBytes.bytes(fromDisplay: #"a\\xFF"#) == Array(#"a\xFF"#.utf8))
    }

    @Test("a file below a path over PATH_MAX is examined and read")
    func deepPath() throws {
        let scratch = try Scratch()
        var directory = scratch.descriptor
        let level = [UInt8](repeating: UInt8(ascii: "d"), count: 250)
        for _ in 0..<20 {
            let next = try Self.makeDirectory(level, in: directory)
            if directory != scratch.descriptor { close(directory) }
            directory = next
        }
        try Self.writeFile("https://deep.example/", Array("deep.txt".utf8), in: directory)
        close(directory)

        let entries = Array(DirectoryWalk(root: scratch.path))
        #expect(entries.count == 21)
        #expect(entries.allSatisfy { $0.problem == nil })
        let file = try #require(entries.last)
        #expect(file.relativePath.utf8.count > Int(PATH_MAX))
        #expect(file.kind == .regular(size: 21))
        #expect(try RegularFile.read(in: file.parent, named: file.nameBytes, limit: 100) == Data("https://deep.example/".utf8))
    }

    @Test("a directory 256 levels down is listed with a problem, not entered; shallower ones are entered")
    func depthCap() throws {
        let scratch = try Scratch()
        var directory = scratch.descriptor
        for _ in 0..<258 {
            let next = try Self.makeDirectory(Array("d".utf8), in: directory)
            if directory != scratch.descriptor { close(directory) }
            directory = next
        }
        close(directory)

        let entries = Array(DirectoryWalk(root: scratch.path))
        #expect(entries.count == DirectoryWalk.defaultMaximumDepth)
        #expect(entries.dropLast().allSatisfy { $0.problem == nil })
        #expect(entries.last?.problem == "nested over 256 levels: not entered")
        #expect(Array(DirectoryWalk(root: scratch.path, maximumDepth: 3)).map(\.problem) == [nil, nil, "nested over 3 levels: not entered"])
    }

    @Test("a symbolic link is reported as one, its target read by readlinkat, never followed")
    func symbolicLink() throws {
        let scratch = try Scratch()
        let outside = try Scratch()
        try Self.writeFile("secret", Array("passwd".utf8), in: outside.descriptor)
        try #require(symlinkat(outside.path, scratch.descriptor, "link") == 0)
        try #require(symlinkat(outside.path + "/passwd", scratch.descriptor, "file-link") == 0)

        let entries = Array(DirectoryWalk(root: scratch.path))
        #expect(entries.map(\.relativePath) == ["file-link", "link"])
        #expect(entries.allSatisfy { $0.kind == .symbolicLink })
        #expect(entries.last?.parent.linkTarget(of: entries.last!.nameBytes) == Array(outside.path.utf8))
        #expect(throws: FileReadError.self) { try RegularFile.read(in: entries[0].parent, named: entries[0].nameBytes, limit: 100) }
        #expect(throws: FileReadError.self) { try entries[1].parent.directory(named: entries[1].nameBytes) }
    }

    @Test("a FIFO is listed as another kind and refused at once if opened, without blocking")
    func fifo() throws {
        let scratch = try Scratch()
        try #require(mkfifoat(scratch.descriptor, "pipe", 0o600) == 0)
        let entries = Array(DirectoryWalk(root: scratch.path))
        #expect(entries.map(\.relativePath) == ["pipe"])
        #expect(entries.first?.kind == .other)
        #expect(throws: FileReadError.notRegular(kind: "a FIFO")) {
            try RegularFile.stream(in: entries[0].parent, named: entries[0].nameBytes, limit: 100) { _ in true }
        }
    }

    @Test("a directory that cannot be listed is reported, its siblings still walked")
    func unlistable() throws {
        // root reads any directory: the check is meaningless there.
        guard geteuid() != 0 else { return }
        let scratch = try Scratch()
        let closed = try Self.makeDirectory(Array("closed".utf8), in: scratch.descriptor)
        close(closed)
        try Self.writeFile("x", Array("open.txt".utf8), in: scratch.descriptor)
        try #require(chmod(scratch.path + "/closed", 0) == 0)
        defer { chmod(scratch.path + "/closed", 0o755) }
        let entries = Array(DirectoryWalk(root: scratch.path))
        #expect(entries.map(\.relativePath) == ["closed", "open.txt"])
        #expect(entries.first?.problem == "a directory that cannot be listed (Permission denied): its files not read")
    }
}
