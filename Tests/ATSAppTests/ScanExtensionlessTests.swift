import ATSApp
import Foundation
import Testing

// A file without an extension is an executable only by its content: Mach-O or ELF magic, or a
// NUL byte in its first 4 KiB. Text without an extension (LICENSE, Gemfile, gradlew) is read as
// text in a bundle and not searched in a project.

@Suite("atscheck app: files without an extension")
struct ScanExtensionlessTests {
    static let url = "http://inside.atscheck.test/x"

    /// The places `url` was found at when `bytes` is the file `name` of a project (or, with
    /// `bundle`, of an .app).
    static func places(_ bytes: Data, name: String = "tool", bundle: Bool = false) throws -> [String] {
        let root = try DirectoryInputTests.scratch(bundle ? "Tool.app" : "ToolProject")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        try bytes.write(to: root.appendingPathComponent(name))
        let inventory = try AppInventory.collect(try AppFiles(path: root.path))
        return inventory.urls.first { $0.url == url }?.places.map(\.description) ?? []
    }

    static func bytes(_ prefix: [UInt8], padding: Int = 0, _ filler: UInt8 = 0x20) -> Data {
        Data(prefix + [UInt8](repeating: filler, count: padding) + Array("\n\(url)\n".utf8))
    }

    @Test("Mach-O (thin, both byte orders), universal and ELF magic: scanned as executables, by offset")
    func executables() throws {
        for magic: [UInt8] in [[0xCF, 0xFA, 0xED, 0xFE], [0xFE, 0xED, 0xFA, 0xCE], [0xCA, 0xFE, 0xBA, 0xBE], [0x7F, 0x45, 0x4C, 0x46]] {
            #expect(try Self.places(Self.bytes(magic, padding: 10)) == ["tool@0xf"], "magic \(magic)")
        }
    }

    @Test("a NUL byte in the first 4 KiB makes a binary; one past it does not")
    func nulBytes() throws {
        #expect(try Self.places(Self.bytes(Array("#!/bin/sh".utf8) + [0], padding: 100)) == ["tool@0x6f"])
        let late = Self.bytes(Array("#!/bin/sh\n".utf8), padding: 5000, 0x61) + Data([0])
        #expect(try Self.places(late).isEmpty, "text in a project: build tooling, not searched")
        #expect(try Self.places(late, bundle: true) == ["Tool.app/tool:3"], "text in a bundle: read as text, with lines")
    }

    @Test("text without an extension: not searched in a project, read as text (no bare host names) in a bundle")
    func text() throws {
        let gemfile = Data("source 'https://rubygems.org'\ngem 'x' # \(Self.url)\napi.atscheck.org\n".utf8)
        #expect(try Self.places(gemfile, name: "Gemfile").isEmpty)
        #expect(try Self.places(gemfile, name: "Gemfile", bundle: true) == ["Tool.app/Gemfile:2"])
        // UTF-16 with a byte-order mark is text even though it is full of NULs.
        let utf16 = Data([0xFF, 0xFE] + Array("a \(Self.url)\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        #expect(try Self.places(utf16, bundle: true) == ["Tool.app/tool:1"])
        #expect(try Self.places(Data(), bundle: true).isEmpty, "an empty file is nothing")
    }
}
