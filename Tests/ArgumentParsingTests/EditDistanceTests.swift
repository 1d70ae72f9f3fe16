import Testing
@testable import ArgumentParsing

@Suite("Edit distance and suggestions")
struct EditDistanceTests {
    @Test("Levenshtein distance", arguments: [
        ("", "", 0), ("", "abc", 3), ("abc", "", 3), ("host", "host", 0), ("hots", "host", 2),
        ("kitten", "sitting", 3), ("format", "fromat", 2), ("ca-file", "cafile", 1), ("flaw", "lawn", 2),
    ])
    func distance(_ a: String, _ b: String, _ expected: Int) {
        #expect(EditDistance.distance(a, b) == expected)
        #expect(EditDistance.distance(b, a) == expected)
    }

    @Test("Suggestions", arguments: [
        ("hots", "host"), ("form", "format"), ("formatting", "format"), ("verbos", "verbose"),
    ] as [(String, String?)])
    func suggestion(_ typed: String, _ expected: String?) {
        #expect(EditDistance.suggestion(for: typed, among: ["host", "format", "verbose"]) == expected)
    }

    @Test("No suggestion for unrelated or too-short words", arguments: ["xyz", "", "ab", "q"])
    func noSuggestion(_ typed: String) {
        #expect(EditDistance.suggestion(for: typed, among: ["host", "format", "cd"]) == nil)
    }

    @Test("The closest candidate wins; ties go to the first declared")
    func closest() {
        #expect(EditDistance.suggestion(for: "hast", among: ["hasty", "host"]) == "hasty")
        #expect(EditDistance.suggestion(for: "hos", among: ["host", "hose"]) == "host")
    }
}
