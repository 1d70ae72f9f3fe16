import AtscheckTestSupport
import Foundation
import Testing

// The README's library section shows Examples/LibraryClient, which .ci/run builds and runs:
// the code a reader copies is the code that compiles.

@Suite("README library example")
struct LibraryExampleTests {
    static let example = RepositoryLayout.packageRoot.appendingPathComponent("Examples/LibraryClient")

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent(relative), encoding: .utf8)
    }

    @Test("each example program appears verbatim in the README", arguments: ["CheckOne", "GuardedProxy"])
    func verbatim(program: String) throws {
        let source = try Self.text("Examples/LibraryClient/Sources/\(program)/main.swift")
        let readme = try Self.text("README.md")
        #expect(readme.contains("```swift\n" + source + "```"), "README.md does not show Examples/LibraryClient/Sources/\(program)/main.swift as it is")
    }

    @Test("the README's Package.swift lines name products the example depends on and the package declares")
    func products() throws {
        let readme = try Self.text("README.md")
        let manifest = try Self.text("Package.swift")
        let example = try Self.text("Examples/LibraryClient/Package.swift")
        let section = try #require(readme.components(separatedBy: "## Using the libraries from another package").dropFirst().first)
        let named = section.components(separatedBy: ".product(name: \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        #expect(!named.isEmpty)
        for product in named {
            #expect(manifest.contains(".library(name: \"\(product)\""), "README names product \(product), which Package.swift does not declare")
            #expect(example.contains(".product(name: \"\(product)\""), "README names product \(product), which the example does not use")
        }
    }
}
