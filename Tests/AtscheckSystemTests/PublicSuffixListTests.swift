import AtscheckSystem
import Foundation
import Testing

/// The Public Suffix List through libpsl: the snapshot compiled in, the list's rule kinds, and
/// the lists a user may give that are not lists at all.
@Suite("Public Suffix List over libpsl")
struct PublicSuffixListTests {
    /// A list of our own with every rule kind the real one has, in its two sections.
    static let sample = """
    // ===BEGIN ICANN DOMAINS===
    uk
    co.uk
    ck
    *.ck
    !www.ck
    公司.cn
    cn
    // ===END ICANN DOMAINS===
    // ===BEGIN PRIVATE DOMAINS===
    github.io
    // ===END PRIVATE DOMAINS===
    """

    @Test("normal, wildcard, exception and internationalised rules, and the two sections")
    func ruleKinds() throws {
        let list = try #require(PublicSuffixList(text: Self.sample))
        #expect(list.isPublicSuffix("co.uk") && list.isPublicSuffix("CO.UK.") && !list.isPublicSuffix("example.co.uk"))
        #expect(list.isPublicSuffix("anything.ck"), "*.ck makes every name under ck a suffix")
        #expect(!list.isPublicSuffix("www.ck"), "!www.ck is the exception")
        #expect(list.isPublicSuffix("公司.cn") && list.isPublicSuffix("xn--55qx5d.cn"), "a UTF-8 rule answers for its A-label too")
        #expect(list.isPublicSuffix("github.io") && !list.isPublicSuffix("github.io", icannOnly: true))
        #expect(list.isPublicSuffix("unlisted"), "the \"*\" default rule: every single label is a suffix")
        #expect(!list.lists("unlisted") && list.lists("uk") && !list.lists("github.io", icannOnly: true))
    }

    @Test("the snapshot (libpsl's DAFSA form) answers as the list's text does, for every rule kind")
    func snapshotMatchesText() throws {
        // One rule of each kind from the real list, with names above, beside and below them.
        let names = ["com", "co.uk", "example.co.uk", "github.io", "me.github.io", "ck", "anything.ck", "www.ck",
                     "公司.cn", "xn--55qx5d.cn", "kawasaki.jp", "city.kawasaki.jp", "x.kawasaki.jp", "api", "org", "onion",
                     "claudeusercontent.com", "example"]
        let text = try #require(PublicSuffixList(text: Self.realListExcerpt))
        for name in names {
            for icannOnly in [false, true] {
                #expect(PublicSuffixList.snapshot.isPublicSuffix(name, icannOnly: icannOnly) == text.isPublicSuffix(name, icannOnly: icannOnly),
                        "\(name) icannOnly: \(icannOnly)")
                #expect(PublicSuffixList.snapshot.lists(name, icannOnly: icannOnly) == text.lists(name, icannOnly: icannOnly),
                        "lists \(name) icannOnly: \(icannOnly)")
            }
        }
        #expect(PublicSuffixList.snapshot.count == 10_248)
    }

    /// The rules of the real list (publicsuffix/list e8c9a2b2b285) that the names above meet.
    static let realListExcerpt = """
    // ===BEGIN ICANN DOMAINS===
    com
    uk
    co.uk
    *.ck
    !www.ck
    cn
    公司.cn
    jp
    *.kawasaki.jp
    !city.kawasaki.jp
    org
    onion
    // ===END ICANN DOMAINS===
    // ===BEGIN PRIVATE DOMAINS===
    github.io
    claudeusercontent.com
    // ===END PRIVATE DOMAINS===
    """

    @Test("the snapshot compiled in: a suffix added in August 2026 is known whatever list the machine has")
    func snapshot() {
        // publicsuffix/list commit e8c9a2b2b285 (2026-08-19) added claudeusercontent.com to the
        // PRIVATE section; Debian 12's publicsuffix package (2023-02-09) does not have it.
        let list = PublicSuffixList.snapshot
        #expect(list.isPublicSuffix("claudeusercontent.com"))
        #expect(!list.isPublicSuffix("claudeusercontent.com", icannOnly: true))
        #expect(list.isPublicSuffix("co.uk", icannOnly: true) && list.isPublicSuffix("github.io"))
        #expect(PublicSuffixList.snapshotSource == "publicsuffix/list e8c9a2b2b285 (2026-08-19)")
    }

    @Test("what is not a list is refused: nothing, comments only, binary bytes, a directory, an oversized file")
    func refusals() throws {
        #expect(PublicSuffixList(text: "") == nil)
        #expect(PublicSuffixList(text: "// only a comment\n\n// ===BEGIN ICANN DOMAINS===\n") == nil)
        #expect(PublicSuffixList(bytes: [0x00, 0xFF, 0x0A, 0x00]) == nil)
        #expect(PublicSuffixList(text: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n") == nil,
                "a text file without the list's section marker is not a list of rules")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("psl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: (any Error).self) { try PublicSuffixList.load(atPath: directory.path) }
        let huge = directory.appendingPathComponent("huge.dat")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: Data()))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: UInt64(PublicSuffixList.sizeLimit + 1))
        try handle.close()
        #expect(throws: (any Error).self) { try PublicSuffixList.load(atPath: huge.path) }
        let good = directory.appendingPathComponent("list.dat")
        try Data(Self.sample.utf8).write(to: good)
        #expect(try PublicSuffixList.load(atPath: good.path).isPublicSuffix("co.uk"))
    }
}
