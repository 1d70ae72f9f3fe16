import ATSApp
import ATSCheck
import ATSCertificates
import ATSLint
import ATSPolicySources
import Foundation
import Testing

// An Xcode project atscheck cannot read (issue 43): a binary property list, or a text file
// padded past 32 MiB. Its target's real INFOPLIST_FILE (Config/App-Info.plist, which turns ATS
// off) and a decoy App/Info.plist (no ATS keys) sit around it. Which one ships cannot be told:
// every policy around it is unknown, and lint says so for the project file while still
// checking what each plist holds.
@Suite("an Xcode project that cannot be read")
struct UnreadableProjectTests {
    static let realPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundlePackageType</key><string>APPL</string>
        <key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict></dict></plist>
        """
    static let decoyPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundlePackageType</key><string>APPL</string><key>CFBundleExecutable</key><string>App</string></dict></plist>
        """

    /// The project's objects: one app target whose INFOPLIST_FILE is Config/App-Info.plist.
    static var objects: [String: Any] { [
        "P0": ["isa": "PBXProject", "mainGroup": "G0", "targets": ["T0"], "buildConfigurationList": "PL"],
        "G0": ["isa": "PBXGroup", "children": [String](), "sourceTree": "<group>"],
        "PL": ["isa": "XCConfigurationList", "buildConfigurations": ["PR"]],
        "PR": ["isa": "XCBuildConfiguration", "buildSettings": [String: String](), "name": "Release"],
        "T0": ["isa": "PBXNativeTarget", "name": "App", "productType": "com.apple.product-type.application", "buildConfigurationList": "TL",
               "buildPhases": [String]()],
        "TL": ["isa": "XCConfigurationList", "buildConfigurations": ["TR"]],
        "TR": ["isa": "XCBuildConfiguration", "buildSettings": ["INFOPLIST_FILE": "Config/App-Info.plist"], "name": "Release"],
    ] }

    static func tree(pbxproj: Data, realPath: String = "Config/App-Info.plist") throws -> ProjectTree {
        let tree = try ProjectTree([realPath: realPlist, "App/Info.plist": decoyPlist,
                                    "App/Net.swift": "let task = URLSession.shared.dataTask(with: URL(string: \"http://api.atscheck.test/v1\")!)\n",
                                    "App.xcodeproj/project.pbxproj": ""])
        try pbxproj.write(to: tree.root.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        return tree
    }

    static func binaryProject() throws -> Data {
        let document: [String: Any] = ["archiveVersion": "1", "objectVersion": "56", "objects": objects, "rootObject": "P0"]
        return try PropertyListSerialization.data(fromPropertyList: document, format: .binary, options: 0)
    }

    @Test("a binary project.pbxproj: both plists' policies unknown (never the decoy's defaults), the load unknown; lint errs on the project and still checks the real plist")
    func binary() throws {
        let bytes = try Self.binaryProject()
        #expect(bytes.starts(with: Array("bplist".utf8)))
        try Self.check(try Self.tree(pbxproj: bytes), why: "project.pbxproj is a binary property list; Xcode writes project files as text")
    }

    @Test("the real plist named like no Info.plist (Config/App.plist, ATS keys only): still found, unknown in app and linted")
    func realPlistOfAnyName() throws {
        let atsOnly = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict></dict></plist>
            """
        let tree = try ProjectTree(["Config/App.plist": atsOnly, "App/Info.plist": Self.decoyPlist, "Config/Other.plist": "<plist><dict/></plist>",
                                    "App/Net.swift": "let task = URLSession.shared.dataTask(with: URL(string: \"http://api.atscheck.test/v1\")!)\n",
                                    "App.xcodeproj/project.pbxproj": ""])
        try Self.binaryProject().write(to: tree.root.appendingPathComponent("App.xcodeproj/project.pbxproj"))
        try Self.check(tree, why: "project.pbxproj is a binary property list; Xcode writes project files as text", real: "Config/App.plist")
    }

    @Test("a text project.pbxproj padded past 32 MiB with one comment: the same, saying it is too large")
    func oversized() throws {
        let text = Data(("// !$*UTF8*$!\n/* " + String(repeating: "x", count: 33 << 20) + " */\n{ archiveVersion = 1; objects = {}; rootObject = P0; }\n").utf8)
        try Self.check(try Self.tree(pbxproj: text), why: "project.pbxproj is larger than 32 MiB")
    }

    @Test("an XcodeGen project.yml that is not YAML (and no .xcodeproj generated from it): the same, naming the spec")
    func unreadableXcodeGenSpec() throws {
        let tree = try ProjectTree(["Config/App-Info.plist": Self.realPlist, "App/Info.plist": Self.decoyPlist,
                                    "App/Net.swift": "let task = URLSession.shared.dataTask(with: URL(string: \"http://api.atscheck.test/v1\")!)\n",
                                    "project.yml": """
                                        name: App
                                        targets:
                                          App:
                                            type: application
                                            platform: iOS
                                            settings: {INFOPLIST_FILE: Config/App-Info.plist
                                        """])
        try Self.check(tree, why: "project.yml could not be read: ", project: "project.yml", file: "project.yml", kind: "XcodeGen spec")
    }

    static func check(_ tree: ProjectTree, why: String, project projectPath: String = "App.xcodeproj",
                      file projectFile: String = "App.xcodeproj/project.pbxproj", kind: String = "Xcode project",
                      real: String = "Config/App-Info.plist") throws {
        let files = try AppFiles(path: tree.path)
        let audit = AppAuditor.audit(try AppInventory.collect(files), files: files, checker: ATSChecker(environment: .offline()),
                                     options: AppAuditOptions(time: AppFixtures.evaluationTime, offline: true))
        let policies = Dictionary(uniqueKeysWithValues: audit.bundles.map { ($0.bundle.policyFile, $0.bundle.document) })
        #expect(Set(policies.keys) == ["App/Info.plist", real], "\(policies.keys)")
        for (file, document) in policies {
            guard case .failure(let error) = document else {
                Issue.record("\(file): judged with a policy although the project that picks it cannot be read")
                continue
            }
            #expect(error.message.hasPrefix("\(projectPath), which decides which Info.plist ships, cannot be read (\(why)"), "\(error.message)")
        }
        let loads = audit.bundles.flatMap(\.endpoints).filter { $0.url == "http://api.atscheck.test/v1" }
        #expect(!loads.isEmpty && loads.allSatisfy { $0.verdict?.status != .allowed && $0.verdict?.status != .blocked }, "\(loads.map(\.verdict?.status))")
        #expect(audit.attribution.problems.contains { $0.hasPrefix("\(projectPath): not read: \(why)") && $0.hasSuffix("; the policies of the Info.plists around it are unknown") },
                "\(audit.attribution.problems)")

        let inventory = try AppInventory.collect(files, policiesOnly: true)
        let reports = PolicySources.lint(inventory, files: files, linter: Linter(), input: tree.path)
        let project = try #require(reports.first { $0.path.hasSuffix("/" + projectFile) })
        #expect(project.findings.map(\.severity) == [.error])
        #expect(project.findings.first?.message.contains("the \(kind) cannot be read (\(why)") == true, "\(project.findings.map(\.message))")
        let realReport = try #require(reports.first { $0.path.hasSuffix(real) }, "\(reports.map(\.path))")
        #expect(realReport.findings.map(\.rule).contains("arbitrary-loads"), "\(realReport.findings.map(\.rule))")
    }
}
