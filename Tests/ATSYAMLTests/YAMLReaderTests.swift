import ATSYAML
import Testing

@Suite struct YAMLReaderTests {
    private func read(_ text: String, limits: YAMLReader.Limits = YAMLReader.Limits()) throws -> YAMLValue? {
        try YAMLReader.read(Array(text.utf8), limits: limits)
    }

    @Test func readsAPubspecShape() throws {
        let text = """
        name: app
        environment:
          sdk: ">=3.0.0 <4.0.0"
        dependencies:
          flutter:
            sdk: flutter
          http: ^1.2.0
          cupertino_http: ^2.0.0 # through NSURLSession
        dev_dependencies:
          flutter_test: { sdk: flutter }
        flutter:
          assets: [assets/, images/logo.png]
        """
        let root = try #require(try read(text))
        #expect(root["name"]?.text == "app")
        #expect(root["dependencies"]?.keys == ["flutter", "http", "cupertino_http"])
        #expect(root["dependencies"]?["flutter"]?["sdk"]?.text == "flutter")
        #expect(root["dev_dependencies"]?["flutter_test"]?["sdk"]?.text == "flutter")
        #expect(root["flutter"]?["assets"] == .sequence([.scalar("assets/"), .scalar("images/logo.png")]))
    }

    @Test func scalarsAreTextAndTagsAreIgnored() throws {
        let root = try #require(try read("a: true\nb: 1.0\nc: ~\nd: !!str 12\ne:\n"))
        #expect(root["a"]?.text == "true")
        #expect(root["b"]?.text == "1.0")
        #expect(root["c"]?.text == "~")
        #expect(root["d"]?.text == "12")
        #expect(root["e"]?.text == "")
    }

    @Test func emptyStreamHasNoDocumentAndOnlyTheFirstDocumentIsRead() throws {
        #expect(try read("") == nil)
        #expect(try read("# only a comment\n") == nil)
        #expect(try read("first: 1\n---\nsecond: 2\n")?.keys == ["first"])
    }

    @Test func aRepeatedKeyKeepsItsFirstValue() throws {
        #expect(try read("k: 1\nk: 2\n")?["k"]?.text == "1")
    }

    @Test func aRepeatedKeyIsAnErrorNamingBothLinesWhenAsked() throws {
        var limits = YAMLReader.Limits()
        limits.refusesDuplicateKeys = true
        #expect(throws: YAMLReadError.duplicateKey("k", firstLine: 1, line: 3)) { try read("k: 1\nj: 2\nk: 3\n", limits: limits) }
        #expect(throws: YAMLReadError.duplicateKey("reason", firstLine: 3, line: 4)) {
            try read("accepted:\n  - host: a\n    reason: x\n    reason: y\n", limits: limits)
        }
        #expect(throws: YAMLReadError.duplicateKey("a", firstLine: 1, line: 1)) { try read("{a: 1, a: 2}\n", limits: limits) }
        // The same key in two mappings is no repeat.
        #expect(try read("- k: 1\n- k: 2\n", limits: limits)?.elements.count == 2)
    }

    @Test func aliasesCopyTheirAnchoredNode() throws {
        let root = try #require(try read("base: &b {x: 1}\nother: *b\n"))
        #expect(root["other"] == root["base"])
    }

    @Test func malformedInputSaysWhere() {
        #expect {
            try read("a: [1, 2\nb: 3\n")
        } throws: { error in
            guard case .malformed(_, let line, _)? = error as? YAMLReadError else { return false }
            return line >= 1
        }
        #expect(throws: YAMLReadError.undefinedAlias("nowhere", line: 1)) { try read("a: *nowhere\n") }
        #expect(throws: YAMLReadError.nonScalarKey(line: 1)) { try read("? [a, b]\n: c\n") }
    }

    @Test func deepNestingIsRefused() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: YAMLReadError.tooDeep(limit: 64)) { try read(deep) }
        let blocks = (0..<200).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n") + " v\n"
        #expect(throws: YAMLReadError.tooDeep(limit: 64)) { try read(blocks) }
    }

    @Test func billionLaughsHitsTheNodeLimit() {
        var lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...9 {
            let previous = level == 1 ? "a" : "l\(level - 1)"
            lines.append("l\(level): &l\(level) [*\(previous), *\(previous), *\(previous), *\(previous), *\(previous), *\(previous), *\(previous), *\(previous), *\(previous), *\(previous)]")
        }
        #expect(throws: YAMLReadError.tooManyNodes(limit: 100_000)) { try read(lines.joined(separator: "\n")) }
    }

    @Test func nestedAliasesCannotBuildATreeDeeperThanTheLimit() {
        // Each anchor nests the one before one level deeper: 63 levels of brackets around an
        // alias to a 63-level node would be 126 levels.
        let deep = String(repeating: "[", count: 63) + "x" + String(repeating: "]", count: 63)
        let text = "a: &a \(deep)\nb: \(String(repeating: "[", count: 62))*a\(String(repeating: "]", count: 62))\n"
        #expect(throws: YAMLReadError.tooDeep(limit: 64)) { try read(text) }
    }

    @Test func tooManyAliasesAreRefused() {
        let text = "a: &a x\nb: [" + Array(repeating: "*a", count: 2_000).joined(separator: ", ") + "]\n"
        #expect(throws: YAMLReadError.tooManyAliases(limit: 1_000)) { try read(text) }
    }

    @Test func tenMegabytesIsRefusedBeforeParsing() {
        let big = [UInt8](repeating: UInt8(ascii: "a"), count: 10 << 20)
        #expect(throws: YAMLReadError.tooLarge(bytes: 10 << 20, limit: 1 << 20)) { try YAMLReader.read(big) }
    }

    @Test func aLargeFlatSequenceIsReadInLinearTime() throws {
        let text = "[" + Array(repeating: "1", count: 90_000).joined(separator: ",") + "]"
        guard case .sequence(let elements)? = try YAMLReader.read(Array(text.utf8)) else {
            Issue.record("not a sequence")
            return
        }
        #expect(elements.count == 90_000)
    }

    @Test func invalidBytesNeverCrash() throws {
        for bytes: [UInt8] in [[0xFF, 0xFE, 0x00], [0x00], [0xC3], [0x22, 0xF0, 0x9F], Array("key: \u{0}".utf8), [0xEF, 0xBB, 0xBF]] {
            _ = try? YAMLReader.read(bytes)
        }
    }
}
