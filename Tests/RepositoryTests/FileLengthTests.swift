import AtscheckTestSupport
import Foundation
import Testing

/// Small files with one job: no source file longer than 400 lines. The folders that
/// `Scripts/embed-resources.py` writes (data compiled in as Swift) are not written by hand and
/// are left out.
@Suite("Repository: source files stay under 400 lines")
struct FileLengthTests {
    static let maximumLines = 400
    /// Folders of generated sources, anywhere under Sources/.
    static let generatedFolders = ["EmbeddedSnapshots", "EmbeddedCertificates"]

    static func isGenerated(_ file: String) -> Bool {
        file.split(separator: "/").contains { generatedFolders.contains(String($0)) }
    }

    static func lineCount(_ text: String) -> Int {
        guard !text.isEmpty else { return 0 }
        return text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
    }

    @Test("no hand-written Swift file under Sources is longer than 400 lines")
    func sourcesAreShort() throws {
        var tooLong: [String] = []
        for file in try RepositoryFiles.regularFiles(under: ["Sources"]) where file.hasSuffix(".swift") && !Self.isGenerated(file) {
            let text = try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent(file), encoding: .utf8)
            let lines = Self.lineCount(text)
            if lines > Self.maximumLines { tooLong.append("\(file): \(lines) lines") }
        }
        #expect(tooLong == [])
    }

    @Test("the generated folders exist, so leaving them out still means something")
    func generatedFoldersExist() throws {
        let files = try RepositoryFiles.regularFiles(under: ["Sources"])
        for folder in Self.generatedFolders {
            #expect(files.contains { $0.contains("/\(folder)/") }, "\(folder)")
        }
    }

    @Test("line counting: every line, a last one without its newline too", arguments: [("", 0), ("a", 1), ("a\n", 1), ("a\nb\n", 2), ("a\n\n", 2)])
    func counting(text: String, lines: Int) {
        #expect(Self.lineCount(text) == lines)
    }
}
