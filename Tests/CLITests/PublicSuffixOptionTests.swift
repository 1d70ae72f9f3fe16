import Foundation
import Testing

/// `--public-suffix-list`: the list that decides which wildcards are too broad is the snapshot
/// compiled in unless one is given, whatever list the machine has installed.
@Suite("cert --public-suffix-list")
struct PublicSuffixOptionTests {
    static let arguments = ["cert", Fixtures.cert("leaf-wildcard-co-uk.pem"), "--host", "apple.co.uk",
                            "--ca-file", Fixtures.cert("root.pem"), "--no-system-roots", "--at", Fixtures.evaluationTime]

    @Test("*.co.uk is refused with the snapshot, and accepted under a list without co.uk")
    func givenList() throws {
        let byDefault = try ProcessRunner.atscheck(Self.arguments)
        #expect(byDefault.status == 1, "\(byDefault.stdout)\(byDefault.stderr)")
        #expect(byDefault.stdout.contains("cert-hostname-mismatch"))
        #expect(byDefault.stdout.contains("*.co.uk"))

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("psl-option-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = directory.appendingPathComponent("list.dat")
        try Data("// ===BEGIN ICANN DOMAINS===\nuk\n// ===END ICANN DOMAINS===\n".utf8).write(to: list)
        let given = try ProcessRunner.atscheck(Self.arguments + ["--public-suffix-list", list.path])
        #expect(given.status == 0, "\(given.stdout)\(given.stderr)")
        #expect(!given.stdout.contains("cert-hostname-mismatch"))
    }
}
