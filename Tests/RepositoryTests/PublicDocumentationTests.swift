import AtscheckTestSupport
import Foundation
import Testing

/// Every public declaration carries a `///` doc comment (issue #26: "every public symbol
/// documented"), as swift-certificates documents every public symbol: a library client reads the
/// doc comment in its editor or in the DocC catalog, not the source. Declarations are found
/// line by line: a line that starts with `public` or `open` (after any attributes on it), other
/// than `public import` and `public extension`, needs a `///` or `*/` line above it, attribute-only
/// lines skipped. Enum cases are not checked (a `case` line cannot be told from a switch's here). Generated sources (`Embedded*` folders) declare nothing public by hand.
@Suite("Repository: every public declaration is documented")
struct PublicDocumentationTests {
    /// `file:line: declaration` for each public declaration without a doc comment in `text`.
    static func undocumented(in text: String, file: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        var missing: [String] = []
        for (index, line) in lines.enumerated() where isPublicDeclaration(line) {
            var above = index - 1
            // Attribute-only lines belong to the declaration; `@EncodesNil public var a` above is
            // a declaration of its own, whose comment does not document this one.
            while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@"), !isPublicDeclaration(lines[above]) { above -= 1 }
            let previous = above >= 0 ? lines[above].trimmingCharacters(in: .whitespaces) : ""
            if !previous.hasPrefix("///") && !previous.hasSuffix("*/") {
                missing.append("\(file):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return missing
    }

    /// Whether `line` opens a public or open declaration that needs its own doc comment.
    static func isPublicDeclaration(_ line: String) -> Bool {
        var words = line.split(separator: " ", omittingEmptySubsequences: true)[...]
        // Attributes on the same line: `@EncodesNil public var …`, `@inlinable public func …`.
        while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
        guard let first = words.first, first == "public" || first == "open" else { return false }
        let next = words.dropFirst().first
        return next != "import" && next != "extension"
    }

    @Test("the matcher finds what it should and nothing else")
    func matcher() {
        let text = """
        /// Documented.
        public struct A {}
        @inlinable
        public func b() {}
        /// Documented above an attribute.
        @discardableResult
        public func c() -> Int { 0 }
        public extension A {}
        public import Foundation
        @EncodesNil public var d: Int?
        /// Documented.
        @EncodesNil public var e: Int?
        @EncodesNil public var f: Int?
        /** Block comment. */
        open class G {}
        let publicValue = 1
        """
        #expect(Self.undocumented(in: text, file: "F") == ["F:4: public func b() {}", "F:10: @EncodesNil public var d: Int?", "F:13: @EncodesNil public var f: Int?"])
    }

    @Test("no public declaration in Sources lacks a doc comment")
    func everyPublicDeclarationDocumented() throws {
        let sources = RepositoryLayout.packageRoot.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var missing: [String] = []
        var checked = 0
        for case let url as URL in walker where url.pathExtension == "swift" {
            let relative = String(url.path.dropFirst(RepositoryLayout.packageRoot.path.count + 1))
            if relative.split(separator: "/").contains(where: { $0.hasPrefix("Embedded") }) { continue }
            missing += Self.undocumented(in: try String(contentsOf: url, encoding: .utf8), file: relative)
            checked += 1
        }
        #expect(checked > 300)
        #expect(missing.isEmpty, "\(missing.count) public declarations without a doc comment:\n\(missing.sorted().joined(separator: "\n"))")
    }
}
