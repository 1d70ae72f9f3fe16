import ATSPolicySources
import ATSPolicy
import Foundation
import Testing

// Xcode's Info.plist preprocessing, on the shapes real projects use: ownCloud's ios-app guards its
// NSAllowsArbitraryLoads with a tab-indented `#ifndef DISABLE_PLAIN_HTTP` and passes
// `$(APP_BUILD_FLAGS)` (empty unless a build defines it) as INFOPLIST_PREPROCESSOR_DEFINITIONS.

@Suite("Info.plist preprocessing")
struct InfoPlistPreprocessorTests {
    /// A plist shaped like ownCloud's: the ATS dictionary only when plain HTTP is not disabled.
    static let guarded = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
        \t<key>CFBundlePackageType</key>
        \t<string>APPL</string>
        \t#ifndef DISABLE_PLAIN_HTTP
        \t<key>NSAppTransportSecurity</key>
        \t<dict>
        \t\t<key>NSAllowsArbitraryLoads</key>
        \t\t<true/>
        \t</dict>
        \t#endif
        </dict>
        </plist>
        """

    static func policy(_ definitions: [String], _ text: String = guarded) throws -> (PlistDocument, [String]) {
        let output = try InfoPlistPreprocessor.preprocess(Data(text.utf8), definitions: definitions)
        return (try PlistReader.read(output.bytes), output.branches)
    }

    @Test("#ifndef kept when the name is not defined: the ATS dictionary is there, and the branch is named with its line")
    func ifndefKept() throws {
        let (document, branches) = try Self.policy([])
        let ats = try #require(document.root.value.entry("NSAppTransportSecurity"))
        #expect(ats.node.value.entry("NSAllowsArbitraryLoads")?.node.value == .bool(true))
        #expect(branches == ["line 6: #ifndef DISABLE_PLAIN_HTTP: kept (DISABLE_PLAIN_HTTP is not defined)"])
        #expect(ats.keyLocation?.line == 7, "directive lines stay as empty lines, so lint lines are the source file's")
    }

    @Test("#ifndef dropped when the build defines the name")
    func ifndefDropped() throws {
        let (document, branches) = try Self.policy(["DISABLE_PLAIN_HTTP"])
        #expect(document.root.value.entry("NSAppTransportSecurity") == nil)
        #expect(branches == ["line 6: #ifndef DISABLE_PLAIN_HTTP: dropped (DISABLE_PLAIN_HTTP is defined)"])
    }

    @Test("#if expressions: defined(), values, &&, ||, !, comparisons, #elif and #else, nesting")
    func expressions() throws {
        let text = """
            <plist><dict>
            #if defined(STAGING) && LEVEL >= 2
            <key>A</key><string>staging</string>
            #elif !defined(STAGING) || (LEVEL == 0x1)
            <key>A</key><string>other</string>
            #  if PROD
            <key>B</key><true/>
            #  else
            <key>B</key><false/>
            #  endif
            #else
            <key>A</key><string>never</string>
            #endif
            </dict></plist>
            """
        func values(_ definitions: [String]) throws -> [String: PlistValue] {
            let (document, _) = try Self.policy(definitions, text)
            guard case .dictionary(let entries) = document.root.value else { return [:] }
            return Dictionary(entries.map { ($0.key, $0.node.value) }, uniquingKeysWith: { first, _ in first })
        }
        #expect(try values(["STAGING", "LEVEL=3"]) == ["A": .string("staging")])
        #expect(try values(["STAGING", "LEVEL=1", "PROD=1"]) == ["A": .string("other"), "B": .bool(true)])
        #expect(try values([]) == ["A": .string("other"), "B": .bool(false)], "an undefined name is 0")
    }

    @Test("object-like macros replace whole names in the text, from definitions and #define, not inside other words or numbers")
    func substitution() throws {
        let text = """
            #define HOST api.atscheck.test
            <plist><dict><key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict>
            <key>HOST</key><dict><key>NSIncludesSubdomains</key><VALUE/></dict>
            <key>HOSTNAME</key><dict/><key>2HOST</key><dict/>
            </dict></dict></dict></plist>
            """
        let output = try InfoPlistPreprocessor.preprocess(Data(text.utf8), definitions: ["VALUE=true"])
        let result = String(decoding: output.bytes, as: UTF8.self)
        #expect(result.contains("<key>api.atscheck.test</key>") && result.contains("<true/>"))
        #expect(result.contains("<key>HOSTNAME</key>") && result.contains("<key>2HOST</key>"))
    }

    @Test("what is not evaluated fails, so the policy is reported unknown", arguments: [
        ("#include \"Prefix.h\"\n<plist/>", "#include is not evaluated"),
        ("#define FLAG(x) x\n<plist/>", "function-like macro FLAG"),
        ("#if A\n<plist/>", "not closed"),
        ("#endif\n<plist/>", "#endif without #if"),
        ("#if A +\n#endif\n<plist/>", "ends early"),
        ("#if 1 / 0\n#endif\n<plist/>", "division by zero"),
        ("#if \"x\"\n#endif\n<plist/>", "not understood"),
    ])
    func failures(_ text: String, _ message: String) {
        #expect(throws: InfoPlistPreprocessor.Failure.self) { try InfoPlistPreprocessor.preprocess(Data(text.utf8), definitions: []) }
        do {
            _ = try InfoPlistPreprocessor.preprocess(Data(text.utf8), definitions: [])
        } catch {
            #expect(error.description.contains(message), "\(error.description)")
        }
    }

    @Test("a self-referencing macro is expanded once, as the C preprocessor does; a cycle terminates")
    func recursion() throws {
        let output = try InfoPlistPreprocessor.preprocess(Data("<string>A B</string>".utf8), definitions: ["A=A+1", "B=C", "C=B"])
        #expect(String(decoding: output.bytes, as: UTF8.self) == "<string>A+1 B</string>")
    }

    @Test("directives are recognised only at the start of a line, after blanks; text with # elsewhere is untouched")
    func detection() {
        #expect(InfoPlistPreprocessor.hasDirectives(Data(Self.guarded.utf8)))
        #expect(!InfoPlistPreprocessor.hasDirectives(Data("<string>#ifdef is text here</string>\n<string>#iffy</string>".utf8)))
    }

    @Test("a name an #if reads as 0 because nothing defines it is named in the branch, as clang's -Wundef would; defined ones are not")
    func undefinedNamesAreNamed() throws {
        let text = """
            <plist><dict>
            #if STAGING || LEVEL > 1
            <key>A</key><true/>
            #elif defined(BETA) && !PROD
            <key>B</key><true/>
            #endif
            </dict></plist>
            """
        let none = try InfoPlistPreprocessor.preprocess(Data(text.utf8), definitions: [])
        #expect(none.branches == ["line 2: #if STAGING || LEVEL > 1: dropped (STAGING, LEVEL are not defined: 0)",
                                  "line 4: #elif defined(BETA) && !PROD: dropped (PROD is not defined: 0)"],
                "defined(BETA) reads no value, so BETA is not named")
        let some = try InfoPlistPreprocessor.preprocess(Data(text.utf8), definitions: ["LEVEL=2"])
        #expect(some.branches == ["line 2: #if STAGING || LEVEL > 1: kept (STAGING is not defined: 0)", "line 4: #elif defined(BETA) && !PROD: dropped"],
                "an #elif after a kept group is not evaluated")
        let beta = try InfoPlistPreprocessor.preprocess(Data(text.utf8), definitions: ["BETA", "LEVEL=MINIMUM", "MINIMUM=0"])
        #expect(beta.branches == ["line 2: #if STAGING || LEVEL > 1: dropped (STAGING is not defined: 0)",
                                  "line 4: #elif defined(BETA) && !PROD: kept (PROD is not defined: 0)"])
    }

    @Test("PolicySources.read with definitions preprocesses an Info.plist with #if lines and says how; without, it reads the file as it is")
    func policySourceRead() throws {
        let data = Data(Self.guarded.utf8)
        let asIs = try PolicySources.read(data, path: "App/Info.plist")
        #expect(asIs.preprocessing == nil && asIs.origin == nil)
        guard case .failure = asIs.document else { Issue.record("a plist with #ifndef lines is not a property list as it is"); return }

        let defined = try PolicySources.read(data, path: "App/Info.plist", definitions: ["DISABLE_PLAIN_HTTP"])
        let document = try defined.document.get()
        #expect(document.root.value.entry("NSAppTransportSecurity") == nil)
        #expect(defined.preprocessingFailure == nil)
        #expect(defined.origin == "Info.plist preprocessed with --define DISABLE_PLAIN_HTTP: line 6: #ifndef DISABLE_PLAIN_HTTP: dropped (DISABLE_PLAIN_HTTP is defined)")

        let empty = try PolicySources.read(data, path: "App/Info.plist", definitions: [])
        #expect(try empty.document.get().root.value.entry("NSAppTransportSecurity") != nil)
        #expect(empty.origin?.hasPrefix("Info.plist preprocessed with no definitions (no --define): line 6:") == true)

        let included = try PolicySources.read(Data(("#include \"Shared.h\"\n" + Self.guarded).utf8), path: "App/Info.plist", definitions: [])
        #expect(included.preprocessingFailure?.description == "line 1: #include is not evaluated by atscheck")
        guard case .failure(let error) = included.document else { Issue.record("an #include makes the policy unreadable"); return }
        #expect(error.message.hasPrefix("the Info.plist is preprocessed and atscheck cannot follow it"))

        // A plain plist is untouched by definitions: no preprocessing is recorded.
        let plain = try PolicySources.read(Data("<plist><dict><key>A</key><string>#ifdef in text</string></dict></plist>".utf8), path: "Info.plist", definitions: ["A"])
        #expect(plain.preprocessing == nil)
        #expect(try plain.document.get().root.value.entry("A")?.node.value == .string("#ifdef in text"))
    }
}
