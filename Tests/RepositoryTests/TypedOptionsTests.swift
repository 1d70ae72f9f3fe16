import AtscheckTestSupport
import Foundation
import Testing

/// The CLI reads its options through their typed declarations (`arguments[option]`), so a
/// misspelt option does not compile; a lookup by string would trap at run time instead.
@Suite("Repository: the CLI reads options by declaration, not by string")
struct TypedOptionsTests {
    /// Lookups by name that the typed subscripts replace.
    static let stringLookups = ["arguments.value(", "arguments.values(", "arguments.flag(", "arguments.positional(",
                                "arguments.occurrences("]

    @Test("no file in Sources/AtscheckCLI looks an option or positional up by name")
    func noStringKeyedLookups() throws {
        let files = try RepositoryFiles.regularFiles(under: ["Sources/AtscheckCLI"]).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20, "the walk found only \(files.count) files")
        var offenders: [String] = []
        for file in files {
            let text = try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent(file), encoding: .utf8)
            for lookup in Self.stringLookups where text.contains(lookup) { offenders.append("\(file): \(lookup)") }
        }
        #expect(offenders == [])
    }
}
