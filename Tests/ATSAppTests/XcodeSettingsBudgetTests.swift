import ATSApp
import Foundation
import Testing

// Hostile build settings (issue 43): includes that copy their settings at every level, an
// `$(inherited)` that doubles on every line, references whose names are long strings, and
// many targets laying out one large xcconfig. Each ends in a budget that makes the targets'
// Info.plist unresolved (their policy unknown, with the reason), never a hang or a default.
@Suite("Xcode projects: settings budgets")
struct XcodeSettingsBudgetTests {
    typealias Fixtures = XcodeProjectFixtures

    /// `count` app targets whose Release configuration is based on `a.xcconfig` and sets
    /// INFOPLIST_FILE through `$(K)`.
    static func targets(_ count: Int) -> (objects: String, ids: [String]) {
        let ids = (0..<count).map { "T\($0)" }
        let objects = ids.map { id in
            """
                    \(id) = {isa = PBXNativeTarget; buildConfigurationList = \(id)L; buildPhases = (); name = App\(id); productType = "com.apple.product-type.application"; };
                    \(id)L = {isa = XCConfigurationList; buildConfigurations = (\(id)R, ); };
                    \(id)R = {isa = XCBuildConfiguration; baseConfigurationReference = X1; buildSettings = {INFOPLIST_FILE = "$(K)App/Info.plist";}; name = Release; };
            """
        }.joined(separator: "\n") + "\n        X1 = {isa = PBXFileReference; path = a.xcconfig; sourceTree = \"<group>\"; };"
        return (objects, ids)
    }

    static func read(targets count: Int, xcconfigs: [String: String]) throws -> XcodeProject {
        let (objects, ids) = targets(count)
        return try XcodeProjectTests.read(objects: objects, targets: ids, mainChildren: ["X1"], more: xcconfigs)
    }

    @Test("an include repeated at every level (300 x 300 x 300 settings): cut at 1,000,000 inlined, the target's Info.plist unresolved with why")
    func includeFanOut() throws {
        let project = try Self.read(targets: 1, xcconfigs: [
            "a.xcconfig": "K =\n" + String(repeating: "#include \"b.xcconfig\"\n", count: 300),
            "b.xcconfig": String(repeating: "#include \"c.xcconfig\"\n", count: 300),
            "c.xcconfig": (0..<300).map { "S\($0) = v\($0)\n" }.joined(),
        ])
        let target = try XcodeProjectTests.target(project, "AppT0")
        #expect(target.infoPlistFile == nil)
        #expect(target.unresolvedReasons["INFOPLIST_FILE"] == "the project's xcconfig files inline more than 1000000 settings through their includes")
        #expect(project.problems.contains("the project's xcconfig files inline more than 1000000 settings through their includes; the settings read after that are unknown"))
    }

    @Test("K = $(inherited)$(inherited) on 34 lines: stops past 64 KiB, unresolved with why")
    func inheritedDoubling() throws {
        let project = try Self.read(targets: 1, xcconfigs: ["a.xcconfig": "K = x\n" + String(repeating: "K = $(inherited)$(inherited)\n", count: 34)])
        let target = try XcodeProjectTests.target(project, "AppT0")
        #expect(target.infoPlistFile == nil)
        #expect(target.unresolvedReasons["INFOPLIST_FILE"] == "K is longer than 65536 bytes")
    }

    @Test("$(Q_$(A)) with A a 60 KB string: a name longer than any set is unset without hashing it; 2,000 of them in 5 targets run out the 64 MiB of expanded names, said")
    func longReferenceNames() throws {
        func xcconfig(_ count: Int, in key: String) -> String {
            "K =\nA = " + String(repeating: "z", count: 60_000) + "\n" + (0..<count).map { "R\($0) = $(Q_$(A))\n" }.joined()
                + "\(key) = " + (0..<count).map { "$(R\($0))" }.joined() + "\n"
        }
        // A path must not name an unset variable: the first Q_zzz… makes it unresolved, named short.
        let path = try Self.read(targets: 1, xcconfigs: ["a.xcconfig": xcconfig(300, in: "K")])
        let shown = "$(Q_" + String(repeating: "z", count: 62) + "…) is not set"
        #expect(try XcodeProjectTests.target(path, "AppT0").unresolvedReasons["INFOPLIST_FILE"] == shown)
        // A list setting expands unset names to nothing: 2,000 names of 60 KB per target are
        // charged, and the second target's settings are past the budget.
        let many = try Self.read(targets: 5, xcconfigs: ["a.xcconfig": xcconfig(2_000, in: "GCC_PREPROCESSOR_DEFINITIONS")])
        let reason = "the project's settings expand to more than 67108864 bytes in all"
        #expect(try XcodeProjectTests.target(many, "AppT0").infoPlistFile == "App/Info.plist")
        #expect(try XcodeProjectTests.target(many, "AppT1").unresolvedReasons["INFOPLIST_FILE"] == reason)
        #expect(try XcodeProjectTests.target(many, "AppT4").infoPlistFile == nil)
        #expect(many.problems.contains(reason + "; the settings read after that are unknown"))
    }

    @Test("300 targets sharing an xcconfig of 40,000 settings: the xcconfig is grouped once and every target resolves")
    func manyTargetsLargeXCConfig() throws {
        let settings = "K =\n" + (0..<40_000).map { "W\($0) = $(W\(max(0, $0 - 1)))w\n" }.joined()
        let project = try Self.read(targets: 300, xcconfigs: ["a.xcconfig": settings])
        #expect(try XcodeProjectTests.target(project, "AppT0").infoPlistFile == "App/Info.plist")
        #expect(try XcodeProjectTests.target(project, "AppT299").infoPlistFile == "App/Info.plist")
        #expect(project.problems.isEmpty, "\(project.problems)")
    }
}
