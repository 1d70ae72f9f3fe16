import AtscheckTestSupport
import Foundation
import Testing

// docs/libraries.md shows Examples/LibraryClient, which .ci/run builds and runs:
// the code a reader copies is the code that compiles.

@Suite("docs/libraries.md library example")
struct LibraryExampleTests {
    static let example = RepositoryLayout.packageRoot.appendingPathComponent("Examples/LibraryClient")

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent(relative), encoding: .utf8)
    }

    @Test("each example program appears verbatim in docs/libraries.md", arguments: ["CheckOne", "GuardedProxy"])
    func verbatim(program: String) throws {
        let source = try Self.text("Examples/LibraryClient/Sources/\(program)/main.swift")
        let readme = try Self.text("docs/libraries.md")
        #expect(readme.contains("```swift\n" + source + "```"), "docs/libraries.md does not show Examples/LibraryClient/Sources/\(program)/main.swift as it is")
    }

    /// Each DocC article and the example programs whose code it shows, in order.
    static let articles: [(article: String, programs: [String])] = [
        ("VerdictForAURL", ["CheckOne", "AwaitVerdict"]),
        ("PinVerificationInACustomProxy", ["VerifyPins", "GuardedProxy"]),
        ("LintingAPlist", ["LintOne"]),
    ]

    @Test("each DocC article shows its example programs verbatim, and no Swift code that is not an example program",
          arguments: articles.map(\.article))
    func articleCode(article: String) throws {
        let text = try Self.text("Sources/ATSCheck/ATSCheck.docc/\(article).md")
        let programs = try #require(Self.articles.first { $0.article == article }?.programs)
        let sources = try programs.map { try Self.text("Examples/LibraryClient/Sources/\($0)/main.swift") }
        let blocks = text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```").first ?? "" }
        #expect(blocks == sources, "Sources/ATSCheck/ATSCheck.docc/\(article).md must show \(programs.joined(separator: ", ")) as they are, and no other Swift block")
        let catalog = try Self.text("Sources/ATSCheck/ATSCheck.docc/ATSCheck.md")
        #expect(catalog.contains("<doc:\(article)>"), "ATSCheck.md does not list the article \(article)")
    }

    @Test("every example program is built by the example package")
    func programsDeclared() throws {
        let manifest = try Self.text("Examples/LibraryClient/Package.swift")
        let programs = Set(Self.articles.flatMap(\.programs) + ["CheckOne", "GuardedProxy"])
        for program in programs {
            #expect(manifest.contains(".executableTarget(name: \"\(program)\""), "Examples/LibraryClient/Package.swift does not build \(program)")
        }
    }

    @Test("docs/libraries.md's Package.swift lines name products the example depends on and the package declares")
    func products() throws {
        let readme = try Self.text("docs/libraries.md")
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
