import AtscheckSystem
import Testing

@Suite("PathGlob: fnmatch(3) over path components, as .gitignore reads a pattern")
struct PathGlobTests {
    static func matches(_ pattern: String, _ path: String, directory: Bool = false) -> Bool {
        PathGlob(pattern)?.matches(path, isDirectory: directory) ?? false
    }

    @Test("a pattern without a slash matches a name at any depth")
    func names() {
        #expect(Self.matches("*.json", "a.json") && Self.matches("*.json", "x/y/a.json"))
        #expect(Self.matches("Tests", "ios/Tests", directory: true))
        #expect(!Self.matches("*.json", "a.jsonl"))
        #expect(Self.matches("?est[0-9]", "src/test7"))
    }

    @Test("a pattern with a slash is anchored at the root; * and ? never cross a slash")
    func anchored() {
        #expect(Self.matches("docs/api", "docs/api") && !Self.matches("docs/api", "x/docs/api"))
        #expect(Self.matches("/build", "build") && !Self.matches("/build", "ios/build"))
        #expect(Self.matches("src/*.js", "src/a.js") && !Self.matches("src/*.js", "src/lib/a.js"))
        #expect(!Self.matches("src?a.js", "src/a.js"))
    }

    @Test("** matches zero or more components; a trailing slash matches directories only")
    func doubleStar() {
        #expect(Self.matches("**/Tests", "Tests", directory: true) && Self.matches("**/Tests", "a/b/Tests", directory: true))
        #expect(Self.matches("android/**/res", "android/res") && Self.matches("android/**/res", "android/app/src/main/res"))
        #expect(Self.matches("docs/**", "docs/a/b.md") && Self.matches("docs/**", "docs", directory: true))
        #expect(Self.matches("build/", "build", directory: true) && !Self.matches("build/", "build"))
        // Many ** cost components × components, not a search over every split.
        let pattern = Array(repeating: "**/a", count: 40).joined(separator: "/") + "/b"
        let path = Array(repeating: "a", count: 60).joined(separator: "/") + "/c"
        #expect(!Self.matches(pattern, path))
    }

    @Test("mayMatchBelow: an anchored pattern reaches into the directories its leading components name")
    func below() throws {
        let glob = try #require(PathGlob("android/app/src/**/*.xml"))
        #expect(glob.mayMatchBelow("android") && glob.mayMatchBelow("android/app") && glob.mayMatchBelow("android/app/src/main"))
        #expect(!glob.mayMatchBelow("ios") && !glob.mayMatchBelow("android/lib"))
        #expect(try #require(PathGlob("*.js")).mayMatchBelow("node_modules") == false)
        #expect(try #require(PathGlob("**/x")).mayMatchBelow("node_modules") == false)
        #expect(try #require(PathGlob("a/b")).mayMatchBelow("a/b") == false, "the pattern names a/b itself, nothing below")
    }

    @Test("patterns that match nothing are refused")
    func empty() {
        #expect(PathGlob("") == nil && PathGlob("/") == nil && PathGlob("//") == nil)
    }
}
